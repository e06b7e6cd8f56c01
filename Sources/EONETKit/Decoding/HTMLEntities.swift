/// Decodes the HTML character references EONET leaves in titles and URLs (`&amp;`, `&#039;`).
enum HTMLEntities {
  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
  ]

  /// `text` with every known named reference and every numeric reference replaced by its character.
  ///
  /// Unknown names and malformed references stay as they are. One pass only: `&amp;amp;` becomes
  /// `&amp;`, as a browser shows it. Works on UTF-8 bytes: the text between references is copied in
  /// runs (`&` and `;` never occur inside a multi-byte character).
  static func decode(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var runStart = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "&"), let (scalar, length) = reference(in: bytes, at: index) else {
        index += 1
        continue
      }
      output.append(contentsOf: bytes[runStart..<index])
      output.append(contentsOf: String(Character(scalar)).utf8)
      index += length
      runStart = index
    }
    output.append(contentsOf: bytes[runStart...])
    return String(decoding: output, as: UTF8.self)
  }

  /// The character of the reference starting at `start` (an `&`) and the reference's length in bytes.
  private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
    // The longest reference we decode is `&#x10FFFF;` (10 bytes); look no further for the `;`.
    let limit = min(bytes.count, start + 12)
    guard let end = (start + 1..<limit).first(where: { bytes[$0] == UInt8(ascii: ";") }), end > start + 1
    else {
      return nil
    }
    let body = bytes[start + 1..<end]
    let length = end - start + 1
    if body.first == UInt8(ascii: "#") {
      var digits = body.dropFirst()
      var radix: UInt32 = 10
      if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
        radix = 16
        digits = digits.dropFirst()
      }
      guard !digits.isEmpty else { return nil }
      var value: UInt32 = 0
      for byte in digits {
        guard let digit = hexValue(byte), digit < radix, value <= 0x10FFFF else { return nil }
        value = value * radix + digit
      }
      guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, length)
    }
    guard let scalar = named[String(decoding: body, as: UTF8.self)] else { return nil }
    return (scalar, length)
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}
