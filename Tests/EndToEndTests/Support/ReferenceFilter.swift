import Foundation

/// Which fixture events a scope keeps, worked out straight from the data the test wrote.
///
/// The meaning of issue 28's filters, written apart from the app's `EventScope` (which it must not
/// share code with: a test comparing the app with it checks one reading against another). An event's
/// date is its closing date when closed, else its latest position's; its first date is its first
/// position's. Every filter left `nil` keeps everything.
///
/// ```swift
/// let api = try FixtureAPI.history(in: temporary.url)
/// let storms = ReferenceFilter(start: "2024-06-01", end: "2024-11-30", magnitudeUnit: "kts", minimumMagnitude: 64)
/// #expect(Set(idsTheAppPrinted) == storms.ids(in: api))
/// ```
struct ReferenceFilter: Sendable, CustomStringConvertible {
  /// Which events by their state.
  enum Status: String, Sendable {
    case open, closed, all
  }

  /// Only events whose date is at most this many days before `now`.
  var days: Double? = nil
  /// Only events whose span reaches this UTC day or later (`YYYY-MM-DD`).
  var start: String? = nil
  /// Only events whose span begins on this UTC day or earlier (`YYYY-MM-DD`).
  var end: String? = nil
  /// Only events of this state; the app's default shows both.
  var status: Status = .all
  /// Only events whose latest magnitude is in this unit (`acres`, `kts`: units, not EONET's ids).
  var magnitudeUnit: String? = nil
  /// Only events whose latest magnitude is at least this.
  var minimumMagnitude: Double? = nil
  /// Only events whose latest magnitude is at most this.
  var maximumMagnitude: Double? = nil
  /// Only events with at least one of these source ids (exact).
  var sources: Set<String>? = nil
  /// Only events in at least one of these category ids.
  var categories: Set<String>? = nil

  var description: String {
    let parts: [String?] = [
      days.map { "days \($0)" }, start.map { "start \($0)" }, end.map { "end \($0)" }, "status \(status)",
      magnitudeUnit.map { "unit \($0)" }, minimumMagnitude.map { "min \($0)" },
      maximumMagnitude.map { "max \($0)" }, sources.map { "sources \($0.sorted())" },
      categories.map { "categories \($0.sorted())" },
    ]
    return parts.compactMap { $0 }.joined(separator: ", ")
  }

  /// The ids of `api`'s events this filter keeps, each once; `days` counts back from `now`
  /// (the API's own `now` when not given).
  func ids(in api: FixtureAPI, now: Date? = nil) -> Set<String> {
    ids(in: api.events, datedFrom: api.now, now: now ?? api.now)
  }

  /// The ids of `events` (by category id, dated from `datedFrom` as ``FixtureAPI`` dates them) this
  /// filter keeps; `days` counts back from `now`.
  func ids(in events: [String: [FixtureAPI.Event]], datedFrom: Date, now: Date) -> Set<String> {
    var categoriesOfEvent: [String: Set<String>] = [:]
    var byID: [String: FixtureAPI.Event] = [:]
    for (category, list) in events {
      for event in list {
        categoriesOfEvent[event.id, default: []].insert(category)
        byID[event.id] = event
      }
    }
    return Set(
      byID.values.filter { event in
        keeps(event, in: categoriesOfEvent[event.id] ?? [], datedFrom: datedFrom, now: now)
      }.map(\.id))
  }

  private func keeps(_ event: FixtureAPI.Event, in filed: Set<String>, datedFrom: Date, now: Date) -> Bool {
    let positions = event.recordDates(now: datedFrom)
    let closed = event.closedDate(now: datedFrom)
    let date = closed ?? positions[positions.count - 1]
    let firstDate = positions[0]
    if let days, date < now.addingTimeInterval(-days * 86_400) { return false }
    if let start, date < Self.midnight(start) { return false }
    if let end, firstDate >= Self.midnight(end).addingTimeInterval(86_400) { return false }
    switch status {
    case .open where closed != nil, .closed where closed == nil: return false
    default: break
    }
    if magnitudeUnit != nil || minimumMagnitude != nil || maximumMagnitude != nil {
      // The latest position's magnitude decides; the earlier ones never count.
      guard let (value, unit) = event.magnitude else { return false }
      if let magnitudeUnit, unit != magnitudeUnit { return false }
      if let minimumMagnitude, value < minimumMagnitude { return false }
      if let maximumMagnitude, value > maximumMagnitude { return false }
    }
    if let sources, sources.isDisjoint(with: event.sources) { return false }
    if let categories, categories.isDisjoint(with: filed) { return false }
    return true
  }

  /// 00:00:00Z of a `YYYY-MM-DD` day; traps on anything else (a test's own constant).
  private static func midnight(_ day: String) -> Date {
    let fields = day.split(separator: "-").compactMap { Int($0) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard fields.count == 3,
      let date = calendar.date(from: DateComponents(year: fields[0], month: fields[1], day: fields[2]))
    else { preconditionFailure("not a YYYY-MM-DD day: \(day)") }
    return date
  }
}
