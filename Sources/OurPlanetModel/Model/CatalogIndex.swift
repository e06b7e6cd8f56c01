import EONETKit
import Foundation
import Support

/// One catalog revision's events, worked out once: each category's folded titles, and which
/// listings are the same event (in two categories, or twice in one), from which the distinct events
/// of any days window and filters are counted with a binary search per category, and each listing
/// is told whether it is its event's first, without hashing an id per event.
///
/// Immutable and shared. The catalog view model makes a revision's index as it makes the revision,
/// off the UI thread; copies of the catalog, and later catalogs whose events are the same (a
/// refresh's catalogs that differ only in where the downloads stand), share it. A catalog whose
/// events changed gets a new one, which folds again only the titles of the categories that changed.
///
/// ```swift
/// let index = catalog.index
/// let passing = index.passing(scope)
/// let count = index.count(passing, windowSizes: sizes)
/// ```
final class CatalogIndex: Sendable {
  /// Each category's events revision, in the catalog's order: what this index describes.
  let revisions: [EventsRevision]
  /// Each category's events, newest first.
  let events: [[EOEvent]]
  /// Each category's event titles folded for searching, in its events' order.
  let foldedTitles: [[FoldedText]]
  /// The events listed more than once: each one's listings, in the order a walk over the
  /// categories and their events meets them.
  private let repeats: [[Listing]]
  /// Per category, its listings that belong to a repeated event: position → index into `repeats`.
  private let repeatAt: [[Int32: Int]]
  /// The filters asked for last, with which events pass them: the status line asks on every
  /// frame, with the same region each time. Keyed on the filters, a value; the events never change.
  private let lastFilters = LockedValue<(filters: EventScope, passing: Passing)?>(nil)

  /// Where an event is listed: its category's position in the catalog, and its position there.
  struct Listing: Sendable {
    var item: Int32
    var position: Int32
  }

  /// The index of `items`, taking the folded titles of each category whose events revision
  /// `previous` already describes.
  init(items: [CategoryItem], reusing previous: CatalogIndex? = nil) {
    revisions = items.map(\.revision)
    events = items.map(\.events)
    var known: [EventsRevision: [FoldedText]] = [:]
    if let previous {
      for (revision, titles) in zip(previous.revisions, previous.foldedTitles) { known[revision] = titles }
    }
    foldedTitles = items.map { item in known[item.revision] ?? item.events.map { FoldedText($0.title) } }
    var first: [String: Listing] = [:]
    first.reserveCapacity(items.reduce(0) { $0 + $1.events.count })
    var group: [String: Int] = [:]
    var repeats: [[Listing]] = []
    for (index, item) in items.enumerated() {
      item.events.withUnsafeBufferPointer { events in
        for position in events.indices {
          let id = events[position].id
          let listing = Listing(item: Int32(index), position: Int32(position))
          guard let earlier = first[id] else {
            first[id] = listing
            continue
          }
          if let known = group[id] {
            repeats[known].append(listing)
          } else {
            group[id] = repeats.count
            repeats.append([earlier, listing])
          }
        }
      }
    }
    var repeatAt = [[Int32: Int]](repeating: [:], count: items.count)
    for (index, listings) in repeats.enumerated() {
      for listing in listings { repeatAt[Int(listing.item)][listing.position] = index }
    }
    self.repeats = repeats
    self.repeatAt = repeatAt
  }

  /// Whether this index describes `items`' events (each category's revision, in order).
  func describes(_ items: [CategoryItem]) -> Bool {
    items.count == revisions.count && zip(items, revisions).allSatisfy { $0.revision == $1 }
  }

  /// Which events pass `scope`'s filters (all but its window).
  func passing(_ scope: EventScope) -> Passing {
    if scope.hasSameFilters(as: EventScope(days: 0)) { return Passing(running: nil) }
    if let known = lastFilters.withLock({
      $0.flatMap { $0.filters.hasSameFilters(as: scope) ? $0.passing : nil }
    }) {
      return known
    }
    let running = zip(events, foldedTitles).map { events, titles in
      var running: [Int32] = [0]
      running.reserveCapacity(events.count + 1)
      var count: Int32 = 0
      for position in events.indices {
        if scope.containsIgnoringWindow(events[position], title: titles[position]) { count += 1 }
        running.append(count)
      }
      return running
    }
    let passing = Passing(running: running)
    lastFilters.withLock { $0 = (scope, passing) }
    return passing
  }

