/// A rectangle of cells: the area a widget renders into.
///
/// Layout helpers return empty rectangles rather than negative sizes, so a layout computed for a 1×1
/// terminal is still valid.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let (header, rest) = screen.splitTop(1)
/// let (body, status) = rest.splitBottom(1)
/// ```
package struct Rect: Hashable, Sendable, CustomStringConvertible {
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  /// Creates a rectangle; negative sizes become zero.
  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// A rectangle at the origin of the given size.
  package init(size: Size) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  package var size: Size { Size(width: width, height: height) }
  package var isEmpty: Bool { width == 0 || height == 0 }
  package var minX: Int { x }
  package var minY: Int { y }
  /// One past the last column.
  package var maxX: Int { x + width }
  /// One past the last row.
  package var maxY: Int { y + height }

  /// Whether the cell at `point` lies inside.
  package func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// The overlap of two rectangles (empty when they do not overlap).
  package func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle shrunk by `dx` columns on each side and `dy` rows at top and bottom.
  package func insetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// Splits off the first `rows` rows (fewer if the rectangle is shorter).
  package func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
    let taken = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: taken),
      Rect(x: x, y: y + taken, width: width, height: height - taken)
    )
  }

  /// Splits off the last `rows` rows (fewer if the rectangle is shorter).
  package func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
    let taken = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: height - taken),
      Rect(x: x, y: y + height - taken, width: width, height: taken)
    )
  }

  /// Splits off the first `columns` columns (fewer if the rectangle is narrower).
  package func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
    let taken = min(max(0, columns), width)
    return (
      Rect(x: x, y: y, width: taken, height: height),
      Rect(x: x + taken, y: y, width: width - taken, height: height)
    )
  }

  /// A rectangle of at most `size` centred in this one.
  package func centered(_ size: Size) -> Rect {
    let w = min(size.width, width)
    let h = min(size.height, height)
    return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
  }

  package var description: String { "(\(x),\(y) \(width)×\(height))" }
}
