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
public enum Key: Hashable, Sendable, CustomStringConvertible {
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

  public var description: String {
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
    }
  }
}
