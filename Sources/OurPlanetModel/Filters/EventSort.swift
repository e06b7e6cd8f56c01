import EONETKit

/// The orders a list of events can take.
package enum EventSort: String, CaseIterable, Sendable {
  /// Newest first (the default).
  case date
  /// Largest first, comparing magnitudes within one unit (acres with acres, kts with kts); events
  /// without a magnitude last.
  case magnitude
  /// By title, A to Z.
  case title
  /// Nearest first to the `--near` point; events without a position last.
  case distance

  /// How the header names it.
  package var label: String {
    switch self {
    case .date: return "newest first"
    case .magnitude: return "largest first"
    case .title: return "by title"
    case .distance: return "nearest first"
    }
  }

  /// The next order for the sort key (`distance` only with a point to measure from).
  package func next(hasCentre: Bool) -> EventSort {
    let all = EventSort.allCases.filter { $0 != .distance || hasCentre }
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  /// The order a list really takes: nearest first without a point to measure from is newest first
  /// (what ``apply(to:centre:)`` does), so a header never names an order the list does not have.
  package func effective(centre: EOCoordinate?) -> EventSort {
    self == .distance && centre == nil ? .date : self
  }

  /// `events` (newest first) in this order; stable, so ties stay newest first.
  package func apply(to events: [EOEvent], centre: EOCoordinate?) -> [EOEvent] {
    switch self {
    case .date:
      return events
    case .title:
      return Self.stable(events.map { ($0, $0.title) }) {
        $0.localizedCaseInsensitiveCompare($1) == .orderedAscending
      }
    case .magnitude:
      let keyed = events.map { event -> (EOEvent, MagnitudeKey) in
        let magnitude = event.latestMagnitude
        return (event, MagnitudeKey(unit: magnitude.map { $0.unit ?? "" }, value: magnitude?.value ?? 0))
      }
      return Self.stable(keyed) { $0.precedes($1) }
    case .distance:
      guard let centre else { return events }
      let keyed = events.map { event -> (EOEvent, Double) in
        (
          event,
          event.latestGeometry?.center.map { Geodesy.distanceKilometres(from: centre, to: $0) } ?? .infinity
        )
      }
      return Self.stable(keyed) { $0 < $1 }
    }
  }

  /// Sorts by key, keeping the given order among equal keys.
  private static func stable<Key>(_ items: [(EOEvent, Key)], by less: (Key, Key) -> Bool) -> [EOEvent] {
    items.enumerated().sorted { lhs, rhs in
      if less(lhs.element.1, rhs.element.1) { return true }
      if less(rhs.element.1, lhs.element.1) { return false }
      return lhs.offset < rhs.offset
    }.map(\.element.0)
  }
}

/// Magnitudes ordered within one unit: units by name, larger values first, no magnitude last.
private struct MagnitudeKey {
  var unit: String?
  var value: Double

  func precedes(_ other: MagnitudeKey) -> Bool {
    switch (unit, other.unit) {
    case (nil, _): return false
    case (_, nil): return true
    case (let left?, let right?): return left != right ? left < right : value > other.value
    }
  }
}
