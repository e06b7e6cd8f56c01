import Foundation

// Numbers: a fast exact path for the short numbers EONET sends, the standard library for the rest.
extension JSONScanner {
  /// Reads a number. A string holding a number is accepted too (some feeds quote magnitudes).
  mutating func readDouble() throws(Failure) -> Double {
    let byte = try next()
    if byte == UInt8(ascii: "\"") {
      let position = offset
      let token = try stringToken()
      let text = string(token).trimmingCharacters(in: .whitespaces)
      guard let value = Double(text), value.isFinite else {
        throw .type(offset: position, expected: "a number")
      }
      return value
    }
    guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
      throw .type(offset: offset, expected: "a number")
    }
    return try number()
  }

  /// Reads a number or `null`.
  mutating func readOptionalDouble() throws(Failure) -> Double? {
    if try readNull() { return nil }
    return try readDouble()
  }

  private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Parses a JSON number at the cursor.
  ///
  /// Up to 15 significant digits with a small exponent convert exactly with one multiplication or
  /// division (both operands are exact doubles), which covers every coordinate and magnitude EONET
  /// sends; anything longer goes through the standard library's correctly rounded parser.
  private mutating func number() throws(Failure) -> Double {
    try number(converting: true)
  }

  /// Checks a number's syntax without converting it (a 400-digit number is valid JSON).
  mutating func skipNumber() throws(Failure) {
    _ = try number(converting: false)
  }

  /// Parses (or, with `converting` off, only validates) a JSON number at the cursor.
  ///
  /// A number too large for a `Double` is well-formed JSON of the wrong range: a type failure, which
  /// costs only the field it is in.
  private mutating func number(converting: Bool) throws(Failure) -> Double {
    let start = offset
    var negative = false
    if base[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    var integerDigits = 0
    while offset < count, base[offset] &- 0x30 < 10 {
      let digit = UInt64(base[offset] &- 0x30)
      if significant < 19 {
        mantissa = mantissa &* 10 &+ digit
        if mantissa != 0 { significant += 1 }
      } else {
        exponent += 1
        significant += 1
      }
      integerDigits += 1
      offset += 1
    }
    guard integerDigits > 0 else { throw .syntax(offset: offset, reason: "expected a digit") }
    if offset < count, base[offset] == UInt8(ascii: ".") {
      offset += 1
      var fractionDigits = 0
      while offset < count, base[offset] &- 0x30 < 10 {
        let digit = UInt64(base[offset] &- 0x30)
        if significant < 19 {
          mantissa = mantissa &* 10 &+ digit
          if mantissa != 0 { significant += 1 }
          exponent -= 1
        } else {
          significant += 1
        }
        fractionDigits += 1
        offset += 1
      }
      guard fractionDigits > 0 else { throw .syntax(offset: offset, reason: "expected a digit after '.'") }
    }
    if offset < count, base[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      var exponentNegative = false
      if offset < count, base[offset] == UInt8(ascii: "-") || base[offset] == UInt8(ascii: "+") {
        exponentNegative = base[offset] == UInt8(ascii: "-")
        offset += 1
      }
      var value = 0
      var digits = 0
      while offset < count, base[offset] &- 0x30 < 10 {
        if value < 100_000 { value = value * 10 + Int(base[offset] &- 0x30) }
        digits += 1
        offset += 1
      }
      guard digits > 0 else { throw .syntax(offset: offset, reason: "expected an exponent") }
      exponent += exponentNegative ? -value : value
    }
    guard converting else { return 0 }
    if significant <= 15, exponent >= -22, exponent <= 22 {
      let magnitude = Double(mantissa)
      let powers = Self.exactPowersOfTen
      let value = exponent < 0 ? magnitude / powers[-exponent] : magnitude * powers[exponent]
      return negative ? -value : value
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw .type(offset: start, expected: "a number within the range of a Double")
    }
    return value
  }
}
