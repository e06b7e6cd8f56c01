/// A spinner that turns only while work is running.
///
/// The frame comes from an animation tick (the session's `animationTick`), so two renders at the
/// same tick look the same and tests need no clock.
///
/// ```swift
/// var spinner = Spinner()
/// spinner.isSpinning = true
/// spinner.glyph(at: 3, symbols: .unicode)  // "⠸"
/// ```
package struct Spinner: Hashable, Sendable {
  /// Whether work is running; a stopped spinner draws nothing.
  package var isSpinning: Bool

  /// Creates a spinner.
  package init(isSpinning: Bool = false) {
    self.isSpinning = isSpinning
  }

  /// The frame for an animation tick, or `nil` when the spinner is stopped.
  package func glyph(at tick: Int, symbols: Symbols) -> Character? {
    guard isSpinning, !symbols.spinnerFrames.isEmpty else { return nil }
    let count = symbols.spinnerFrames.count
    return symbols.spinnerFrames[((tick % count) + count) % count]
  }
}
