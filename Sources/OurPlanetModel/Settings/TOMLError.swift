/// A mistake in a TOML document: the 1-based line and what is wrong there.
package struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line the mistake is on.
  package let line: Int
  /// What is wrong, in words.
  package let message: String

  package var description: String { "line \(line): \(message)" }
}
