import EONETKit
import Foundation
import OurPlanetModel
import TerminalUI

/// The scale under the timeline: a tick where a month begins, named (`Jun`, or the year where one
/// turns: `2026`), so the bars above read as dates, oldest at the left.
///
/// ```swift
/// let scale = TimelineScale(timeline: timeline, windowEnd: now)
/// scale.render(scale.ticks(trackWidth: scale.key(width: row.width).trackWidth), into: &buffer, rect: row)
/// // "2025   Feb    Mar    Apr …"
/// ```
struct TimelineScale {
  /// The timeline the scale is for (its bounds, its track, its direction, its theme).
  var timeline: TimelineView
  /// The moment its days count back from.
  var windowEnd: Date

  /// A month's name at its first position on the track, counted from the left.
  struct Tick: Equatable {
    var position: Int
    var label: String
  }

  /// What the ticks depend on: a frame that changes none of it draws the ticks the last one
  /// worked out (a month's name is a calendar lookup per column, too much for every frame).
  struct Key: Equatable {
    var windowEnd: Date
    var trackWidth: Int
    var bounds: ClosedRange<Int>
  }

  /// The ticks' key on a row `width` wide.
  func key(width: Int) -> Key {
    Key(windowEnd: windowEnd, trackWidth: width - timeline.leadingWidth - 1, bounds: timeline.bounds)
  }

  /// Where each month begins on a track `trackWidth` wide, oldest at the left, skipping a name
  /// that would run into the one before it.
  func ticks(trackWidth: Int) -> [Tick] {
    guard trackWidth >= 3 else { return [] }
    let zone = Formatting.zone
    var ticks: [Tick] = []
    var previous: (year: Int, month: Int)?
    var free = 0
    for position in 0..<trackWidth {
      // Oldest at the left: the position's column counted from the newest one.
      let column = trackWidth - 1 - position
      let days = timeline.columnValue(column, trackWidth: trackWidth)
      let date = windowEnd.addingTimeInterval(-Double(days) * EventWindow.secondsPerDay)
      let month = Formatting.month(date, in: zone)
      defer { previous = month }
      guard let before = previous, before != month, position >= free else { continue }
      let label = Formatting.monthTick(year: month.year, month: month.month)
      ticks.append(Tick(position: position, label: label))
      free = position + DisplayWidth.of(label) + 1
    }
    return ticks
  }

  /// Draws `ticks` (``ticks(trackWidth:)`` for this row) on the first row of `rect`.
  func render(_ ticks: [Tick], into buffer: inout CellBuffer, rect: Rect) {
    let style = timeline.theme.secondary
    buffer.clear(rect, style: style)
    guard !rect.isEmpty else { return }
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    for tick in ticks {
      buffer.write(
        tick.label, at: Point(x: rect.x + timeline.leadingWidth + tick.position, y: rect.y), style: style,
        clip: row)
    }
  }
}
