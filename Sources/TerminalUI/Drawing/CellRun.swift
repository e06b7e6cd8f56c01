/// A horizontal run of changed cells: what the renderer sends to the terminal.
public struct CellRun: Hashable, Sendable {
  /// Where the run starts.
  public var origin: Point
  /// The cells, left to right (continuation cells included, so `cells.count` is the run's width).
  public var cells: [Cell]
}
