/// The OSC 52 sequence that sets the terminal's clipboard: `ESC ] 52 ; c ; <base64> BEL`.
///
/// Only base64 reaches the terminal, so no byte of the text can end the sequence early or start
/// another one.
enum Clipboard {
  /// The most text one sequence carries (xterm takes about 100 KB of base64; some take less).
  static let maximumBytes = 65_536

  /// The sequence that puts `text` on the clipboard, or `nil` when it is too long.
  static func sequence(for text: String) -> [UInt8]? {
    let bytes = Array(text.utf8)
    guard bytes.count <= maximumBytes else { return nil }
    return [0x1B] + Array("]52;c;".utf8) + base64(bytes) + [0x07]
  }

  /// RFC 4648 base64 with padding (TerminalUI does without Foundation).
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = 0
      for offset in 0..<3 {
        group <<= 8
        if offset < count { group |= Int(bytes[index + offset]) }
      }
      for position in 0..<4 {
        let sextet = (group >> (18 - 6 * position)) & 0x3F
        encoded.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
      }
      index += 3
    }
    return encoded
  }
}
