/// Makes untrusted text safe to put on a terminal: the one sanitiser for every message, line and cell
/// that shows text a server sent.
///
/// Data from the network may contain escape sequences that would move the cursor, change colours or
/// retitle the window. Nothing here ever reaches the terminal unchanged: tabs and line breaks become
/// spaces, other C0 and C1 controls (ESC and DEL included) become a visible placeholder, so what is
/// left of an escape sequence is plain text, bidirectional controls are dropped, and characters the
/// terminal cannot measure become the placeholder too. A zero-width-joiner sequence keeps only its
/// first part: terminals disagree on how wide the joined picture is, so the whole of it could push
/// the rest of a row out of place.
///
/// ```swift
/// TextSanitizer.sanitize("\u{1B}[31mred", placeholder: "?")  // "?[31mred"
/// ```
package enum TextSanitizer {
  /// The longest field shown, in characters: the decoder accepts strings as long as a response
  /// (64 MB), and laying out that much on every frame would freeze the screen.
  package static let displayLimit = 4_096

  /// The sanitised text.
  ///
  /// - Parameters:
  ///   - text: untrusted text.
  ///   - placeholder: what stands in for a control or unprintable character.
  ///   - asciiOnly: also replace every non-ASCII character (for terminals without UTF-8).
  package static func sanitize(
    _ text: some StringProtocol, placeholder: Character = "\u{FFFD}", asciiOnly: Bool = false
  ) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if let safe = sanitize(character, placeholder: placeholder, asciiOnly: asciiOnly) {
        result.append(safe)
      }
    }
    return result
  }

  /// `text` with at most `limit` characters, ending in `ellipsis` when it was cut.
  ///
  /// Reads no more of `text` than it keeps, so a field of megabytes costs as much as a short one.
  ///
  /// ```swift
  /// TextSanitizer.capped(String(repeating: "a", count: 10), limit: 4)  // "aaa…"
  /// ```
  package static func capped(_ text: String, limit: Int = displayLimit, ellipsis: String = "…") -> String {
    // Every character is at least one byte: a short text needs no walk at all.
    if text.utf8.count <= limit { return text }
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    let cut = text.index(text.startIndex, offsetBy: max(0, limit - ellipsis.count))
    return String(text[..<cut]) + ellipsis
  }

  /// One sanitised grapheme cluster, or `nil` when it should be dropped (zero-width leftovers,
  /// bidirectional controls).
  package static func sanitize(_ character: Character, placeholder: Character, asciiOnly: Bool) -> Character?
  {
    if character.isASCII, let ascii = character.asciiValue,
      ascii >= printableASCIILow && ascii < deleteCharacter
    {
      return character
    }
    guard let first = character.unicodeScalars.first else { return nil }
    switch first.value {
    case tab, lineFeed, carriageReturn, verticalTab, formFeed, nextLine, lineSeparator, paragraphSeparator:
      return " "
    case bidiEmbeddings, bidiIsolates, bidiMarks, zeroWidthJoiner:
      return nil
    default:
      break
    }
    let character = beforeJoiner(character)
    guard let width = CharacterWidth.of(character) else { return placeholder }
    if width == 0 { return nil }
    if asciiOnly {
      // Keep the base letter of "é" rather than losing it to the placeholder.
      let base = Character(first)
      return base.isASCII && first.value >= UInt32(printableASCIILow) ? base : placeholder
    }
    return character
  }

  /// `text` for a file or another program rather than a terminal: C0 controls but tab and line
  /// breaks (ESC, BEL, NUL), DEL, C1 controls and the bidirectional marks, embeddings and isolates
  /// removed, everything else kept as it is (a format's own encoding comes after).
  ///
  /// ```swift
  /// TextSanitizer.strippingControls("Fire\u{1B}[2J\u{202E}")  // "Fire[2J"
  /// ```
  package static func strippingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControlOrBidi) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !isControlOrBidi(scalar) { scalars.append(scalar) }
    return String(scalars)
  }

  /// Whether `strippingControls` removes `scalar`.
  private static func isControlOrBidi(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case tab, lineFeed, carriageReturn: return false
    case 0..<UInt32(printableASCIILow), UInt32(deleteCharacter)...0x9F, bidiMarks, bidiEmbeddings,
      bidiIsolates:
      return true
    default: return false
    }
  }

  /// The part of a cluster before its first zero-width joiner (the whole cluster when it has none).
  private static func beforeJoiner(_ character: Character) -> Character {
    let scalars = character.unicodeScalars
    guard let joiner = scalars.firstIndex(where: { $0.value == zeroWidthJoiner }) else { return character }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[..<joiner])
    return Character(String(kept))
  }

  private static let printableASCIILow: UInt8 = 0x20
  private static let deleteCharacter: UInt8 = 0x7F
  private static let tab: UInt32 = 0x09
  private static let lineFeed: UInt32 = 0x0A
  private static let verticalTab: UInt32 = 0x0B
  private static let formFeed: UInt32 = 0x0C
  private static let carriageReturn: UInt32 = 0x0D
  private static let nextLine: UInt32 = 0x85
  private static let zeroWidthJoiner: UInt32 = 0x200D
  private static let lineSeparator: UInt32 = 0x2028
  private static let paragraphSeparator: UInt32 = 0x2029
  private static let bidiMarks: ClosedRange<UInt32> = 0x200E...0x200F
  private static let bidiEmbeddings: ClosedRange<UInt32> = 0x202A...0x202E
  private static let bidiIsolates: ClosedRange<UInt32> = 0x2066...0x2069
}
