import EONETKit
import OurPlanetModel
import RxCore

/// The UI's side of the config's `[[alert]]` rules: how many events in view they mark (for the
/// status line), and the bell when a live refresh brings a match of a rule with `bell = true`, or,
/// with `--bell`, any new or changed event: one bell per refresh either way.
///
/// The lists and the map ask ``AlertRules/marks(_:)`` per event shown; this keeps only what needs
/// a whole catalog: the count, and the matches of the bell rules as the last load left them.
final class AlertTracker {
  /// The rules.
  let rules: AlertRules
  /// The events in the window and region that a rule marks, counted once each.
  private(set) var count = 0
  /// The bell rules' matches when the last load ended, by id; `nil` until a load has ended.
  private var ringing: [String: EventFingerprint]?
  private let bellRules: AlertRules
  /// `--bell`: every event counts as a bell rule's match.
  private let bellOnEveryChange: Bool
  private let bag = DisposeBag()

  /// Follows `context`'s catalog, days and region (nothing at all without rules or `--bell`).
  init(rules: AlertRules, bellOnEveryChange: Bool = false, context: AppContext) {
    self.rules = rules
    self.bellOnEveryChange = bellOnEveryChange
    bellRules = AlertRules(rules.rules.filter(\.bell))
    if !rules.isEmpty {
      let region = context.region.asObservable().observe(on: context.mainScheduler)
      Observable.combineLatest(context.catalog, context.days.asObservable().distinctUntilChanged(), region)
        .subscribe(onNext: { [unowned self, unowned context] catalog, days, region in
          self.count = self.count(in: catalog, scope: EventScope(days: days, region: region))
          context.host.setNeedsRedraw()
        })
        .disposed(by: bag)
    }
    guard !bellRules.isEmpty || bellOnEveryChange else { return }
    // A load with no categories (no cache on a first launch) sets nothing: the first that has
    // some only learns what matches.
    context.catalog
      .filter { !$0.isLoading && !$0.items.isEmpty }
      .subscribe(onNext: { [unowned self, unowned context] catalog in
        if self.loadEnded(catalog) { context.host.ringBell() }
      })
      .disposed(by: bag)
  }

  /// The events inside `scope` a rule marks.
  private func count(in catalog: Catalog, scope: EventScope) -> Int {
    var count = 0
    _ = catalog.forEachEvent(in: scope) { _, event, isFirst in
      if isFirst, rules.marks(event) { count += 1 }
    }
    return count
  }

  /// Takes the bell rules' matches at the end of a load.
  ///
  /// - Returns: Whether the load brought one that was not there, or has changed, since the last
  ///   load ended: ring once. The first load (the stored data) only sets what is known.
  private func loadEnded(_ catalog: Catalog) -> Bool {
    var matches: [String: EventFingerprint] = [:]
    for item in catalog.items {
      for event in item.events where bellOnEveryChange || bellRules.marks(event) {
        matches[event.id] = EventFingerprint(event)
      }
    }
    defer { ringing = matches }
    guard let known = ringing else { return false }
    return matches.contains { id, fingerprint in known[id] != fingerprint }
  }
}
