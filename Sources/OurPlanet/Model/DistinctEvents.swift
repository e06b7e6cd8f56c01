import EONETKit
import Foundation
import Support

/// Which of a catalog's events are the same event listed twice (in two categories, or twice in
/// one), for one scope's filters (all but its window): enough to count the distinct events of any days window with a binary
/// search per category, and to tell each listing whether it is its event's first, without hashing
/// an id per event.
///
/// Built once per set of event lists and filters (one pass, an id hashed per event); the status line
/// asks for the count on every frame and every slider step, the categories list on every rebuild.
struct DistinctEvents: Sendable {
  /// Per category, for a scope that filters: `inScope[k]` is how many of its first `k` events pass
  /// the filters (`nil` when nothing but the window filters: all of them do).
  private let inScope: [[Int32]?]
  /// The events listed more than once: each one's listings, as (category, position), in the order
  /// a walk over the categories and their events meets them.
  private let repeats: [[Listing]]
  /// Per category, its listings that belong to a repeated event: position → index into `repeats`.
  private let repeatAt: [[Int32: Int]]

  struct Listing: Sendable {
    var item: Int32
    var position: Int32
  }

  init(items: [CategoryItem], scope: EventScope) {
    let filters = scope.hasSameFilters(as: EventScope(days: 0)) ? nil : scope
    inScope = items.map { item in
      guard let filters else { return nil }
      var running: [Int32] = [0]
      running.reserveCapacity(item.events.count + 1)
      var count: Int32 = 0
      for event in item.events {
        if filters.containsIgnoringWindow(event) { count += 1 }
        running.append(count)
      }
      return running
    }
    var first: [String: Listing] = [:]
    first.reserveCapacity(items.reduce(0) { $0 + $1.events.count })
    var group: [String: Int] = [:]
    var repeats: [[Listing]] = []
    for (index, item) in items.enumerated() {
      item.events.withUnsafeBufferPointer { events in
        for position in events.indices where filters?.containsIgnoringWindow(events[position]) ?? true {
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

  /// How many of each category's events are inside its window (a prefix: events are newest first).
  static func windowSizes(of items: [CategoryItem], window: EventWindow) -> [Int] {
    items.map { $0.events(inLast: window.days).count }
  }

  /// The number of distinct events inside the windows (and the filters).
  func count(windowSizes: [Int]) -> Int {
    var total = 0
    for (index, size) in windowSizes.enumerated() {
      total += inScope[index].map { Int($0[size]) } ?? size
    }
    for listings in repeats {
      let inside = listings.reduce(0) { $0 + (Int($1.position) < windowSizes[Int($1.item)] ? 1 : 0) }
      if inside > 1 { total -= inside - 1 }
    }
    return total
  }

  /// For each repeated event, the listing that counts: its first inside the windows (`nil`: none).
  func firstListings(windowSizes: [Int]) -> [Listing?] {
    repeats.map { listings in listings.first { Int($0.position) < windowSizes[Int($0.item)] } }
  }

  /// Whether the event at `position` of category `item` passes the filters (always, without any).
  func contains(item: Int, position: Int) -> Bool {
    guard let running = inScope[item] else { return true }
    return running[position + 1] > running[position]
  }

  /// Whether the event at `position` of category `item` is its event's first listing.
  func isFirst(item: Int, position: Int, firsts: [Listing?]) -> Bool {
    guard let group = repeatAt[item][Int32(position)] else { return true }
    guard let first = firsts[group] else { return false }
    return Int(first.item) == item && Int(first.position) == position
  }
}

/// A catalog's last ``DistinctEvents`` and what it was built from. Reference-typed and shared by
/// copies of the catalog, so a refresh's catalogs that differ only in their states build it once.
final class DistinctEventsMemo: Sendable {
  private let last = LockedValue<(scope: EventScope, lists: [[EOEvent]], index: DistinctEvents)?>(nil)

  /// The index for `items` and `scope`'s filters, built if the last one was for other event lists
  /// or filters.
  func index(items: [CategoryItem], scope: EventScope) -> DistinctEvents {
    let lists = items.map(\.events)
    if let known = last.withLock({ last -> DistinctEvents? in
      guard let last, last.scope.hasSameFilters(as: scope), last.lists.isIdentical(to: lists) else {
        return nil
      }
      return last.index
    }) {
      return known
    }
    let index = DistinctEvents(items: items, scope: scope)
    last.withLock { $0 = (scope, lists, index) }
    return index
  }
}
