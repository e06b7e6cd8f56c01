/// Makes server text safe for a terminal line.
enum TextSanitizer {
  /// `text` with tabs and line breaks as spaces and every other control character removed (C0, DEL,
  /// C1, and the bidirectional overrides that could disguise what a line says).
  static func line(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
        scalars.append(" ")
      case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
        continue
      default:
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
