import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// The zone times are shown in: its offset from UTC and its abbreviation at each moment.
///
/// The local zone comes from the C library, which reads `TZ` (else `/etc/localtime`) as Foundation's
/// `TimeZone.current` does, because only it names a zone as people write it: Foundation on Linux
/// calls New York's winter `GMT-5` where tzdata says `EST`.
///
/// ```swift
/// Formatting.minute(date, in: .fixed(offset: -5 * 3_600, abbreviation: "EST"))  // "2025-11-08 09:03 EST"
/// ```
package struct DisplayZone: Sendable {
  private let parts: @Sendable (Date) -> (offset: Int, abbreviation: String)

  /// A zone whose offset (seconds east of UTC) and abbreviation at a moment `parts` gives.
  package init(parts: @escaping @Sendable (Date) -> (offset: Int, abbreviation: String)) {
    self.parts = parts
  }

  /// UTC, named `UTC` (`--utc`).
  package static let utc = DisplayZone { _ in (0, "UTC") }

  /// The local zone, as `TZ` or the system sets it, with tzdata's abbreviations (`EST`, `CEST`).
  package static let local = DisplayZone { date in
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var fields = tm()
    guard localtime_r(&seconds, &fields) != nil else { return (0, "UTC") }
    let name = fields.tm_zone.map { String(cString: $0) } ?? ""
    let offset = Int(fields.tm_gmtoff)
    // A zone the C library knows no name for is named by its offset, never left blank.
    return (offset, name.isEmpty ? numericName(offset) : name)
  }

  /// A fixed offset with a given abbreviation (for tests, and zones without daylight saving).
  package static func fixed(offset: Int, abbreviation: String) -> DisplayZone {
    DisplayZone { _ in (offset, abbreviation) }
  }

  /// The offset from UTC, in seconds, and the abbreviation at `date`.
  func at(_ date: Date) -> (offset: Int, abbreviation: String) { parts(date) }

  /// `+0530`, `-0300`.
  private static func numericName(_ offset: Int) -> String {
    let minutes = abs(offset) / 60
    return (offset < 0 ? "-" : "+") + String(format: "%02d%02d", minutes / 60, minutes % 60)
  }
}
