/// A cell position: column `x`, row `y`, both from zero at the top left.
package struct Point: Hashable, Sendable {
  package var x: Int
  package var y: Int

  package init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
