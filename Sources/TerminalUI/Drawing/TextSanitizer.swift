/// Makes untrusted text safe to put on a terminal.
///
/// Data from the network may contain escape sequences that would move the cursor, change colours or
/// retitle the window. Nothing here ever reaches the terminal unchanged: tabs and line breaks become
/// spaces, other C0 and C1 controls (ESC included) become a visible placeholder, bidirectional
/// overrides are dropped, and characters the terminal cannot measure become the placeholder too.
///
/// ```swift
/// TextSanitizer.sanitize("\u{1B}[31mred", placeholder: "?")  // "?[31mred"
/// ```
public enum TextSanitizer {
  /// The sanitised text.
  ///
  /// - Parameters:
  ///   - text: untrusted text.
  ///   - placeholder: what stands in for a control or unprintable character.
  ///   - asciiOnly: also replace every non-ASCII character (for terminals without UTF-8).
  public static func sanitize(_ text: String, placeholder: Character = "\u{FFFD}", asciiOnly: Bool = false)
    -> String
  {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if let safe = sanitize(character, placeholder: placeholder, asciiOnly: asciiOnly) {
        result.append(safe)
      }
    }
    return result
  }

  /// One sanitised grapheme cluster, or `nil` when it should be dropped (zero-width leftovers,
  /// bidirectional controls).
  static func sanitize(_ character: Character, placeholder: Character, asciiOnly: Bool) -> Character? {
    if character.isASCII, let ascii = character.asciiValue,
      ascii >= printableASCIILow && ascii < deleteCharacter
    {
      return character
    }
    guard let first = character.unicodeScalars.first else { return nil }
    switch first.value {
    case tab, lineFeed, carriageReturn, verticalTab, formFeed, nextLine, lineSeparator, paragraphSeparator:
      return " "
    case bidiEmbeddings, bidiIsolates, bidiMarks:
      return nil
    default:
      break
    }
    guard let width = DisplayWidth.of(character) else { return placeholder }
    if width == 0 { return nil }
    if asciiOnly {
      // Keep the base letter of "é" rather than losing it to the placeholder.
      let base = Character(first)
      return base.isASCII && first.value >= UInt32(printableASCIILow) ? base : placeholder
    }
    return character
  }

  private static let printableASCIILow: UInt8 = 0x20
  private static let deleteCharacter: UInt8 = 0x7F
  private static let tab: UInt32 = 0x09
  private static let lineFeed: UInt32 = 0x0A
  private static let verticalTab: UInt32 = 0x0B
  private static let formFeed: UInt32 = 0x0C
  private static let carriageReturn: UInt32 = 0x0D
  private static let nextLine: UInt32 = 0x85
  private static let lineSeparator: UInt32 = 0x2028
  private static let paragraphSeparator: UInt32 = 0x2029
  private static let bidiMarks: ClosedRange<UInt32> = 0x200E...0x200F
  private static let bidiEmbeddings: ClosedRange<UInt32> = 0x202A...0x202E
  private static let bidiIsolates: ClosedRange<UInt32> = 0x2066...0x2069
}
