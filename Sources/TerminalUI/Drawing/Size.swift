/// A size in terminal cells.
package struct Size: Hashable, Sendable, CustomStringConvertible {
  package var width: Int
  package var height: Int

  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Whether this size is at least `other` in both directions.
  package func contains(_ other: Size) -> Bool {
    width >= other.width && height >= other.height
  }

  package var description: String { "\(width)×\(height)" }
}
