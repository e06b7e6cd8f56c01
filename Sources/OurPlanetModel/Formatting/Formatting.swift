import EONETKit
import Foundation
import Support

/// Text formats shared by the screens and the command line.
package enum Formatting {
  /// `1204` → `"1,204"`.
  package static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return value < 0 ? "-" + out : out
  }

  /// The zone every time on screen and in text output is shown in: the local zone, unless `--utc`
  /// chose UTC. The composition root sets it once, before anything is shown.
  package static var zone: DisplayZone {
    get { zoneSetting.get() }
    set { zoneSetting.withLock { $0 = newValue } }
  }

  private static let zoneSetting = LockedValue(DisplayZone.local)

  /// `2025-11-08`: the day in `zone` (lists show days; a day has no zone to name).
  package static func day(_ date: Date, in zone: DisplayZone = zone) -> String {
    let parts = fields(of: date, in: zone).parts
    return padded(parts.year ?? 0, 4) + "-" + padded(parts.month ?? 0, 2) + "-" + padded(parts.day ?? 0, 2)
  }

  /// `2025-11-08 09:03 EST`: a moment to the minute, its zone named.
  package static func minute(_ date: Date, in zone: DisplayZone = zone) -> String {
    day(date, in: zone) + " " + clock(date, in: zone)
  }

  /// `09:03 EST`: the time of day, its zone named (the next refresh, today's).
  package static func clock(_ date: Date, in zone: DisplayZone = zone) -> String {
    let (parts, name) = fields(of: date, in: zone)
    return padded(parts.hour ?? 0, 2) + ":" + padded(parts.minute ?? 0, 2) + " " + name
  }

  /// `09:03:27` in `zone`, for a column under a heading that names the zone.
  package static func time(_ date: Date, in zone: DisplayZone = zone) -> String {
    let parts = fields(of: date, in: zone).parts
    return padded(parts.hour ?? 0, 2) + ":" + padded(parts.minute ?? 0, 2) + ":"
      + padded(parts.second ?? 0, 2)
  }

  /// `date`'s year and month in `zone` (a scale's ticks are where it changes).
  package static func month(_ date: Date, in zone: DisplayZone = zone) -> (year: Int, month: Int) {
    let parts = fields(of: date, in: zone).parts
    return (parts.year ?? 0, parts.month ?? 0)
  }

  /// A month on a scale: `Feb`, or the year for January (`2026`), where a year turns.
  package static func monthTick(year: Int, month: Int) -> String {
    month == 1 ? String(year) : monthNames[max(0, min(11, month - 1))]
  }

  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `value` with zeros before it to `width` digits (`7` → `07`): what `%02d` writes, without
  /// `String(format:)`, which cost more than the rest of a list row (every row shows a day).
  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  /// `date`'s calendar fields in `zone`, and the zone's name then.
  private static func fields(of date: Date, in zone: DisplayZone) -> (parts: DateComponents, name: String) {
    let (offset, name) = zone.at(date)
    let parts = utcCalendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(Double(offset)))
    return (parts, name)
  }

  /// A magnitude in the one format every screen and command uses: whole numbers with thousands
  /// separators from 100 up (`2,548 acres`), one decimal at most below (`3.5 kts`, `35 kts`), the
  /// unit as ``unit(_:ascii:)`` writes it.
  package static func magnitude(value: Double, unit: String?, ascii: Bool = false) -> String {
    let number: String
    if !value.isFinite {
      number = "?"
    } else if abs(value) >= 100 {
      number = abs(value) < 1e15 ? count(Int(value.rounded())) : String(format: "%.3g", value)
    } else {
      let tenths = (value * 10).rounded() / 10
      number = tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }
    guard let unit, !unit.isEmpty else { return number }
    return "\(number) \(Self.unit(unit, ascii: ascii))"
  }

  /// A unit as people write it: EONET's `NM^2` is `NM²`, or `sq NM` where only ASCII shows (`^3`
  /// the same with `³` and `cu`); any other unit as it is.
  package static func unit(_ unit: String, ascii: Bool = false) -> String {
    for (power, superscript, word) in [("^2", "²", "sq"), ("^3", "³", "cu")] where unit.hasSuffix(power) {
      let base = unit.dropLast(power.count)
      guard !base.isEmpty else { break }
      return ascii ? "\(word) \(base)" : base + superscript
    }
    return unit
  }

  /// `1 event`, `2 events`: `noun` in the singular for one.
  package static func count(_ value: Int, _ noun: String, plural: String = "s", singular: String = "")
    -> String
  {
    "\(count(value)) \(noun)\(value == 1 ? singular : plural)"
  }

  private static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}

extension Formatting {
  /// `35.68°N 139.69°E`.
  package static func coordinate(_ coordinate: EOCoordinate) -> String {
    "\(latitude(coordinate.latitude)) \(longitude(coordinate.longitude))"
  }

  /// `35.68°N`, `9.60°S`.
  package static func latitude(_ degrees: Double) -> String {
    String(format: "%.2f", abs(degrees)) + (degrees >= 0 ? "°N" : "°S")
  }

  /// `139.69°E`, `5.25°W`.
  package static func longitude(_ degrees: Double) -> String {
    String(format: "%.2f", abs(degrees)) + (degrees >= 0 ? "°E" : "°W")
  }
}
