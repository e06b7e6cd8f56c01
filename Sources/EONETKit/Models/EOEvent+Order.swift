import Foundation

extension EOEvent {
  /// The order every list of events is kept in: newest ``date`` first, ties by id so it is total.
  package static func newestFirst(_ lhs: EOEvent, _ rhs: EOEvent) -> Bool {
    lhs.date == rhs.date ? lhs.id < rhs.id : lhs.date > rhs.date
  }
}

extension Array where Element == EOEvent {
  /// The events in ``EOEvent/newestFirst(_:_:)`` order.
  ///
  /// An array already in order (what a decoded cache or the catalog hands on) is returned as it is after
  /// one pass. Otherwise positions are sorted rather than the events themselves: an event is a large
  /// value, and moving it copies and releases a dozen references, which at 50,000 events cost more than
  /// the comparisons.
  package func sortedNewestFirst() -> [EOEvent] {
    var inOrder = true
    var index = 1
    while inOrder, index < count {
      inOrder = !EOEvent.newestFirst(self[index], self[index - 1])
      index += 1
    }
    if inOrder { return self }
    let dates = map(\.date)
    let positions = indices.sorted { lhs, rhs in
      dates[lhs] == dates[rhs] ? self[lhs].id < self[rhs].id : dates[lhs] > dates[rhs]
    }
    return positions.map { self[$0] }
  }
}
