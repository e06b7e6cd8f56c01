/// The few rules for writing roff source of a `man 7 man` page safely.
///
/// Text never reaches roff raw: ``escape(_:)`` turns every character that roff would read as
/// markup into its escape, and ``textLine(_:)`` keeps a line from being read as a request.
///
/// ```swift
/// Roff.bold("--days") + " " + Roff.italic("N")  // \fB\-\-days\fR \fIN\fR
/// ```
enum Roff {
  /// `text` as roff input that prints exactly `text`.
  ///
  /// `\` becomes `\e`, `-` becomes `\-` (a hyphen-minus that can be copied into a shell), `"` becomes
  /// `\(dq` (safe in a quoted macro argument too), characters outside ASCII become `\[uXXXX]`, so
  /// the page is plain ASCII whatever the locale, and control characters become spaces.
  static func escape(_ text: some StringProtocol) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case "\"": escaped += "\\(dq"
      case " "..."~": escaped.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += " "
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return escaped
  }

  /// `text` in bold.
  static func bold(_ text: some StringProtocol) -> String {
    "\\fB" + escape(text) + "\\fR"
  }

  /// `text` in italics (for values the user supplies, and file names).
  static func italic(_ text: some StringProtocol) -> String {
    "\\fI" + escape(text) + "\\fR"
  }

  /// A line of already escaped text, kept from being read as a request.
  ///
  /// A line that starts with `.` or `'` is a request to roff, and one that starts with a space
  /// breaks the paragraph: such a line starts with the zero-width `\&` instead.
  static func textLine(_ roff: String) -> String {
    let trimmed = roff.drop { $0 == " " }
    guard let first = trimmed.first else { return "\\&" }
    return first == "." || first == "'" ? "\\&" + trimmed : String(trimmed)
  }

  /// A request (macro call) line with its arguments, each already escaped; arguments with spaces
  /// are quoted.
  static func request(_ name: String, _ arguments: String...) -> String {
    let quoted = arguments.map { $0.isEmpty || $0.contains(" ") ? "\"\($0)\"" : $0 }
    return ([".\(name)"] + quoted).joined(separator: " ")
  }
}
