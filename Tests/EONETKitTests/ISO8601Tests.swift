import Foundation
import Testing

@testable import EONETKit

@Suite("ISO8601")
struct ISO8601Tests {
  @Test(
    "parses EONET's forms to the right instant",
    arguments: [
      ("2025-11-08T12:00:00Z", 1_762_603_200.0),
      ("1970-01-01T00:00:00Z", 0),
      ("2000-02-29T23:59:59Z", 951_868_799),
      ("2025-11-08", 1_762_560_000),
      ("2025-11-08T12:00Z", 1_762_603_200),
      ("2025-11-08T12:00:00.250Z", 1_762_603_200.25),
      ("2025-11-08T14:00:00+02:00", 1_762_603_200),
      ("2025-11-08T07:30:00-0430", 1_762_603_200),
      ("2025-11-08T12:00:00", 1_762_603_200),
      ("1969-12-31T23:59:59Z", -1),
    ])
  func parses(text: String, seconds: Double) {
    #expect(ISO8601.parse(text)?.timeIntervalSince1970 == seconds)
  }

  @Test(
    "rejects what is not a date",
    arguments: [
      "", "yesterday", "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-11-31", "2025-11-08T25:00:00Z",
      "2025-11-08T12:00:00Q", "2025-11-08T12:00:00Zjunk", "2025/11/08", "25-11-08", "2025-11-08T12",
      "2025-11-08T12:00:00.Z",
    ])
  func rejects(text: String) {
    #expect(ISO8601.parse(text) == nil)
  }

  @Test("formats whole seconds in UTC and round-trips")
  func formats() {
    #expect(ISO8601.format(Date(timeIntervalSince1970: 1_762_603_200)) == "2025-11-08T12:00:00Z")
    #expect(ISO8601.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    for seconds in stride(from: -5_000_000_000, to: 5_000_000_000, by: 86_399 * 997) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      #expect(ISO8601.parse(ISO8601.format(date)) == date)
    }
  }

  @Test(
    "civil date conversion agrees with Foundation's Gregorian calendar (from 1600, where it is Gregorian)")
  func civilAgreesWithCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    for days in stride(from: -135_000, to: 200_000, by: 997) {
      let components = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
      let civil = ISO8601.civilFromDays(days)
      #expect(civil.year == components.year && civil.month == components.month && civil.day == components.day)
      #expect(ISO8601.daysFromCivil(year: civil.year, month: civil.month, day: civil.day) == days)
    }
  }
}
