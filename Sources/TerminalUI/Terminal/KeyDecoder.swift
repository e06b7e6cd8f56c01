@preconcurrency internal import CNcursesw
import Support

/// Turns what `wget_wch` returns into a `Key`.
enum KeyDecoder {
  /// A character read from the terminal (`wget_wch` returned `OK`).
  static func decode(character value: UInt32) -> Key? {
    switch value {
    case tab: return .tab
    case lineFeed, carriageReturn: return .enter
    case escape: return .escape
    case delete, backspaceControl: return .backspace
    case nul: return .ctrl(" ")
    case controlA...controlZ:
      guard let letter = Unicode.Scalar(value - controlA + letterA) else { return nil }
      return .ctrl(Character(letter))
    case fileSeparator...unitSeparator:
      // Ctrl-\ ] ^ _ : the symbols that follow Z in ASCII, after "[" (which is Esc).
      guard let symbol = Unicode.Scalar(value - escape + openBracket) else { return nil }
      return .ctrl(Character(symbol))
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      let character = Character(scalar)
      guard CharacterWidth.of(character) != nil else { return nil }
      return .char(character)
    }
  }

  /// A function key (`wget_wch` returned `KEY_CODE_YES`).
  static func decode(keyCode code: Int32) -> Key {
    if code >= cncursesw_key_f0() && code <= cncursesw_key_f(cncursesw_key_max_function()) {
      return .function(Int(code - cncursesw_key_f0()))
    }
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_SR: return .shiftUp
    case KEY_SF: return .shiftDown
    case KEY_SLEFT: return .shiftLeft
    case KEY_SRIGHT: return .shiftRight
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME, KEY_A1: return .home
    case KEY_END, KEY_C1, KEY_LL: return .end
    case KEY_IC: return .insert
    case KEY_DC: return .delete
    case KEY_ENTER: return .enter
    case KEY_BACKSPACE: return .backspace
    case KEY_BTAB: return .backTab
    case KEY_RESIZE: return .resize
    default: return .unknown(Int(code))
    }
  }

  /// xterm's sequences for shifted arrows, registered when the terminal description lacks them (tmux
  /// and screen descriptions often do), so Shift-←/→ work everywhere.
  static let shiftedArrowSequences: [(sequence: String, code: Int32)] = [
    ("\u{1B}[1;2A", KEY_SR), ("\u{1B}[1;2B", KEY_SF), ("\u{1B}[1;2C", KEY_SRIGHT), ("\u{1B}[1;2D", KEY_SLEFT),
  ]

  private static let nul: UInt32 = 0x00
  private static let controlA: UInt32 = 0x01
  private static let backspaceControl: UInt32 = 0x08
  private static let tab: UInt32 = 0x09
  private static let lineFeed: UInt32 = 0x0A
  private static let carriageReturn: UInt32 = 0x0D
  private static let controlZ: UInt32 = 0x1A
  private static let escape: UInt32 = 0x1B
  private static let fileSeparator: UInt32 = 0x1C
  private static let unitSeparator: UInt32 = 0x1F
  private static let delete: UInt32 = 0x7F
  private static let letterA: UInt32 = 0x61
  private static let openBracket: UInt32 = 0x5B
}
