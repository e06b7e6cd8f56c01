import EONETKit
import OurPlanetModel
import RxCore

/// The UI's side of the config's `[[alert]]` rules and of `--bell`: how many events in view the
/// rules mark (for the status line), and the bell when a live refresh brings a match of a rule with
/// `bell = true` or, with `--bell`, a new or updated event in the days window and region.
///
/// The lists and the map ask ``AlertRules/marks(_:)`` per event shown; this keeps only what needs
/// a whole catalog: the count, and every event as the last load left it.
final class AlertTracker {
  /// The rules.
  let rules: AlertRules
  /// The events in the window and region that a rule marks, counted once each.
  private(set) var count = 0
  /// Every event when the last load ended, by id; `nil` until a load has ended.
  private var known: [String: EventFingerprint]?
  private let bellRules: AlertRules
  /// Whether anything new or updated in the window and region rings (`--bell`).
  private let ringsForNews: Bool
  private let bag = DisposeBag()

  /// Follows `context`'s catalog, days and region (nothing at all without rules or `--bell`).
  init(rules: AlertRules, ringsForNews: Bool = false, context: AppContext) {
    self.rules = rules
    self.ringsForNews = ringsForNews
    bellRules = AlertRules(rules.rules.filter(\.bell))
    if !rules.isEmpty {
      Observable.combineLatest(context.catalog, context.scopes)
        .subscribe(onNext: { [unowned self, unowned context] catalog, scope in
          self.count = self.count(in: catalog, scope: scope)
          context.host.setNeedsRedraw()
        })
        .disposed(by: bag)
    }
    guard !bellRules.isEmpty || ringsForNews else { return }
    // A load with no categories (no cache on a first launch) sets nothing: the first that has
    // some only learns what there is.
    context.catalog
      .filter { !$0.isLoading && !$0.items.isEmpty }
      .subscribe(onNext: { [unowned self, unowned context] catalog in
        if self.loadEnded(catalog, scope: context.scope, seen: context.seen.state.value) {
          context.host.ringBell()
        }
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

  /// Takes every event at the end of a load.
  ///
  /// - Returns: Whether the load brought, since the last load ended, an event that was not there
  ///   or has changed and that rings: a bell rule's match, or with `--bell` one inside `scope`;
  ///   either new or updated by `seen`'s rule (``SeenState/change(of:)``).
  ///   Ring once. The first load (the stored data) only sets what is known. Everything is kept, not
  ///   only what rings, so a wider window or another region later does not count old events new.
  private func loadEnded(_ catalog: Catalog, scope: EventScope, seen: SeenState) -> Bool {
    var events: [String: EventFingerprint] = [:]
    var rings = false
    let windowEnd = catalog.windowEnd
    for item in catalog.items {
      for event in item.events {
        let fingerprint = EventFingerprint(event)
        events[event.id] = fingerprint
        // News by the one rule only: an event outside every window looked at (a past range, a
        // wider window) is history, whatever this tracker knew.
        guard !rings, let known, known[event.id] != fingerprint, seen.change(of: event) != nil else {
          continue
        }
        // The window counts back from the catalog's now, as the rows do.
        let inView =
          ringsForNews
          && (windowEnd.map { scope.contains(event, reference: $0) } ?? scope.containsIgnoringWindow(event))
        rings = inView || bellRules.marks(event)
      }
    }
    known = events
    return rings
  }
}
