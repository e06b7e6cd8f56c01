/// A cell position: column `x`, row `y`, both from zero at the top left.
public struct Point: Hashable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
