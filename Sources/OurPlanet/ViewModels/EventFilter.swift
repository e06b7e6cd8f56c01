import EONETKit
import Foundation

/// Which events of a category the events screen shows.
public struct EventFilter: Equatable, Sendable {
  /// The window: events of the last `days` days, counting back from the reference date.
  public var days: Int
  /// Keep titles containing this text (case- and diacritic-insensitive); empty keeps all.
  public var query: String

  /// A filter for `days` days and `query`.
  public init(days: Int, query: String = "") {
    self.days = days
    self.query = query
  }

  /// The earliest date inside the window ending at `reference`.
  public func cutoff(from reference: Date) -> Date {
    reference.addingTimeInterval(-Double(days) * 86_400)
  }

  /// The events inside the window whose title matches, newest first.
  ///
  /// An event's date is its closed date if closed, else its latest geometry date (`EOEvent.date`).
  public func apply(to events: [EOEvent], reference: Date) -> [EOEvent] {
    let cutoff = cutoff(from: reference)
    let needle = query.trimmingCharacters(in: .whitespaces)
    return events.filter { event in
      guard event.date >= cutoff else { return false }
      if needle.isEmpty { return true }
      return event.title.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
    .sorted(by: EventOrder.newestFirst)
  }
}
