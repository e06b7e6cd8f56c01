import Foundation

extension FixtureAPI {
  /// The history data set: events over 2024 (the Atlantic hurricane season among them) and recent ones,
  /// with something on each side of every filter's boundary.
  ///
  /// For the range 2024-06-01…2024-11-30: `EONET_H01` lies exactly on the first day (its latest position
  /// at 00:00:00Z) and `EONET_H03` begins on the last day (23:00Z, its latest a day later); `EONET_H02`
  /// is a day before (2024-05-31 12:00Z) and `EONET_H04` a day after (begins 2024-12-01 00:00:00Z).
  /// `EONET_H05`'s last position is in May but it closed on 2024-06-02. For `--days 30`: `EONET_R02` is
  /// 29.5 days old, `EONET_R03` 30.5. Magnitudes: `EONET_H09` exactly 64 kts and `EONET_F01` exactly
  /// 5,000 acres (the bounds tests use), `EONET_F02` 4,999.5 acres, `EONET_H07` 130 kts before its
  /// latest position and 40 kts at it, hectares on `EONET_F03`/`F06`, none on `EONET_H08`, `F04`, `W01`,
  /// `R05`. `EONET_H06` is both a storm and a flood.
  ///
  /// ```swift
  /// let api = try FixtureAPI.history(in: temporary.url)
  /// let season = ReferenceFilter(start: "2024-06-01", end: "2024-11-30").ids(in: api)
  /// ```
  static func history(in parent: URL, now: Date = Date()) throws -> FixtureAPI {
    try FixtureAPI(in: parent, events: historyEvents, now: now)
  }

  /// The history data set's events by category.
  static var historyEvents: [String: [Event]] {
    let season = Event(
      id: "EONET_H06", title: "Hurricane Milton-like, Gulf of Mexico", date: utc("2024-09-10T06:00:00Z"),
      magnitude: (140, "kts"), sources: ["NOAA_NHC", "GDACS"], records: 5, longitude: -90, latitude: 22)
    return [
      "severeStorms": [
        Event(
          id: "EONET_H01", title: "Tropical Storm Alberto-like", date: utc("2024-06-01T00:00:00Z"),
          magnitude: (45, "kts"), sources: ["NOAA_NHC"], records: 3, longitude: -95, latitude: 21),
        Event(
          id: "EONET_H02", title: "Tropical Depression One-E", date: utc("2024-05-31T12:00:00Z"),
          magnitude: (40, "kts"), sources: ["NOAA_NHC"], longitude: -100, latitude: 14),
        Event(
          id: "EONET_H03", title: "Late Storm, Caribbean", date: utc("2024-12-01T23:00:00Z"),
          magnitude: (120, "kts"), sources: ["NOAA_NHC", "GDACS"], records: 2, longitude: -75, latitude: 15),
        Event(
          id: "EONET_H04", title: "Typhoon December", date: utc("2024-12-01T00:00:00Z"),
          magnitude: (65, "kts"), sources: ["JTWC"], longitude: 130, latitude: 15),
        Event(
          id: "EONET_H05", title: "Cyclone Closed in June", date: utc("2024-05-29T12:00:00Z"), closed: true,
          closedAfterDays: 3.5, magnitude: (35, "kts"), sources: ["JTWC"], records: 3, longitude: 88,
          latitude: 16),
        season,
        Event(
          id: "EONET_H07", title: "Typhoon Weakening", date: utc("2024-08-15T12:00:00Z"), closed: true,
          magnitude: (40, "kts"), earlierMagnitude: (130, "kts"), sources: ["JTWC"], records: 4,
          longitude: 135, latitude: 25),
        Event(
          id: "EONET_H08", title: "Storm Without Wind Figures", date: utc("2024-07-04T18:00:00Z"),
          sources: ["GDACS"], longitude: -60, latitude: 30),
        Event(
          id: "EONET_H09", title: "Hurricane Threshold", date: utc("2024-10-10T00:00:00Z"),
          magnitude: (64, "kts"), sources: ["NOAA_NHC"], records: 2, longitude: -70, latitude: 28),
        Event(
          id: "EONET_R04", title: "Recent Typhoon", daysAgo: 2, magnitude: (80, "kts"), sources: ["JTWC"],
          longitude: 140, latitude: 18),
      ],
      "wildfires": [
        Event(
          id: "EONET_F01", title: "Park Fire-like, California", date: utc("2024-07-20T20:00:00Z"),
          closed: true,
          closedAfterDays: 20, magnitude: (5_000, "acres"), sources: ["InciWeb"], records: 3),
        Event(
          id: "EONET_F02", title: "Just Under Fire, Oregon", date: utc("2024-08-02T10:00:00Z"),
          magnitude: (4_999.5, "acres"), sources: ["IRWIN"], longitude: -121, latitude: 44),
        Event(
          id: "EONET_F03", title: "Incendio Hectareas, Spain", date: utc("2024-06-15T15:00:00Z"),
          magnitude: (2_000, "hectare"), sources: ["GDACS"], longitude: -6, latitude: 39),
        Event(
          id: "EONET_F04", title: "Unmeasured Fire, Idaho", date: utc("2024-09-01T09:00:00Z"),
          sources: ["InciWeb", "IRWIN"], longitude: -115, latitude: 45),
        Event(
          id: "EONET_F05", title: "Spring Burn, Texas", date: utc("2024-03-10T12:00:00Z"), closed: true,
          closedAfterDays: 2, magnitude: (12_000, "acres"), sources: ["IRWIN"], longitude: -100, latitude: 35),
        Event(
          id: "EONET_F06", title: "Bushfire Hectares, Australia", date: utc("2024-12-20T03:00:00Z"),
          magnitude: (800, "hectare"), sources: ["GDACS"], longitude: 145, latitude: -37),
        Event(
          id: "EONET_R01", title: "Recent Fire, Arizona", daysAgo: 1, magnitude: (300, "acres"),
          sources: ["IRWIN"], longitude: -111, latitude: 34),
        Event(
          id: "EONET_R02", title: "Month-old Fire, Nevada", daysAgo: 29.5, closed: true, sources: ["InciWeb"],
          longitude: -117, latitude: 39),
        Event(
          id: "EONET_R03", title: "Just Too Old Fire, Utah", daysAgo: 30.5, sources: ["InciWeb"],
          longitude: -112, latitude: 40),
      ],
      "floods": [
        season,
        Event(
          id: "EONET_W01", title: "River Flood, Bangladesh", date: utc("2024-10-01T00:00:00Z"),
          sources: ["GDACS"], longitude: 90, latitude: 24),
      ],
      "volcanoes": [
        Event(
          id: "EONET_R05", title: "Recent Eruption, Iceland", daysAgo: 10, sources: ["GDACS"], longitude: -22,
          latitude: 64)
      ],
    ]
  }

  /// A UTC date from its ISO 8601 text (`2024-06-01T00:00:00Z`); traps on text that is not one.
  static func utc(_ text: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else {
      preconditionFailure("not an ISO 8601 date: \(text)")
    }
    return date
  }
}
