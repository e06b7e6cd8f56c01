import EONETKit
import Foundation
import OurPlanetModel
import TerminalUI

/// The scale under the timeline: a tick where a month begins, named (`Jun`, or the year where one
/// turns: `2026`), so the bars above read as dates, oldest at the left.
///
/// ```swift
/// TimelineScale(timeline: timeline, windowEnd: now).render(into: &buffer, rect: row)
/// // "2025   Feb    Mar    Apr …"
/// ```
struct TimelineScale {
  /// The timeline the scale is for (its bounds, its track, its direction).
  var timeline: TimelineView
  /// The moment its days count back from.
  var windowEnd: Date

  /// Draws the month names on the first row of `rect`, each at its month's first column, skipping
  /// a name that would run into the one before it.
  func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: Theme.standard.secondary)
    let trackWidth = rect.width - timeline.leadingWidth - 1
    guard !rect.isEmpty, trackWidth >= 3 else { return }
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    var previous: (year: Int, month: Int)?
    var free = rect.x + timeline.leadingWidth
    for position in 0..<trackWidth {
      // Oldest at the left: the position's column counted from the newest one.
      let column = trackWidth - 1 - position
      let days = timeline.columnValue(column, trackWidth: trackWidth)
      let date = windowEnd.addingTimeInterval(-Double(days) * EventWindow.secondsPerDay)
      let month = Formatting.month(date)
      defer { previous = month }
      guard let before = previous, before != month else { continue }
      let x = rect.x + timeline.leadingWidth + position
      guard x >= free else { continue }
      let label = Formatting.monthTick(year: month.year, month: month.month)
      free =
        x + buffer.write(label, at: Point(x: x, y: rect.y), style: Theme.standard.secondary, clip: row) + 1
    }
  }
}
