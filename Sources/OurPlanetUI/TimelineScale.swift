import EONETKit
import Foundation
import OurPlanetModel
import TerminalUI

/// The scale under the timeline: a tick where a month begins, named (`Jun`, or the year where one
/// turns: `2026`), so the bars above read as dates, in the timeline's direction (the newest day
/// at the left, as the slider's low end).
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

  /// A tick where each month begins on a track `trackWidth` wide, in the timeline's direction (the
  /// newest day at the left unless it runs ``TimelineView/newestLast``), skipping a name that would
  /// run into another. The years (a January's tick) are placed first, so a range over several years
  /// names them however crowded its months are.
  func ticks(trackWidth: Int) -> [Tick] {
    guard trackWidth >= 3 else { return [] }
    let zone = Formatting.zone
    var candidates: [Tick] = []
    var years: Set<Int> = []
    var previous: (year: Int, month: Int)?
    for position in 0..<trackWidth {
      // The position's column counted from the newest one.
      let column = timeline.newestLast ? trackWidth - 1 - position : position
      let days = timeline.columnValue(column, trackWidth: trackWidth)
      let date = windowEnd.addingTimeInterval(-Double(days) * EventWindow.secondsPerDay)
      let month = Formatting.month(date, in: zone)
      defer { previous = month }
      guard let before = previous, before != month else { continue }
      // Newest first, the tick is at the month's last day, where the scan meets it.
      if month.month == 1 { years.insert(candidates.count) }
      candidates.append(
        Tick(position: position, label: Formatting.monthTick(year: month.year, month: month.month)))
    }
    var taken: [Range<Int>] = []
    var ticks: [Tick] = []
    func place(_ tick: Tick) {
      let span = tick.position..<(tick.position + DisplayWidth.of(tick.label) + 1)
      guard span.upperBound - 1 <= trackWidth, !taken.contains(where: { $0.overlaps(span) }) else { return }
      taken.append(span)
      ticks.append(tick)
    }
    for (index, tick) in candidates.enumerated() where years.contains(index) { place(tick) }
    for (index, tick) in candidates.enumerated() where !years.contains(index) { place(tick) }
    return ticks.sorted { $0.position < $1.position }
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
