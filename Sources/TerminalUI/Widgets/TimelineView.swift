/// A one-row histogram of events per day, drawn above a ``SliderView`` and aligned with its track:
/// each column sums the days between its slider value and the previous column's, and the columns
/// inside the slider's current window are highlighted.
///
/// ```swift
/// let timeline = TimelineView(counts: perDay, bounds: 1...360, value: 30, leadingWidth: 14)
/// timeline.render(into: &buffer, rect: row)
/// ```
package struct TimelineView: Hashable, Sendable {
  /// Events per day of age: `counts[0]` is the last day.
  package var counts: [Int]
  /// The slider's bounds.
  package var bounds: ClosedRange<Int>
  /// The slider's value: columns up to it are highlighted.
  package var value: Int
  /// Columns before the slider's track (its label, a space and its left arrow).
  package var leadingWidth: Int
  /// Styles.
  package var theme: Theme
  /// Whether time runs left to right: the oldest day at the left, the last day at the right, as in
  /// every sparkline. `false` puts the last day first, under the slider's low end.
  package var newestLast = false
  /// Whether the leading columns end with the scale: the tallest bar's count (`█ 42`), what the
  /// bars' heights are a share of.
  package var showsPeak = false

  /// Creates a timeline.
  package init(
    counts: [Int], bounds: ClosedRange<Int>, value: Int, leadingWidth: Int, theme: Theme = .standard
  ) {
    self.counts = counts
    self.bounds = bounds
    self.value = value
    self.leadingWidth = leadingWidth
    self.theme = theme
  }

  /// The bar levels, lowest first (the first is an empty day).
  static func levels(ascii: Bool) -> [Character] {
    ascii
      ? [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"] : [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  }

  /// The events of each column of a track `trackWidth` wide.
  func columnTotals(trackWidth: Int) -> [Int] {
    guard trackWidth > 0 else { return [] }
    let span = bounds.upperBound - bounds.lowerBound
    var totals: [Int] = []
    totals.reserveCapacity(trackWidth)
    var previous = 0
    for column in 0..<trackWidth {
      let upTo =
        trackWidth > 1
        ? bounds.lowerBound + (column * span + (trackWidth - 1) / 2) / (trackWidth - 1) : bounds.upperBound
      let end = min(max(upTo, previous), counts.count)
      totals.append(previous < end ? counts[previous..<end].reduce(0, +) : 0)
      previous = max(previous, end)
    }
    return totals
  }

  /// The slider value a column stands for, counted from the newest column.
  package func columnValue(_ column: Int, trackWidth: Int) -> Int {
    let span = bounds.upperBound - bounds.lowerBound
    guard trackWidth > 1 else { return bounds.upperBound }
    return bounds.lowerBound + (column * span + (trackWidth - 1) / 2) / (trackWidth - 1)
  }

  /// Draws the bars on the first row of `rect`, under the same track geometry as the slider.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.text)
    let trackWidth = rect.width - leadingWidth - 1
    guard !rect.isEmpty, trackWidth >= 3 else { return }
    let levels = Self.levels(ascii: buffer.symbols.isASCII)
    let totals = columnTotals(trackWidth: trackWidth)
    let highest = totals.max() ?? 0
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    if showsPeak, highest > 0 {
      let label = "\(levels[levels.count - 1]) \(highest)"
      let width = DisplayWidth.of(label)
      if width + 1 <= leadingWidth {
        buffer.write(
          label, at: Point(x: rect.x + leadingWidth - width - 1, y: rect.y), style: theme.secondary, clip: row
        )
      }
    }
    for (column, total) in totals.enumerated() {
      var level = 0
      if total > 0, highest > 0 {
        level = max(1, Int((Double(total) / Double(highest) * Double(levels.count - 1)).rounded(.up)))
      }
      let inWindow = columnValue(column, trackWidth: trackWidth) <= value
      let style = inWindow ? theme[.timelineWindow] : theme[.timeline]
      buffer.write(
        String(levels[min(level, levels.count - 1)]),
        at: Point(x: rect.x + leadingWidth + (newestLast ? trackWidth - 1 - column : column), y: rect.y),
        style: style, clip: row)
    }
  }
}
