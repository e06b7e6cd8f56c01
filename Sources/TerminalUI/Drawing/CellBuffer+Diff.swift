extension CellBuffer {
  /// The runs of cells that differ from `previous`: everything when the sizes differ.
  ///
  /// Runs never start on the second half of a wide character, so the renderer can draw each one with
  /// the characters it holds.
  ///
  /// ```swift
  /// for run in next.changes(from: current) { draw(run) }
  /// ```
  package func changes(from previous: CellBuffer?) -> [CellRun] {
    let width = size.width
    guard let previous, previous.size == size else {
      return (0..<size.height).compactMap { y in
        width == 0 ? nil : CellRun(origin: Point(x: 0, y: y), cells: Array(row(y)))
      }
    }
    var runs: [CellRun] = []
    for y in 0..<size.height {
      let base = y * width
      var x = 0
      while x < width {
        if cells[base + x] == previous.cells[base + x] {
          x += 1
          continue
        }
        var start = x
        // A changed continuation cell means its wide character changed too: redraw from it.
        if cells[base + start].isContinuation && start > 0 { start -= 1 }
        var end = x + 1
        while end < width && cells[base + end] != previous.cells[base + end] { end += 1 }
        // Never end on the first half of a wide character.
        if end < width && cells[base + end].isContinuation { end += 1 }
        if let last = runs.last, last.origin.y == y, last.origin.x + last.cells.count >= start {
          let merged = last.origin.x..<end
          runs[runs.count - 1] = CellRun(
            origin: last.origin, cells: Array(cells[(base + merged.lowerBound)..<(base + merged.upperBound)]))
        } else {
          runs.append(
            CellRun(origin: Point(x: start, y: y), cells: Array(cells[(base + start)..<(base + end)])))
        }
        x = end
      }
    }
    return runs
  }
}
