/// Turns the terminal's raw mouse reports (press, release, wheel) into what a user did: a click,
/// a double click (a second click on the same cell within ``doubleClickMilliseconds``), a drag
/// (down on one cell, up on another), the wheel.
struct MouseTracker {
  /// The longest pause between the two clicks of a double click.
  static let doubleClickMilliseconds = 400

  /// Raw kinds, as `cncursesw_get_mouse` reports them.
  enum Raw {
    static let press = 1
    static let release = 2
    static let click = 3
    static let wheelUp = 4
    static let wheelDown = 5
    static let doubleClick = 7
  }

  private var pressedAt: Point?
  private var lastClick: (point: Point, time: ContinuousClock.Instant)?
  private let now: () -> ContinuousClock.Instant

  init(now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
    self.now = now
  }

  /// The user's action, once a report completes one.
  mutating func feed(kind: Int, at point: Point) -> MouseEvent? {
    switch kind {
    case Raw.wheelUp: return MouseEvent(.wheelUp, at: point)
    case Raw.wheelDown: return MouseEvent(.wheelDown, at: point)
    case Raw.press:
      pressedAt = point
      return nil
    case Raw.release:
      let start = pressedAt ?? point
      pressedAt = nil
      if start != point { return MouseEvent(.drag(from: start), at: point) }
      return click(at: point)
    case Raw.click:
      pressedAt = nil
      return click(at: point)
    case Raw.doubleClick:
      pressedAt = nil
      lastClick = nil
      return MouseEvent(.doubleClick, at: point)
    default:
      return nil
    }
  }

  private mutating func click(at point: Point) -> MouseEvent {
    let time = now()
    if let last = lastClick, last.point == point,
      time - last.time <= .milliseconds(Self.doubleClickMilliseconds)
    {
      lastClick = nil
      return MouseEvent(.doubleClick, at: point)
    }
    lastClick = (point, time)
    return MouseEvent(.click, at: point)
  }
}
