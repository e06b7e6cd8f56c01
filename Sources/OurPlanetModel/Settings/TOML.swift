/// Reads TOML 1.0 (the config file's format), hand-written since the package takes no dependencies.
///
/// Everything but dates and times: comments; bare, quoted and dotted keys; basic, literal and
/// multi-line strings with every escape; decimal, hexadecimal, octal and binary integers with `_`
/// separators; floats with exponents, `inf` and `nan`; booleans; arrays over several lines; inline
/// tables; `[tables]` and `[[arrays of tables]]`. What the specification forbids is an error naming
/// the line: a key set twice, a table defined twice, a table extended after it was closed (an inline
/// table, or a value), control characters, an integer that does not fit in 64 bits.
///
/// Bounded for any input: values nest at most ``maximumDepth`` tables and arrays deep (a file of
/// 100,000 `[` is a message, not a stack overflow), and a key of many parts or a file of many
/// headers costs time in proportion to its length.
///
/// ```swift
/// let table = try TOML.parse("days = 30\n[places]\nhome = \"29.76,-95.37,300\"\n")
/// table["days"]  // .integer(30)
/// ```
package enum TOML {
  /// How deep tables (by header, dotted key or inline) and arrays may nest: far more than a config
  /// needs, few enough that the recursive parser stays well inside any thread's stack.
  package static let maximumDepth = 100

  /// Parses `text`.
  ///
  /// - Returns: The document's root table.
  /// - Throws: ``TOMLError`` for the first mistake.
  package static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    var parser = TOMLParser(text)
    return try parser.document()
  }
}
