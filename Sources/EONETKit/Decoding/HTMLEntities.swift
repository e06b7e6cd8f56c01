/// Decodes the HTML character references EONET leaves in titles and URLs (`&amp;`, `&#039;`).
enum HTMLEntities {
  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
  ]

  /// `text` with every known named reference and every numeric reference replaced by its character.
  ///
  /// Unknown names and malformed references stay as they are. One pass only: `&amp;amp;` becomes
  /// `&amp;`, as a browser shows it.
  static func decode(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var output = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "&", let (replacement, length) = reference(in: scalars, at: index) else {
        output.append(scalar)
        index += 1
        continue
      }
      output.append(replacement)
      index += length
    }
    return String(output)
  }

  /// The character of the reference starting at `start` (an `&`) and the reference's length.
  private static func reference(
    in scalars: [Unicode.Scalar], at start: Int
  ) -> (Unicode.Scalar, Int)? {
    // The longest reference we decode is `&#x10FFFF;` (10 scalars); look no further for the `;`.
    let limit = min(scalars.count, start + 12)
    guard let end = (start + 1..<limit).first(where: { scalars[$0] == ";" }), end > start + 1 else {
      return nil
    }
    let body = String(String.UnicodeScalarView(scalars[start + 1..<end]))
    let length = end - start + 1
    if body.hasPrefix("#") {
      let digits = body.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits, radix: 10)
      }
      guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, length)
    }
    guard let scalar = named[body] else { return nil }
    return (scalar, length)
  }
}
