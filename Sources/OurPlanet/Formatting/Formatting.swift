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

  /// A magnitude such as `1,234 acres` or `35 kts`; `nil` without one.
  public static func magnitude(value: Double, unit: String?) -> String {
    let number: String
    if value.rounded() == value && abs(value) < 1e15 {
      number = count(Int(value))
    } else {
      number = String(format: "%.1f", value)
    }
    guard let unit, !unit.isEmpty else { return number }
    return "\(number) \(unit)"
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
