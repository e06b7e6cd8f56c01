/// A key press, decoded from the terminal.
///
/// Printable input arrives as `.char`, control combinations as `.ctrl` with the lower-case letter
/// (`Ctrl-L` is `.ctrl("l")`). The session also reports a terminal resize as `.resize`.
///
/// ```swift
/// switch key {
/// case .down, .char("j"): list.selectNext()
/// case .char("q"): session.stop()
/// default: break
/// }
/// ```
package enum Key: Hashable, Sendable, CustomStringConvertible {
  case up, down, left, right
  case shiftUp, shiftDown, shiftLeft, shiftRight
  case pageUp, pageDown, home, end
  case insert, delete
  case enter, escape, backspace, tab, backTab
  /// A control combination, with its lower-case letter or symbol (`Ctrl-C` is `.ctrl("c")`).
  case ctrl(Character)
  /// A printable character.
  case char(Character)
  /// F1…F63.
  case function(Int)
  /// The terminal changed size; the session already re-laid out the screen.
  case resize
  /// A key curses knows but this enum does not name, with its curses code.
  case unknown(Int)
  /// The mouse (when the session has it on): a click, a double click, the wheel, a drag.
  case mouse(MouseEvent)

  package var description: String {
    switch self {
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .shiftUp: "Shift-Up"
    case .shiftDown: "Shift-Down"
    case .shiftLeft: "Shift-Left"
    case .shiftRight: "Shift-Right"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .insert: "Insert"
    case .delete: "Delete"
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .ctrl(let c): "Ctrl-\(c.uppercased())"
    case .char(" "): "Space"
    case .char(let c): String(c)
    case .function(let n): "F\(n)"
    case .resize: "Resize"
    case .unknown(let code): "Key(\(code))"
    case .mouse(let event): "Mouse(\(event))"
    }
  }
}

/// What the mouse did, at which cell (column `x`, row `y` from the top left).
package struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of mouse input the session reports.
  package enum Kind: Hashable, Sendable {
    /// The left button went down and up on one cell.
    case click
    /// A second click on the same cell soon after the first.
    case doubleClick
    /// The wheel turned away from the user (scroll up, zoom in).
    case wheelUp
    /// The wheel turned towards the user.
    case wheelDown
    /// The left button went down at `from` and up here.
    case drag(from: Point)
  }

  /// What happened.
  package var kind: Kind
  /// Where (where the button went up, for a drag).
  package var point: Point

  /// An event.
  package init(_ kind: Kind, at point: Point) {
    self.kind = kind
    self.point = point
  }

  package var description: String { "\(kind) at \(point.x),\(point.y)" }
}
