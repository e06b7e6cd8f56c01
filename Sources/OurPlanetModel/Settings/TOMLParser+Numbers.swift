/// Numbers: integers in four bases and floats, with `_` separators; a date is recognised only to say
/// it is not supported.
extension TOMLParser {
  /// An integer (decimal, `0x`, `0o`, `0b`) or a float (`1.5`, `1e6`, `inf`, `nan`).
  mutating func number() throws(TOMLError) -> TOMLValue {
    var word = ""
    while let scalar = peek(), Self.isNumberPart(scalar) {
      word.unicodeScalars.append(scalar)
      advance()
    }
    guard !word.isEmpty else {
      throw failure("expected a value, found \(Self.describe(peek() ?? " "))")
    }
    if let value = Self.integer(word) { return .integer(value) }
    if let value = Self.float(word) { return .float(value) }
    if Self.looksLikeDate(word) {
      throw failure("dates and times are not supported here; write \"\(word)\" as a string")
    }
    if Self.integerShape(word) { throw failure("\(word) does not fit in a 64-bit integer") }
    if word.first?.isLetter == true {
      throw failure("expected a value, found '\(word)' (a string needs quotes)")
    }
    throw failure("'\(word)' is not a number")
  }

  private static func isNumberPart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "+", "-", ".", ":": true
    default: false
    }
  }

  /// `word` as a TOML integer, or `nil`.
  private static func integer(_ word: String) -> Int? {
    var text = Substring(word)
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
      let digits = text.dropFirst(2)
      guard let plain = withoutSeparators(digits, radix: radix) else { return nil }
      // Hexadecimal, octal and binary are unsigned in TOML but still 64-bit signed values.
      return Int(plain, radix: radix)
    }
    var sign = ""
    if let first = text.first, first == "+" || first == "-" {
      sign = first == "-" ? "-" : ""
      text = text.dropFirst()
    }
    guard let plain = withoutSeparators(text, radix: 10), plain == "0" || !plain.hasPrefix("0") else {
      return nil
    }
    return Int(sign + plain)
  }

  /// Whether `word` is written as an integer (whatever its size).
  private static func integerShape(_ word: String) -> Bool {
    var text = Substring(word)
    if let first = text.first, first == "+" || first == "-" { text = text.dropFirst() }
    guard let plain = withoutSeparators(text, radix: 10) else { return false }
    return plain == "0" || !plain.hasPrefix("0")
  }

  /// `digits` without its `_` separators, if each stands between two digits and every digit is one
  /// of `radix`'s.
  private static func withoutSeparators(_ digits: Substring, radix: Int) -> String? {
    guard let first = digits.first, let last = digits.last, first != "_", last != "_" else { return nil }
    var plain = ""
    var previousWasSeparator = false
    for character in digits {
      if character == "_" {
        if previousWasSeparator { return nil }
        previousWasSeparator = true
        continue
      }
      guard character.isASCII, let digit = character.hexDigitValue, digit < radix else { return nil }
      plain.append(character)
      previousWasSeparator = false
    }
    return plain
  }

  /// `word` as a TOML float, or `nil`.
  private static func float(_ word: String) -> Double? {
    var text = Substring(word)
    var negative = false
    if let first = text.first, first == "+" || first == "-" {
      negative = first == "-"
      text = text.dropFirst()
    }
    if text == "inf" { return negative ? -.infinity : .infinity }
    if text == "nan" { return .nan }
    // integer part, then a fraction, an exponent or both.
    let exponentStart = text.firstIndex { $0 == "e" || $0 == "E" }
    let mantissa = exponentStart.map { text[..<$0] } ?? text
    let dot = mantissa.firstIndex(of: ".")
    let integerPart = dot.map { mantissa[..<$0] } ?? mantissa
    guard let integerDigits = withoutSeparators(integerPart, radix: 10),
      integerDigits == "0" || !integerDigits.hasPrefix("0")
    else { return nil }
    var literal = (negative ? "-" : "") + integerDigits
    if let dot {
      guard let fraction = withoutSeparators(mantissa[mantissa.index(after: dot)...], radix: 10) else {
        return nil
      }
      literal += "." + fraction
    }
    if let exponentStart {
      var exponent = text[text.index(after: exponentStart)...]
      var exponentSign = ""
      if let first = exponent.first, first == "+" || first == "-" {
        exponentSign = String(first)
        exponent = exponent.dropFirst()
      }
      guard let digits = withoutSeparators(exponent, radix: 10) else { return nil }
      literal += "e" + exponentSign + digits
    }
    guard dot != nil || exponentStart != nil else { return nil }
    return Double(literal)
  }

  private static func looksLikeDate(_ word: String) -> Bool {
    let scalars = Array(word.unicodeScalars)
    let isDay =
      scalars.count >= 10 && scalars[4] == "-" && scalars[7] == "-"
      && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { ("0"..."9").contains(scalars[$0]) }
    let isTime = scalars.count >= 5 && scalars[2] == ":"
    return isDay || isTime
  }
}
