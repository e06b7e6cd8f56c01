import EONETKit
import Foundation

/// Text formats shared by the screens and the command line.
public enum Formatting {
  /// `1204` → `"1,204"`.
  public static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return value < 0 ? "-" + out : out
  }

  /// `2025-11-08` in UTC.
  public static func day(_ date: Date) -> String {
    let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }

  /// `2025-11-08 14:03 UTC`.
  public static func minute(_ date: Date) -> String {
    let parts = utcCalendar.dateComponents([.hour, .minute], from: date)
    return day(date) + String(format: " %02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
  }

  /// `14:03:27` in UTC.
  public static func time(_ date: Date) -> String {
    let parts = utcCalendar.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  /// A magnitude in the one format every screen and command uses: whole numbers with thousands
  /// separators from 100 up (`2,548 acres`), one decimal at most below (`3.5 kts`, `35 kts`), the
  /// unit as ``unit(_:ascii:)`` writes it.
  public static func magnitude(value: Double, unit: String?, ascii: Bool = false) -> String {
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
  public static func unit(_ unit: String, ascii: Bool = false) -> String {
    for (power, superscript, word) in [("^2", "²", "sq"), ("^3", "³", "cu")] where unit.hasSuffix(power) {
      let base = unit.dropLast(power.count)
      guard !base.isEmpty else { break }
      return ascii ? "\(word) \(base)" : base + superscript
    }
    return unit
  }

  /// `1 event`, `2 events`: `noun` in the singular for one.
  public static func count(_ value: Int, _ noun: String, plural: String = "s", singular: String = "")
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
  public static func coordinate(_ coordinate: EOCoordinate) -> String {
    let latitude = String(format: "%.2f", abs(coordinate.latitude)) + (coordinate.latitude >= 0 ? "°N" : "°S")
    let longitude =
      String(format: "%.2f", abs(coordinate.longitude)) + (coordinate.longitude >= 0 ? "°E" : "°W")
    return "\(latitude) \(longitude)"
  }
}
