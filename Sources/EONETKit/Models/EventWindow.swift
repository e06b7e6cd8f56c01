import Foundation

/// The one definition of "the last N days": an event is inside when its ``EOEvent/date`` (its
/// closing date if closed, else its latest observation's) is at most `days` × 24 hours before the
/// reference, the data's own fetch time.
///
/// A window with an ``end`` is a past range, "N days ending at …" (`--from`/`--to`): the reference is
/// that end, whatever the fetch time, and an event is inside when its span (first observation to
/// ``EOEvent/date``) overlaps the range: it also began before the end.
///
/// The request's `days` parameter, the cache read, the rows' counts, the events lists, the status
/// total and the script commands all cut with this type, so they cannot disagree at an edge.
///
/// ```swift
/// let window = EventWindow(days: 30)
/// let recent = window.prefix(of: newestFirst, reference: fetched.fetchedAt)
/// ```
package struct EventWindow: Equatable, Hashable, Sendable {
  /// The length of a day, in seconds: the window counts whole 24-hour days back from its reference.
  package static let secondsPerDay: Double = 86_400
  /// The windows a person may ask for, in days: a day to a hundred years (every reader of a number of
  /// days checks it against this).
  package static let dayRange = 1...36_500

  /// The window's length in days (a negative length is an empty window of 0 days).
  package var days: Int
  /// The window's fixed end (exclusive), for a past range; `nil`: the data's fetch time.
  package var end: Date?

  /// A window of `days` days, ending at the data's fetch time, or at `end`.
  package init(days: Int, end: Date? = nil) {
    self.days = days
    self.end = end
  }

  /// The window of whole UTC days `first` to `last` inclusive (`--from`/`--to`), or `nil` when
  /// `last` is before `first`.
  ///
  /// - Parameters:
  ///   - first: Any moment of the first day.
  ///   - last: Any moment of the last day.
  package init?(from first: Date, through last: Date) {
    let start = Self.startOfDay(first)
    let end = Self.startOfDay(last).addingTimeInterval(Self.secondsPerDay)
    guard end > start else { return nil }
    self.init(days: Int(((end.timeIntervalSince(start)) / Self.secondsPerDay).rounded()), end: end)
  }

  /// The window a command line asks for: `first` through `last` as whole UTC days (`--from`,
  /// `--to`, `last` by default `today`); `last` alone, the `days` days ending with that day; else the
  /// last `days` days. A range that ends before it starts is the last `days` days (the caller
  /// reports it).
  package init(days: Int, from first: Date?, through last: Date?, today: Date) {
    if let first {
      self = EventWindow(from: first, through: last ?? today) ?? EventWindow(days: days)
    } else if let last {
      self.init(days: days, end: Self.endOfDay(last))
    } else {
      self.init(days: days)
    }
  }

  /// The end (exclusive) of `date`'s UTC day: the start of the next.
  package static func endOfDay(_ date: Date) -> Date {
    startOfDay(date).addingTimeInterval(secondsPerDay)
  }

  /// The window moved `steps` times its own length through time (negative: back), keeping its
  /// length: a past range, or the last days up to now once it would reach past today.
  ///
  /// - Parameter now: The clock's time; today ends at the end of its UTC day.
  package func moved(by steps: Int, now: Date) -> EventWindow {
    let endOfToday = Self.endOfDay(now)
    let moved = (end ?? endOfToday).addingTimeInterval(Double(steps) * seconds)
    return EventWindow(days: days, end: moved >= endOfToday ? nil : moved)
  }

  /// The UTC day `text` writes as `YYYY-MM-DD`, as the start of that day.
  ///
  /// - Throws: ``DayTextError/notADate`` for text of another shape, ``DayTextError/notOnTheCalendar``
  ///   for a day that does not exist (2025-02-30).
  package static func day(parsing text: String) throws(DayTextError) -> Date {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { throw .notADate }
    let components = DateComponents(year: year, month: month, day: day)
    // The calendar rolls 2025-02-30 over to March: a day that does not exist comes back different.
    guard let date = Calendar.utc.date(from: components),
      Calendar.utc.dateComponents([.year, .month, .day], from: date) == components
    else { throw .notOnTheCalendar }
    return date
  }

  /// `date`'s UTC day, `YYYY-MM-DD`, as the requests, the messages and ``day(parsing:)`` write it.
  package static func dayText(_ date: Date) -> String {
    let components = Calendar.utc.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0, components.day ?? 0)
  }

  /// Why text is not a day.
  package enum DayTextError: Error, Equatable, Sendable {
    /// Not `YYYY-MM-DD`.
    case notADate
    /// `YYYY-MM-DD`, but no such day (2025-02-30).
    case notOnTheCalendar
  }

  /// The start of `date`'s UTC day.
  package static func startOfDay(_ date: Date) -> Date {
    Date(timeIntervalSince1970: (date.timeIntervalSince1970 / secondsPerDay).rounded(.down) * secondsPerDay)
  }

  /// A moment of a past range's last UTC day (a second before its ``end``); `nil` without an end.
  package var lastDay: Date? { end?.addingTimeInterval(-1) }

  /// The reference the window counts back from: its ``end``, else `fetchTime`.
  package func reference(fetchedAt fetchTime: Date) -> Date { end ?? fetchTime }

  /// The window's length in seconds.
  package var seconds: Double { Double(max(0, days)) * Self.secondsPerDay }

  /// The `days` parameter of a request for the window's events.
  package var requestDays: Int { max(0, days) }

  /// Whether an event this many seconds older than the reference is inside: the rule itself, which
  /// every other test of the window reduces to.
  package func contains(age: Double) -> Bool { age <= seconds }

  /// Whether `date` falls inside the window ending at `reference`.
  package func contains(date: Date, reference: Date) -> Bool {
    contains(age: reference.timeIntervalSince(date))
  }

  /// Whether `event` falls inside the window ending at `reference` (at ``end`` when it has one, and
  /// then only if the event began before it).
  package func contains(_ event: EOEvent, reference: Date) -> Bool {
    guard let end else { return contains(date: event.date, reference: reference) }
    return contains(date: event.date, reference: end) && event.firstDate < end
  }

  /// The earliest date inside the window ending at `reference` (what a reader may skip before).
  package func start(before reference: Date) -> Date {
    reference.addingTimeInterval(-seconds)
  }

  /// How many of `newestFirst`'s first elements are inside: the window is a prefix of a list sorted
  /// newest first, found by binary search rather than a filter.
  ///
  /// - Parameters:
  ///   - count: The list's length.
  ///   - age: The age (seconds before the reference) of the element at a position.
  /// - Returns: The length of the prefix inside the window.
  package func prefixLength(count: Int, age: (Int) -> Double) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if contains(age: age(middle)) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The events inside the window ending at `reference`, from events sorted newest first.
  package func prefix(of newestFirst: [EOEvent], reference: Date) -> ArraySlice<EOEvent> {
    newestFirst[
      ..<prefixLength(count: newestFirst.count) { reference.timeIntervalSince(newestFirst[$0].date) }]
  }
}

extension Calendar {
  /// The Gregorian calendar in UTC, EONET's days.
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
