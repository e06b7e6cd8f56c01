import EONETKit
import Foundation
import OurPlanetModel
import TerminalUI

/// The events screen's days controls: the timeline of events per day, with the months under it
/// when the terminal has a row to spare, above the days slider.
///
/// It remembers where both tracks were last drawn, so a click or a drag on either sets the days.
///
/// ```swift
/// var control = DaysControl()
/// let below = control.render(days: 30, range: 1...365, state: state, theme: theme, into: &buffer, rect: rect)
/// let days = control.days(at: click, range: 1...365)  // the day under the click, or nil
/// ```
struct DaysControl {
  /// Where the slider's and the timeline's tracks were last drawn (their row, first column and
  /// width), for the mouse; both run newest first.
  private var sliderTrack: (y: Int, x: Int, width: Int)?
  private var timelineTrack: (y: Int, x: Int, width: Int)?
  /// The month ticks under the timeline, as last worked out, and what they were worked out for.
  private var scaleTicks: (key: TimelineScale.Key, ticks: [TimelineScale.Tick])?

  /// From this height on, the timeline shows above the slider.
  static let rowsKeepingTimeline = 8
  /// From this height on, the timeline has its scale of months under it.
  static let rowsKeepingScale = 16

  /// Draws the controls at the top of `rect` (the timeline only when `rect` is tall enough) and
  /// returns what is left below them.
  ///
  /// - Parameters:
  ///   - days: The slider's value.
  ///   - range: The slider's bounds.
  ///   - state: The list's state: the timeline's counts and the window's ends (`nil`: loading).
  ///   - theme: The colours.
  ///   - buffer: Where to draw.
  ///   - rect: The whole screen's area.
  /// - Returns: The rows of `rect` under the slider.
  mutating func render(
    days: Int, range: ClosedRange<Int>, state: EventListState?, theme: Theme, into buffer: inout CellBuffer,
    rect: Rect
  ) -> Rect {
    // Set again below for what this frame draws.
    sliderTrack = nil
    timelineTrack = nil
    let label = Self.paddedLabel(days: days, range: range, end: state?.rangeEnd)
    var rest = rect
    if rect.height >= Self.rowsKeepingTimeline {
      let (timelineRect, below) = rest.splitTop(1)
      var timeline = TimelineView(
        counts: state?.histogram ?? [], bounds: range, value: days, leadingWidth: DisplayWidth.of(label) + 2,
        theme: theme)
      // The newest day first, under the slider's low end: the window the slider sets is the bars
      // from the left edge to its knob, one direction for both.
      timeline.showsPeak = true
      timeline.render(into: &buffer, rect: timelineRect)
      timelineTrack = (
        timelineRect.y, timelineRect.x + timeline.leadingWidth, timelineRect.width - timeline.leadingWidth - 1
      )
      rest = below
      // The months under the bars, while the terminal has a row to spare for them.
      if rect.height >= Self.rowsKeepingScale, let windowEnd = state?.windowEnd {
        rest = renderScale(of: timeline, windowEnd: windowEnd, into: &buffer, rect: rest)
      }
    }
    let (sliderRect, afterSlider) = rest.splitTop(1)
    SliderView(value: days, bounds: range, step: 1, largeStep: 30, label: label, theme: theme)
      .render(into: &buffer, rect: sliderRect)
    // The label, a blank and the ◀ before the track; the ▶ after it.
    let labelWidth = DisplayWidth.of(label)
    sliderTrack = (sliderRect.y, sliderRect.x + labelWidth + 2, sliderRect.width - labelWidth - 3)
    return afterSlider
  }

  /// The days a click or a drag on the slider's track or the timeline stands for: the slider's cell
  /// is its value; the timeline's column is the day it shows, the newest at the left as the
  /// slider's, so the window reaches back to it. `nil` for any other event or place.
  func days(at event: MouseEvent, range: ClosedRange<Int>) -> Int? {
    switch event.kind {
    case .click, .drag: break
    default: return nil
    }
    // The timeline's geometry is the slider's: one column per slider value, from the low end.
    let geometry = TimelineView(counts: [], bounds: range, value: 0, leadingWidth: 0)
    let point = event.point
    for track in [sliderTrack, timelineTrack].compactMap(\.self)
    where point.y == track.y && track.width > 1 && (track.x..<track.x + track.width).contains(point.x) {
      return geometry.columnValue(point.x - track.x, trackWidth: track.width)
    }
    return nil
  }

  /// The months under the timeline, in the first row of `rect`; returns the rows below it.
  private mutating func renderScale(
    of timeline: TimelineView, windowEnd: Date, into buffer: inout CellBuffer, rect: Rect
  ) -> Rect {
    let (scaleRect, below) = rect.splitTop(1)
    let scale = TimelineScale(timeline: timeline, windowEnd: windowEnd)
    let key = scale.key(width: scaleRect.width)
    if scaleTicks?.key != key { scaleTicks = (key, scale.ticks(trackWidth: key.trackWidth)) }
    scale.render(scaleTicks?.ticks ?? [], into: &buffer, rect: scaleRect)
    return below
  }

  /// The slider's label for `days`, padded to the widest label's width so the slider's track (and
  /// the timeline above it) never shifts. It says the window as the header does: a past range's
  /// days end on its last day (`end`), not today's.
  private static func paddedLabel(days: Int, range: ClosedRange<Int>, end: Date?) -> String {
    func label(_ days: Int) -> String {
      let heading = EventWindow(days: days, end: end).heading
      return heading.prefix(1).uppercased() + heading.dropFirst()
    }
    let widest = label(range.upperBound)
    let text = label(days)
    return text + String(repeating: " ", count: max(0, DisplayWidth.of(widest) - DisplayWidth.of(text)))
  }
}
