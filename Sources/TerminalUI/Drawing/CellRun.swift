/// A horizontal run of changed cells: what the renderer sends to the terminal.
package struct CellRun: Hashable, Sendable {
  /// Where the run starts.
  package var origin: Point
  /// The cells, left to right (continuation cells included, so `cells.count` is the run's width).
  package var cells: [Cell]
}
