/// A labelled value with bounds and a step: the days filter, "Last 30 days ◀━━━━━●━━▶".
///
/// ←/→ move by `step`, Shift-←/→ and `[`/`]` by `largeStep`, Home/End jump to the bounds. The label
/// is the app's ("Last 30 days"); the track shows where the value sits between the bounds.
///
/// ```swift
/// var slider = SliderView(value: 30, bounds: 1...365, step: 1, largeStep: 30)
/// slider.label = "Last \(slider.value) days"
/// if slider.handle(key: key) { daysRelay.accept(slider.value) }
/// ```
package struct SliderView: Hashable, Sendable {
  /// The current value, always within `bounds`.
  package private(set) var value: Int
  /// The smallest and largest values.
  package var bounds: ClosedRange<Int> {
    didSet { value = clamped(value) }
  }
  /// How far ←/→ move.
  package var step: Int
  /// How far Shift-←/→ and [ / ] move.
  package var largeStep: Int
  /// Drawn before the track.
  package var label: String
  /// Styles.
  package var theme: Theme

  /// Creates a slider.
  package init(
    value: Int, bounds: ClosedRange<Int>, step: Int = 1, largeStep: Int? = nil, label: String = "",
    theme: Theme = .standard
  ) {
    precondition(step > 0, "SliderView needs a positive step, got \(step)")
    self.bounds = bounds
    self.step = step
    self.largeStep = max(step, largeStep ?? step * 10)
    self.label = label
    self.theme = theme
    self.value = bounds.lowerBound
    self.value = clamped(value)
  }

  /// Sets the value, clamped to the bounds.
  package mutating func setValue(_ newValue: Int) {
    value = clamped(newValue)
  }

  /// Adjusts the value for ←/→, Shift-←/→, [ / ], Home/End.
  ///
  /// - Returns: `true` when the key is a slider key (whether or not the value changed).
  package mutating func handle(key: Key) -> Bool {
    switch key {
    case .left: setValue(value - step)
    case .right: setValue(value + step)
    case .shiftLeft, .char("["): setValue(value - largeStep)
    case .shiftRight, .char("]"): setValue(value + largeStep)
    case .home: setValue(bounds.lowerBound)
    case .end: setValue(bounds.upperBound)
    default: return false
    }
    return true
  }

  /// Draws "label ◀━━●━━▶" on the first row of `rect`, dropping the track, then the arrows, as the
  /// width shrinks; the label is truncated last.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.text)
    guard !rect.isEmpty else { return }
    let symbols = buffer.symbols
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    let labelWidth = DisplayWidth.of(label)
    let minimumTrack = 3
    let arrowsAndGap = label.isEmpty ? 2 : 3
    let trackWidth = rect.width - labelWidth - arrowsAndGap
    guard trackWidth >= minimumTrack else {
      let text = TextLayout.truncate(label, toWidth: rect.width, ellipsis: symbols.ellipsis)
      buffer.write(text, at: Point(x: rect.x, y: rect.y), style: theme.text, clip: row)
      return
    }
    var x = rect.x
    if !label.isEmpty {
      x += buffer.write(label + " ", at: Point(x: x, y: rect.y), style: theme.text, clip: row)
    }
    let atLower = value <= bounds.lowerBound
    let atUpper = value >= bounds.upperBound
    x += buffer.write(
      String(symbols.sliderLeft), at: Point(x: x, y: rect.y),
      style: atLower ? theme[.sliderTrack] : theme[.sliderKnob],
      clip: row)
    let knob = knobPosition(trackWidth: trackWidth)
    for position in 0..<trackWidth {
      let isKnob = position == knob
      x += buffer.write(
        String(isKnob ? symbols.sliderKnob : symbols.sliderTrack), at: Point(x: x, y: rect.y),
        style: isKnob ? theme[.sliderKnob].adding(.bold) : theme[.sliderTrack], clip: row)
    }
    buffer.write(
      String(symbols.sliderRight), at: Point(x: x, y: rect.y),
      style: atUpper ? theme[.sliderTrack] : theme[.sliderKnob],
      clip: row)
  }

  /// Where the knob sits on a track of `trackWidth` cells.
  func knobPosition(trackWidth: Int) -> Int {
    let span = bounds.upperBound - bounds.lowerBound
    guard span > 0, trackWidth > 1 else { return 0 }
    let offset = value - bounds.lowerBound
    return (offset * (trackWidth - 1) + span / 2) / span
  }

  private func clamped(_ candidate: Int) -> Int {
    min(max(candidate, bounds.lowerBound), bounds.upperBound)
  }
}
