import Foundation

/// Parses and formats EONET's dates (`2025-11-08T12:00:00Z`) without a `DateFormatter`.
///
/// Accepts a date alone (`2025-11-08`, midnight UTC), fractional seconds, and a `Z` or `±HH:MM`
/// offset; a missing offset means UTC, as EONET's dates always are. Public so the app's own files
/// (the seen state) read their dates the same way.
package enum ISO8601 {
  /// The date in `bytes`, or `nil` if they do not hold one.
  ///
  /// - Parameter bytes: UTF-8 text such as `2025-11-08T12:00:00Z`.
  /// - Returns: The date, or `nil`.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var reader = DigitReader(bytes: bytes)
    guard let year = reader.number(digits: 4), reader.skip("-"),
      let month = reader.number(digits: 2), reader.skip("-"),
      let day = reader.number(digits: 2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
    if reader.atEnd { return Date(timeIntervalSince1970: seconds) }
    guard reader.skip("T") || reader.skip(" "), let hour = reader.number(digits: 2), reader.skip(":"),
      let minute = reader.number(digits: 2), hour < 24, minute < 60
    else { return nil }
    var second = 0
    if reader.skip(":") {
      guard let value = reader.number(digits: 2), value <= 60 else { return nil }
      second = value
    }
    seconds += Double(hour * 3600 + minute * 60 + second)
    if reader.skip(".") {
      var scale = 0.1
      var fraction = 0.0
      var any = false
      while let digit = reader.digit() {
        fraction += Double(digit) * scale
        scale /= 10
        any = true
      }
      guard any else { return nil }
      seconds += fraction
    }
    if reader.skip("Z") || reader.skip("z") || reader.atEnd {
      return reader.atEnd ? Date(timeIntervalSince1970: seconds) : nil
    }
    let sign: Double
    if reader.skip("+") {
      sign = 1
    } else if reader.skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let offsetHours = reader.number(digits: 2) else { return nil }
    _ = reader.skip(":")
    let offsetMinutes = reader.number(digits: 2) ?? 0
    guard reader.atEnd, offsetHours < 24, offsetMinutes < 60 else { return nil }
    return Date(timeIntervalSince1970: seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
  }

  /// The date in `text`, or `nil`.
  ///
  /// - Parameter text: Text such as `2025-11-08T12:00:00Z`.
  /// - Returns: The date, or `nil`.
  package static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  /// `date` as `YYYY-MM-DDTHH:MM:SSZ` (whole seconds, UTC): the one timestamp of every output.
  ///
  /// Computed from the days since 1970 (the proleptic Gregorian calendar), not through a date
  /// formatter: an export of thousands of events calls it three times per event.
  ///
  /// - Parameter date: The date.
  /// - Returns: Text such as `2025-11-08T12:00:00Z`.
  package static func format(_ date: Date) -> String {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
    let secondsOfDay = total - days * 86_400
    let (year, month, day) = civilFromDays(days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):"
      + "\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))Z"
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01.
  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
      index += 1
      return true
    }

    mutating func digit() -> Int? {
      guard index < bytes.count, bytes[index] &- 0x30 < 10 else { return nil }
      defer { index += 1 }
      return Int(bytes[index] &- 0x30)
    }

    mutating func number(digits: Int) -> Int? {
      var value = 0
      for _ in 0..<digits {
        guard let digit = digit() else { return nil }
        value = value * 10 + digit
      }
      return value
    }
  }
}
