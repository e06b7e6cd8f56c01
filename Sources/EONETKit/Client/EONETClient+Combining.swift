import Foundation

/// How ``EONETClient`` merges a category's open and closed halves and cuts them to a window.
extension EONETClient {
  /// The events inside `window` (counted back from its end, else the data's fetch time); a past
  /// range keeps only events that began before its end.
  ///
  /// Newest first, the window is a prefix: when it holds them all (the usual case, the server was
  /// asked for those days), events already in order (``combine(_:knownUnique:)``'s) are handed on
  /// uncopied.
  static func filter(_ fetched: EOFetched<[EOEvent]>, in window: EventWindow) -> EOFetched<[EOEvent]> {
    fetched.map { events in
      let ordered = events.sortedNewestFirst()
      let inside = window.prefix(of: ordered, reference: window.reference(fetchedAt: fetched.fetchedAt))
      guard let end = window.end else { return inside.count == ordered.count ? ordered : Array(inside) }
      return inside.filter { $0.firstDate < end }
    }
  }

  /// Merges the open and closed halves, newest first. A closed copy wins over an open one: the event
  /// closed between the two requests.
  ///
  /// - Parameters:
  ///   - parts: The halves.
  ///   - knownUnique: Each half is known to hold an id once (archives are written so): one non-empty
  ///     half is then handed on without looking its ids up.
  static func combine(_ parts: [EOFetched<[EOEvent]>], knownUnique: Bool = false) -> EOFetched<[EOEvent]> {
    let nonEmpty = parts.filter { !$0.value.isEmpty }
    let events: [EOEvent]
    if nonEmpty.count == 1 {
      events = knownUnique ? nonEmpty[0].value : unique(nonEmpty[0].value)
    } else {
      events = merge(parts.map(\.value))
    }
    let sources = Set(parts.map(\.source))
    let source: EODataSource = sources.count == 1 ? sources.first! : .cache
    let skipped = parts.reduce(0) { $0 + $1.skippedEvents }
    let fetchedAt = parts.map(\.fetchedAt).min() ?? Date()
    return EOFetched(
      value: events.sortedNewestFirst(), source: source, fetchedAt: fetchedAt, skippedEvents: skipped)
  }

  /// `events` without repeated ids (the first kept): the array itself, uncopied, when none repeats.
  private static func unique(_ events: [EOEvent]) -> [EOEvent] {
    var seen = Set<String>(minimumCapacity: events.count)
    for (index, event) in events.enumerated() where !seen.insert(event.id).inserted {
      return merge([Array(events[..<index]), Array(events[index...])])
    }
    return events
  }

  /// The halves merged by id.
  private static func merge(_ parts: [[EOEvent]]) -> [EOEvent] {
    // Positions by id, not events: the table holds a string and an integer per event, and the
    // events are copied once, into the result.
    let total = parts.reduce(0) { $0 + $1.count }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(total)
    var merged: [EOEvent] = []
    merged.reserveCapacity(total)
    for part in parts {
      for event in part {
        if let position = positions[event.id] {
          if merged[position].closed == nil, event.closed != nil { merged[position] = event }
        } else {
          positions[event.id] = merged.count
          merged.append(event)
        }
      }
    }
    return merged
  }
}
