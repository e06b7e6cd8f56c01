import EONETKit
import Foundation

/// Counting and listing each event once across the categories (an event in two categories is one
/// event), through the catalog's ``CatalogIndex``: the status line's count, the categories list's
/// All row, and the "All categories" list.
extension Catalog {
  /// The number of distinct events inside `scope` across all categories (an event in two
  /// categories counts once).
  package func eventCount(in scope: EventScope) -> Int {
    let index = self.index
    return index.count(index.passing(scope), windowSizes: windowSizes(scope.window))
  }

  /// Calls `body` for every category's events inside `scope`, with the
  /// category's position in ``items`` and whether this is the first category listing the event;
  /// returns the number of distinct events.
  @discardableResult
  package func forEachEvent(
    in scope: EventScope,
    _ body: (_ item: Int, _ event: EOEvent, _ isFirst: Bool) -> Void
  ) -> Int {
    let index = self.index
    let passing = index.passing(scope)
    let sizes = windowSizes(scope.window)
    let firsts = index.firstListings(passing, windowSizes: sizes)
    for (item, size) in zip(items.indices, sizes) {
      // Through the buffer, so the event is handed on without a copy of its fields.
      items[item].events.withUnsafeBufferPointer { events in
        for position in 0..<size where passing.contains(item: item, position: position) {
          body(item, events[position], index.isFirst(item: item, position: position, firsts: firsts))
        }
      }
    }
    return index.count(passing, windowSizes: sizes)
  }

  /// Every category's events inside `scope`, each event once (the first category
  /// listing it counts), youngest first by age against the catalog's ``windowEnd``, with those
  /// ages in seconds: the "All categories" list, in the UI and in `ourplanet events all`.
  package func mergedEvents(in scope: EventScope) -> (events: [EOEvent], ages: [Double]) {
    let listings = mergedListings(in: scope)
    return (listings.map { items[$0.item].events[$0.position] }, listings.map(\.age))
  }

  /// ``mergedEvents(in:)`` as where each event sits: its category and position there, and
  /// its age (so what the index worked out per category, such as folded titles, can be used).
  func mergedListings(in scope: EventScope) -> [(item: Int, position: Int, age: Double)] {
    // A category without a fetch time has no ages: it takes no part, not even as a first listing.
    let sizes = zip(items, windowSizes(scope.window)).map { $0.fetchedAt == nil ? 0 : $1 }
    // One time base: every age counts back from the catalog's now, so newest first means newest.
    let end = windowEnd ?? .distantPast
    let index = self.index
    let passing = index.passing(scope)
    let firsts = index.firstListings(passing, windowSizes: sizes)
    // Each window is already youngest first (newest first, ties by id), so the merged list is a
    // merge of those runs rather than a sort: the head of each category's window, skipping what
    // is outside the scope or listed earlier elsewhere, and the youngest head taken each time.
    var next = [Int](repeating: 0, count: items.count)
    // Each window's head: its age, or infinity once the window is used up.
    var headAge = [Double](repeating: .infinity, count: items.count)
    func advance(_ item: Int) {
      while next[item] < sizes[item],
        !passing.contains(item: item, position: next[item])
          || !index.isFirst(item: item, position: next[item], firsts: firsts)
      {
        next[item] += 1
      }
      headAge[item] =
        next[item] < sizes[item]
        ? end.timeIntervalSince(items[item].events[next[item]].date) : .infinity
    }
    for item in items.indices { advance(item) }
    var listings: [(item: Int, position: Int, age: Double)] = []
    listings.reserveCapacity(sizes.reduce(0, +))
    while true {
      var youngest = -1
      for item in headAge.indices where headAge[item] < .infinity {
        guard youngest >= 0 else {
          youngest = item
          continue
        }
        if headAge[item] < headAge[youngest]
          || (headAge[item] == headAge[youngest]
            && items[item].events[next[item]].id < items[youngest].events[next[youngest]].id)
        {
          youngest = item
        }
      }
      guard youngest >= 0 else { break }
      listings.append((youngest, next[youngest], headAge[youngest]))
      next[youngest] += 1
      advance(youngest)
    }
    return listings
  }

  /// How many of each category's events are inside the window ending at ``windowEnd`` (a prefix:
  /// events are newest first).
  private func windowSizes(_ window: EventWindow) -> [Int] {
    let end = windowEnd
    return items.map { $0.events(inLast: window.days, endingAt: end).count }
  }
}
