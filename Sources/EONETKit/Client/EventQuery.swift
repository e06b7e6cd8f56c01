import Foundation

/// What a download of events asks EONET for: the days window or a past range, the status, a
/// magnitude range, sources. The one translation into request parameters.
///
/// The server applies what it supports, to download less; the app applies every filter again on
/// what arrives (a server that ignores a parameter gives the same lists). A query that asks for the
/// last N days alone keeps the cache files of earlier versions; any other query has files of its own,
/// so a narrow download never replaces a wide one.
///
/// ```swift
/// var query = EventQuery(window: EventWindow(from: june, through: november)!)
/// query.magnitude = .init(id: "mag_kts", minimum: 64)
/// client.fetchEvents(query, category: storms)
/// ```
package struct EventQuery: Hashable, Sendable {
  /// A magnitude range as EONET's `magID`, `magMin` and `magMax` say it.
  package struct Magnitude: Hashable, Sendable {
    /// The magnitude's id in `/magnitudes` (`ac`, `mag_kts`); `nil`: any unit (the bounds alone).
    package var id: String?
    /// The least value; `nil`: none.
    package var minimum: Double?
    /// The greatest value; `nil`: none.
    package var maximum: Double?

    /// A magnitude range.
    package init(id: String? = nil, minimum: Double? = nil, maximum: Double? = nil) {
      self.id = id
      self.minimum = minimum
      self.maximum = maximum
    }
  }

  /// The days window, with its end for a past range.
  package var window: EventWindow
  /// Which events by state: `all` is two requests (open and closed), merged.
  package var status: EventStatus
  /// The magnitude range, if any.
  package var magnitude: Magnitude?
  /// Source ids (any of them); empty: any source.
  package var sources: [String]

  /// A query of `window`, of every status, magnitude and source.
  package init(
    window: EventWindow, status: EventStatus = .all, magnitude: Magnitude? = nil, sources: [String] = []
  ) {
    self.window = window
    self.status = status
    self.magnitude = magnitude
    self.sources = sources.sorted()
  }

  /// The last `days` days, everything in them.
  package init(days: Int) { self.init(window: EventWindow(days: days)) }

  /// Whether this asks only for the last N days (the cache's shared files).
  package var isPlainDays: Bool {
    window.end == nil && status == .all && magnitude == nil && sources.isEmpty
  }

  /// The statuses to request, one request each.
  var halves: [String] {
    switch status {
    case .all: return ["open", "closed"]
    case .open: return ["open"]
    case .closed: return ["closed"]
    }
  }

  /// The query parameters of the request for one half.
  ///
  /// - Parameter half: `open` or `closed`.
  func queryItems(status half: String) -> [URLQueryItem] {
    var items = [URLQueryItem(name: "status", value: half)]
    if let end = window.end, let lastDay = window.lastDay {
      // Whole UTC days, inclusive on both sides (EONET's `start`/`end`).
      let start = window.start(before: end)
      items.append(URLQueryItem(name: "start", value: EventWindow.dayText(start)))
      items.append(URLQueryItem(name: "end", value: EventWindow.dayText(lastDay)))
    } else {
      items.append(URLQueryItem(name: "days", value: String(window.requestDays)))
    }
    if let magnitude {
      if let id = magnitude.id { items.append(URLQueryItem(name: "magID", value: id)) }
      if let minimum = magnitude.minimum {
        items.append(URLQueryItem(name: "magMin", value: Self.numberText(minimum)))
      }
      if let maximum = magnitude.maximum {
        items.append(URLQueryItem(name: "magMax", value: Self.numberText(maximum)))
      }
    }
    if !sources.isEmpty { items.append(URLQueryItem(name: "source", value: sources.joined(separator: ","))) }
    return items
  }

  /// What this query adds to a category's cache file names: nothing for the last N days alone, else
  /// a digest of its parameters (a file per distinct question).
  var cacheSuffix: String {
    guard !isPlainDays else { return "" }
    let canonical = queryItems(status: "").map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    // FNV-1a, 64 bits: stable across runs and builds (Hasher is seeded per process).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in canonical.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "-q" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Whether a download of this query made at `fetchedAt` is final: a past range fetched after it
  /// ended does not change, so it is served from the cache without asking again.
  package func isComplete(fetchedAt: Date) -> Bool {
    guard let end = window.end else { return false }
    return fetchedAt >= end
  }

  /// `value` as a parameter (and an option) writes it: without a trailing `.0` (`1000`, `2.5`).
  package static func numberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
