import EONETKit
import Foundation

extension SeenState: QuickStateReading {
  /// Reads the layout ``StateFile`` writes — `{"baseline":["<category>",…],"events":{"<id>":
  /// {"closed":…,"latest":…,"magnitude":…,"records":…}},"looked":{"<category>":"<date>",…}}`,
  /// `baseline` and `looked` optional, keys in any order,
  /// any whitespace — in one pass over the bytes.
  ///
  /// With ten times today's data the file holds 56,000 fingerprints; `JSONDecoder` took 130 ms for
  /// them, on the way to the first frame. Anything else (an escape in a string, another date form,
  /// an unknown key, damage) returns `nil`, and `JSONDecoder` reads the file and names the problem.
  static func quickRead(_ data: Data) -> SeenState? {
    data.withUnsafeBytes { bytes in
      var reader = StateBytes(bytes)
      var events: [String: EventFingerprint]?
      var baseline: Set<String>?
      var looked: [String: Date]?
      guard reader.take(UInt8(ascii: "{")) else { return nil }
      var first = true
      while !reader.take(UInt8(ascii: "}")) {
        guard first || reader.take(UInt8(ascii: ",")), let key = reader.string(),
          reader.take(UInt8(ascii: ":"))
        else { return nil }
        first = false
        switch key {
        case "events":
          guard events == nil, let read = reader.fingerprints(capacity: bytes.count / 80) else { return nil }
          events = read
        case "baseline":
          guard baseline == nil, let read = reader.strings() else { return nil }
          baseline = Set(read)
        case "looked":
          guard looked == nil, let read = reader.dates() else { return nil }
          looked = read
        default:
          return nil
        }
      }
      guard let events, reader.isAtEnd else { return nil }
      return SeenState(events: events, baseline: baseline, looked: looked ?? [:])
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

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private mutating func skipSpace() {
    while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
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
    while offset < bytes.count, Self.isNumberByte(bytes[offset]) { offset += 1 }
    guard offset > start else { return nil }
    return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
  }

  /// Whether `byte` can be part of a JSON number's text (a switch: this runs for every digit).
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }

  /// A date as `JSONEncoder`'s ISO 8601 strategy writes it (`2025-10-31T00:00:00Z`, exactly that
  /// shape, which is all `JSONDecoder` would take), or `null`.
  private mutating func date() -> Date?? {
    if null() { return .some(nil) }
    // Exactly the writer's form, `YYYY-MM-DDTHH:MM:SSZ`: the decoder's tolerant parser would also
    // take `12:30.40Z`, which JSONDecoder refuses and which would not survive a write and a read.
    guard let text = stringBytes(), text.count == 20, text[4] == UInt8(ascii: "-"),
      text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"),
      text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z"),
      let date = ISO8601.parse(text.assumingMemoryBound(to: UInt8.self))
    else { return nil }
    return .some(date)
  }

  /// An object of fingerprints by event id.
  mutating func fingerprints(capacity: Int) -> [String: EventFingerprint]? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var events: [String: EventFingerprint] = [:]
    events.reserveCapacity(capacity)
    var first = true
    while !take(UInt8(ascii: "}")) {
      guard first || take(UInt8(ascii: ",")), let id = string(), take(UInt8(ascii: ":")),
        let fingerprint = fingerprint()
      else { return nil }
      first = false
      events[id] = fingerprint
    }
    return events
  }

  /// An object of dates by key.
  mutating func dates() -> [String: Date]? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var dates: [String: Date] = [:]
    var first = true
    while !take(UInt8(ascii: "}")) {
      guard first || take(UInt8(ascii: ",")), let key = string(), take(UInt8(ascii: ":")),
        let value = date(), let date = value
      else { return nil }
      first = false
      dates[key] = date
    }
    return dates
  }

  /// An array of strings.
  mutating func strings() -> [String]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var strings: [String] = []
    var first = true
    while !take(UInt8(ascii: "]")) {
      guard first || take(UInt8(ascii: ",")), let text = string() else { return nil }
      first = false
      strings.append(text)
    }
    return strings
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
