@testable import TerminalUI

/// Renders with a fresh buffer and returns its lines: the shape every widget test takes.
func renderLines(
  width: Int, height: Int, symbols: Symbols = .unicode, _ draw: (inout CellBuffer, Rect) -> Void
) -> [String] {
  var buffer = CellBuffer(size: Size(width: width, height: height), symbols: symbols)
  draw(&buffer, buffer.bounds)
  return buffer.lines
}

extension Array where Element == String {
  /// The lines without trailing spaces, for readable expectations.
  var trimmed: [String] {
    map { line in
      var line = line
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }
}
