/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Whether this size is at least `other` in both directions.
  public func contains(_ other: Size) -> Bool {
    width >= other.width && height >= other.height
  }

  public var description: String { "\(width)×\(height)" }
}
