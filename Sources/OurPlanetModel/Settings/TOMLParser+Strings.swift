/// Strings: basic and literal, on one line or several, and the escapes of basic strings.
extension TOMLParser {

  /// A string on one line: `"…"` with escapes (`quote` is `"`), or `'…'` taken as written.
  mutating func singleLineString(_ quote: Unicode.Scalar) throws(TOMLError) -> String {
    let escapes = quote == "\""
    advance()
    var text = ""
    while true {
      guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
        let missing = escapes ? "'\"'" : "\"'\""
        throw failure("the string is not closed on its line (a \(missing) is missing)")
      }
      advance()
      if scalar == quote { return text }
      if escapes && scalar == "\\" {
        text.unicodeScalars.append(try escape())
        continue
      }
      try checkAllowed(scalar, newlines: false)
      text.unicodeScalars.append(scalar)
    }
  }

  /// A multi-line string, newlines kept (the first one dropped): `"""…"""` with escapes, where `\`
  /// at a line's end joins lines (`quote` is `"`), or `'''…'''` taken as written.
  mutating func multilineString(_ quote: Unicode.Scalar) throws(TOMLError) -> String {
    let escapes = quote == "\""
    let openLine = line
    index += 3
    skipFirstNewline()
    var text = ""
    while true {
      guard let scalar = peek() else {
        throw TOMLError(line: openLine, message: "the multi-line string opened here is never closed")
      }
      if scalar == quote, let quotes = closingQuotes(quote) {
        text.unicodeScalars.append(contentsOf: repeatElement(quote, count: quotes - 3))
        index += quotes
        return text
      }
      if escapes && scalar == "\\" {
        advance()
        if try skipLineEndingBackslash() { continue }
        text.unicodeScalars.append(try escape())
        continue
      }
      try appendMultiline(scalar, to: &text)
    }
  }

  /// At a quote: how many quotes close the string here (3 to 5: up to two belong to the text), or
  /// `nil` when fewer than three stand here.
  private func closingQuotes(_ quote: Unicode.Scalar) -> Int? {
    var count = 0
    while index + count < scalars.count, scalars[index + count] == quote { count += 1 }
    guard count >= 3 else { return nil }
    return min(count, 5)
  }

  private mutating func appendMultiline(_ scalar: Unicode.Scalar, to text: inout String) throws(TOMLError) {
    if scalar == "\r" {
      guard index + 1 < scalars.count, scalars[index + 1] == "\n" else {
        throw failure("a carriage return must be followed by a line feed")
      }
      index += 2
      line += 1
      text.unicodeScalars.append("\n")
      return
    }
    try checkAllowed(scalar, newlines: true)
    advance()
    if scalar == "\n" { line += 1 }
    text.unicodeScalars.append(scalar)
  }

  private mutating func skipFirstNewline() {
    if take("\n") {
      line += 1
    } else if lookingAt("\r\n") {
      index += 2
      line += 1
    }
  }

  /// After a `\` in a multi-line basic string: when only spaces follow on the line, skips them, the
  /// line break and every space and line break after it.
  private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
    var probe = index
    while probe < scalars.count, scalars[probe] == " " || scalars[probe] == "\t" { probe += 1 }
    guard probe < scalars.count, scalars[probe] == "\n" || scalars[probe] == "\r" else { return false }
    index = probe
    while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
      if scalar == "\n" { line += 1 }
      advance()
    }
    return true
  }

  /// After a `\`: the escaped scalar.
  private mutating func escape() throws(TOMLError) -> Unicode.Scalar {
    guard let scalar = peek() else { throw failure("the string ends inside an escape") }
    advance()
    switch scalar {
    case "b": return "\u{08}"
    case "t": return "\t"
    case "n": return "\n"
    case "f": return "\u{0C}"
    case "r": return "\r"
    case "e": return "\u{1B}"
    case "\"": return "\""
    case "\\": return "\\"
    case "u", "U":
      let count = scalar == "u" ? 4 : 8
      var hex = ""
      for _ in 0..<count {
        guard let digit = peek(), digit.properties.isASCIIHexDigit else {
          throw failure("\\\(scalar) needs \(count) hexadecimal digits")
        }
        hex.unicodeScalars.append(digit)
        advance()
      }
      guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
        throw failure("\\\(scalar)\(hex) is not a Unicode scalar value")
      }
      return decoded
    default:
      throw failure("\\\(Self.describe(scalar)) is not an escape TOML knows")
    }
  }

  /// Control characters other than tab (and line breaks in multi-line strings) must be escaped.
  private func checkAllowed(_ scalar: Unicode.Scalar, newlines: Bool) throws(TOMLError) {
    let value = scalar.value
    guard (value < 0x20 && value != 0x09 && !(newlines && value == 0x0A)) || value == 0x7F else { return }
    throw failure("control character \(Self.describe(scalar)) in a string; write it as an escape")
  }
}