  /// The number of distinct events inside the windows that pass the filters.
  ///
  /// - Parameters:
  ///   - passing: The events that pass the filters.
  ///   - windowSizes: How many of each category's events are inside its window (a prefix).
  func count(_ passing: Passing, windowSizes: [Int]) -> Int {
    var total = 0
    for (item, size) in windowSizes.enumerated() { total += passing.count(item: item, prefix: size) }
    for listings in repeats {
      var inside = 0
      for listing in listings where isInside(listing, passing, windowSizes) { inside += 1 }
      if inside > 1 { total -= inside - 1 }
    }
    return total
  }

  /// For each repeated event, the listing that counts: its first inside the windows that passes
  /// the filters (`nil`: none).
  func firstListings(_ passing: Passing, windowSizes: [Int]) -> [Listing?] {
    repeats.map { listings in listings.first { isInside($0, passing, windowSizes) } }
  }

  /// Whether the event at `position` of category `item` is its event's first listing.
  func isFirst(item: Int, position: Int, firsts: [Listing?]) -> Bool {
    guard let group = repeatAt[item][Int32(position)] else { return true }
    guard let first = firsts[group] else { return false }
    return Int(first.item) == item && Int(first.position) == position
  }

  private func isInside(_ listing: Listing, _ passing: Passing, _ windowSizes: [Int]) -> Bool {
    let item = Int(listing.item)
    let position = Int(listing.position)
    return position < windowSizes[item] && passing.contains(item: item, position: position)
  }

  /// Which of the index's events pass one scope's filters.
  struct Passing: Sendable {
    /// Per category, how many of its first `k` events pass, at `k` (`nil`: no filters, all pass).
    let running: [[Int32]]?

    /// Whether the event at `position` of category `item` passes.
    func contains(item: Int, position: Int) -> Bool {
      guard let running else { return true }
      return running[item][position + 1] > running[item][position]
    }

    /// How many of the first `prefix` events of category `item` pass.
    func count(item: Int, prefix: Int) -> Int {
      running.map { Int($0[item][prefix]) } ?? prefix
    }
  }
}

extension CatalogIndex {
  /// Where a catalog keeps its index: made on first use, then shared by copies of the catalog.
  /// A catalog whose items change takes a new slot, so a revision never answers with another's index.
  final class Slot: Sendable {
    /// Before the index is made: the slot of the revision before (weakly: once no catalog holds
    /// that revision, it is gone), and the index made last before it when this slot was made. The
    /// new index may be the one of the nearest earlier revision made since, or takes the folded
    /// titles of its unchanged categories. After: the index alone, so no revision keeps another's.
    private let state: LockedValue<State>

    private enum State {
      case waiting(earlier: Earlier, previous: CatalogIndex?)
      case made(CatalogIndex)
    }

    private struct Earlier {
      weak var slot: Slot?
    }

    /// A slot for a revision following the one `earlier` belongs to.
    init(after earlier: Slot?) {
      state = LockedValue(.waiting(earlier: Earlier(slot: earlier), previous: earlier?.latestIndex()))
    }

    /// Whether the index is made (tests check where that happens).
    var isMade: Bool {
      state.withLock { state in
        if case .made = state { return true }
        return false
      }
    }

    /// This slot's index if made, else the latest one made among the revisions before it.
    private func latestIndex() -> CatalogIndex? {
      var slot: Slot? = self
      var fallback: CatalogIndex?
      // Newest to oldest, one slot's lock at a time; only slots some catalog still holds are met.
      while let current = slot {
        let step = current.state.withLock {
          state -> (made: CatalogIndex?, earlier: Slot?, previous: CatalogIndex?) in
          switch state {
          case .made(let index): return (index, nil, nil)
          case .waiting(let earlier, let previous): return (nil, earlier.slot, previous)
          }
        }
        if let made = step.made { return made }
        fallback = fallback ?? step.previous
        slot = step.earlier
      }
      return fallback
    }

    /// The index of `items`, made now if not yet (the previous one when it describes them).
    func index(of items: [CategoryItem]) -> CatalogIndex {
      if case .made(let index)? = state.withLock({ state -> State? in state }) { return index }
      let previous = latestIndex()
      return state.withLock { state in
        if case .made(let index) = state { return index }
        let index =
          previous.flatMap { $0.describes(items) ? $0 : nil } ?? CatalogIndex(items: items, reusing: previous)
        state = .made(index)
        return index
      }
    }
  }
}
