import Foundation

extension SeenState: QuickStateReading {
  /// Reads the layout ``StateFile`` writes — `{"events":{"<id>":{"closed":…,"latest":…,
  /// "magnitude":…,"records":…}}}`, keys in any order, any whitespace — in one pass over the bytes.
  ///
  /// With ten times today's data the file holds 56,000 fingerprints; `JSONDecoder` took 130 ms for
  /// them, on the way to the first frame. Anything else (an escape in a string, another date form,
  /// an unknown key, damage) returns `nil`, and `JSONDecoder` reads the file and names the problem.
  static func quickRead(_ data: Data) -> SeenState? {
    data.withUnsafeBytes { bytes in
      var reader = StateBytes(bytes)
      var events: [String: EventFingerprint] = [:]
      guard reader.take(UInt8(ascii: "{")), reader.string() == "events", reader.take(UInt8(ascii: ":")),
        reader.take(UInt8(ascii: "{"))
      else { return nil }
      events.reserveCapacity(bytes.count / 80)
      var first = true
      while !reader.take(UInt8(ascii: "}")) {
        guard first || reader.take(UInt8(ascii: ",")), let id = reader.string(),
          reader.take(UInt8(ascii: ":")),
          let fingerprint = reader.fingerprint()
        else { return nil }
        first = false
        events[id] = fingerprint
      }
      guard reader.take(UInt8(ascii: "}")), reader.isAtEnd else { return nil }
      return SeenState(events: events)
    }
  }
}

/// A state value that reads its own file faster than `JSONDecoder` can; `nil` hands the file to
/// `JSONDecoder`, so what is written must stay plain JSON.
protocol QuickStateReading {
  static func quickRead(_ data: Data) -> Self?
}

/// A cursor over the state file's bytes that skips whitespace before every token.
private struct StateBytes {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var isAtEnd: Bool {
    mutating get {
      skipSpace()
      return offset == bytes.count
    }
  }

  private mutating func skipSpace() {
    while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
  }

  /// Consumes `byte` if it comes next.
  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// The raw bytes of a string without escapes (`nil` for anything else).
  private mutating func stringBytes() -> UnsafeRawBufferPointer? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = offset
    while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
      if bytes[offset] == UInt8(ascii: "\\") || bytes[offset] < 0x20 { return nil }
      offset += 1
    }
    guard offset < bytes.count else { return nil }
    offset += 1
    return UnsafeRawBufferPointer(rebasing: bytes[start..<offset - 1])
  }

  mutating func string() -> String? {
    stringBytes().map { String(decoding: $0, as: UTF8.self) }
  }

  /// `null`, consumed.
  private mutating func null() -> Bool {
    skipSpace()
    guard bytes.count - offset >= 4, bytes[offset..<offset + 4].elementsEqual("null".utf8) else {
      return false
    }
    offset += 4
    return true
  }

  /// A JSON number's text, parsed as a `Double` exactly as `JSONDecoder` would.
  private mutating func number() -> Double? {
    skipSpace()
    let start = offset
    while offset < bytes.count, "+-.0123456789eE".utf8.contains(bytes[offset]) { offset += 1 }
    guard offset > start else { return nil }
    return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
  }

  /// A date as `JSONEncoder`'s ISO 8601 strategy writes it (`2025-10-31T00:00:00Z`), or `null`.
  private mutating func date() -> Date?? {
    if null() { return .some(nil) }
    guard let text = stringBytes(), text.count == 20, text[4] == UInt8(ascii: "-"),
      text[7] == UInt8(ascii: "-"),
      text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
      text[19] == UInt8(ascii: "Z")
    else { return nil }
    func digits(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = Int(text[index]) - 48
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
      let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    // Days since 1970-01-01 in the proleptic Gregorian calendar (the civil-from-days inverse).
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return .some(Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second)))
  }

  /// One fingerprint object.
  mutating func fingerprint() -> EventFingerprint? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var records: Int?
    var latest: Date?
    var magnitude: Double?
    var closed: Date?
    var first = true
    while !take(UInt8(ascii: "}")) {
      guard first || take(UInt8(ascii: ",")), let key = string(), take(UInt8(ascii: ":")) else { return nil }
      first = false
      switch key {
      case "records":
        guard let value = number(), let whole = Int(exactly: value) else { return nil }
        records = whole
      case "latest":
        guard let value = date() else { return nil }
        latest = value
      case "closed":
        guard let value = date() else { return nil }
        closed = value
      case "magnitude":
        if null() {
          magnitude = nil
        } else {
          guard let value = number() else { return nil }
          magnitude = value
        }
      default:
        return nil
      }
    }
    guard let records else { return nil }
    return EventFingerprint(records: records, latest: latest, magnitude: magnitude, closed: closed)
  }
}
