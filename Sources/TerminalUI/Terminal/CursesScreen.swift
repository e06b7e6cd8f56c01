@preconcurrency internal import CNcursesw
import Glibc
import Support

/// One curses screen: set-up, size, key input and drawing a `CellBuffer`. Main thread only.
///
/// `TerminalSession` uses it on the real terminal; tests use it headless, with output to /dev/null,
/// and read the screen back with `text(row:)`.
final class CursesScreen {
  private let screen: OpaquePointer
  private let output: UnsafeMutablePointer<FILE>
  private let input: UnsafeMutablePointer<FILE>
  private var colorPairs: ColorPairs
  private var previous: CellBuffer?
  private var isEnded = false
  /// Glyphs for this terminal: Unicode when the locale is UTF-8, ASCII otherwise.
  let symbols: Symbols

  /// Starts curses on the given streams; takes ownership of both `FILE`s.
  ///
  /// - Parameters:
  ///   - terminalName: the terminfo name, or `nil` for `$TERM`.
  ///   - unicode: whether to draw Unicode glyphs (the locale is UTF-8).
  ///   - colors: whether to use colours at all.
  ///   - escapeDelay: milliseconds to wait after Esc for the rest of a key sequence, or `nil` to
  ///     keep what curses chose (it honours `$ESCDELAY`).
  ///   - directColor: whether to drive the terminal in 24-bit colour: with the terminal's own
  ///     terminfo when it has direct colour, else with its `-direct` variant (``directVariant(of:)``)
  ///     when that is installed, else as before.
  /// - Throws: `TerminalError.unsupportedTerminal` when curses cannot drive the terminal.
  init(
    terminalName: String?, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    unicode: Bool, colors: Bool, escapeDelay: Int?, mouse: Bool = false, directColor: Bool = false
  ) throws(TerminalError) {
    let name = terminalName ?? String(cString: getenv("TERM") ?? strdup("unknown"))
    // newterm answers nil for a name terminfo does not have, so the variant is simply tried first.
    let direct =
      directColor && colors ? Self.directVariant(of: name).flatMap { newterm($0, output, input) } : nil
    guard let screen = direct ?? newterm(name, output, input) else {
      fclose(output)
      fclose(input)
      throw .unsupportedTerminal(name)
    }
    set_term(screen)
    guard CursesScreen.capability("cup") != nil else {
      endwin()
      delscreen(screen)
      fclose(output)
      fclose(input)
      throw .unsupportedTerminal(name)
    }
    self.screen = screen
    self.output = output
    self.input = input
    self.symbols = unicode ? .unicode : .ascii
    let window = cncursesw_stdscr()
    cbreak()
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, true)
    nodelay(window, true)
    leaveok(window, true)
    curs_set(0)
    if let escapeDelay { set_escdelay(Int32(escapeDelay)) }
    for (sequence, code) in KeyDecoder.shiftedArrowSequences where key_defined(sequence) == 0 {
      define_key(sequence, code)
    }
    var useColors = colors && has_colors()
    var defaultColors = false
    if useColors {
      useColors = start_color() == OK
      defaultColors = useColors && use_default_colors() == OK
    }
    colorPairs = ColorPairs(enabled: useColors, hasDefaultColors: defaultColors)
    mouseEnabled = mouse && cncursesw_enable_mouse(1) != 0
    werase(window)
  }

  /// Whether the terminal reports the mouse.
  private(set) var mouseEnabled = false
  /// Turns presses and releases into clicks, double clicks and drags.
  private var mouseTracker = MouseTracker()

  /// Whether colours are drawn.
  var colorsEnabled: Bool { colorPairs.isEnabled }

  /// Whether colours go out as 24-bit RGB values.
  var isDirectColor: Bool { colorPairs.isDirect }

  /// How many colours the terminal has (0 when colours are off).
  var colorCount: Int { colorPairs.paletteSize }

  /// The terminfo name of `name`'s direct-colour variant, as ncurses names them: `tmux-256color`
  /// and `tmux` become `tmux-direct`, `xterm-256color` `xterm-direct`; `nil` for a name that is
  /// already a direct one.
  static func directVariant(of name: String) -> String? {
    guard !name.isEmpty, !name.hasSuffix("-direct") else { return nil }
    for suffix in ["-256color", "-88color", "-16color", "-color"] where name.hasSuffix(suffix) {
      return String(name.dropLast(suffix.count)) + "-direct"
    }
    return name + "-direct"
  }

  /// The screen's size in cells.
  var size: Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cncursesw_getmaxyx(cncursesw_stdscr(), &rows, &columns)
    return Size(width: Int(max(0, columns)), height: Int(max(0, rows)))
  }

  /// Tells curses the terminal is now `size` (after SIGWINCH); the next `present` repaints fully.
  func resize(to size: Size) {
    guard size.width > 0, size.height > 0 else { return }
    resizeterm(Int32(size.height), Int32(size.width))
    invalidate()
  }

  /// The next key waiting, or `nil` when there is none.
  func readKey() -> Key? {
    while true {
      var value: wint_t = 0
      let status = wget_wch(cncursesw_stdscr(), &value)
      switch status {
      case OK: return KeyDecoder.decode(character: UInt32(value)) ?? .unknown(Int(value))
      case KEY_CODE_YES:
        let code = Int32(bitPattern: value)
        guard code == cncursesw_key_mouse() else { return KeyDecoder.decode(keyCode: code) }
        var x: Int32 = 0
        var y: Int32 = 0
        var kind: Int32 = 0
        guard cncursesw_get_mouse(&x, &y, &kind) != 0 else { continue }
        // A press alone says nothing yet; read on.
        if let event = mouseTracker.feed(kind: Int(kind), at: Point(x: Int(x), y: Int(y))) {
          return .mouse(event)
        }
      default: return nil
      }
    }
  }

  /// Rings the bell.
  func beep() {
    _ = CNcursesw.beep()
  }

  /// Forgets what is on the screen: the next `present` clears it and draws every cell.
  func invalidate() {
    previous = nil
    clearok(cncursesw_curscr(), true)
  }

  /// Draws the cells that changed since the last call, then updates the terminal in one go.
  func present(_ buffer: CellBuffer) {
    let window = cncursesw_stdscr()
    let screenSize = size
    if colorPairs.needsReset(forCells: screenSize.width * screenSize.height) {
      // Redefined pair numbers change cells already on screen: start over and draw every cell.
      colorPairs.reset()
      invalidate()
    }
    for run in buffer.changes(from: previous) {
      var x = run.origin.x
      for cell in run.cells {
        defer { x += 1 }
        guard !cell.isContinuation, x < screenSize.width, run.origin.y < screenSize.height else { continue }
        draw(cell, x: x, y: run.origin.y, in: window)
      }
    }
    previous = buffer
    wnoutrefresh(window)
    doupdate()
  }

  /// Writes `bytes` to the terminal after what curses has buffered: for sequences curses has no
  /// call for and that leave the screen as it is (OSC 52).
  func writeThrough(_ bytes: [UInt8]) {
    fflush(output)
    _ = bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: fileno(output)) }
  }

  private func draw(_ cell: Cell, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?) {
    var characters: [wchar_t] = []
    for scalar in cell.character.unicodeScalars {
      if characters.isEmpty {
        characters.append(wchar_t(bitPattern: scalar.value))
      } else if characters.count < Int(CCHARW_MAX) - 1, wcwidth(wchar_t(bitPattern: scalar.value)) == 0 {
        // Curses holds a spacing character and a few zero-width ones per cell.
        characters.append(wchar_t(bitPattern: scalar.value))
      }
    }
    // Curses measures with the process locale; if it disagrees with the buffer, draw a stand-in of
    // the buffer's width so the rest of the row stays aligned.
    if let base = characters.first, Int(wcwidth(base)) != cell.width {
      characters = [wchar_t(bitPattern: symbols.placeholder.unicodeScalars.first!.value)]
      if cell.width == 2 {
        drawCharacters(
          [wchar_t(bitPattern: UnicodeScalar(" ").value)], style: cell.style, x: x + 1, y: y, in: window)
      }
    }
    drawCharacters(characters, style: cell.style, x: x, y: y, in: window)
  }

  private func drawCharacters(
    _ characters: [wchar_t], style: Style, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?
  ) {
    var cchar = cchar_t()
    let pair = colorPairs.pair(for: style)
    let terminated = characters + [0]
    setcchar(&cchar, terminated, attributes(for: style.attributes), pair, nil)
    mvwadd_wch(window, Int32(y), Int32(x), &cchar)
  }

  private func attributes(for attributes: TextAttributes) -> attr_t {
    var result = cncursesw_a_normal()
    if attributes.contains(.bold) { result |= cncursesw_a_bold() }
    if attributes.contains(.dim) { result |= cncursesw_a_dim() }
    if attributes.contains(.reverse) { result |= cncursesw_a_reverse() }
    if attributes.contains(.underline) { result |= cncursesw_a_underline() }
    return result
  }

  /// Leaves curses mode for a while (suspend); `resume` comes back.
  func suspend() {
    if mouseEnabled { _ = cncursesw_enable_mouse(0) }
    endwin()
  }

  /// Returns to curses mode after `suspend` and repaints everything.
  func resume() {
    reset_prog_mode()
    // endwin turned these off; curses would only turn keypad mode back on at the next read, after
    // the first arrow key had already arrived in the wrong mode.
    keypad(cncursesw_stdscr(), true)
    curs_set(0)
    if mouseEnabled { _ = cncursesw_enable_mouse(1) }
    invalidate()
  }

  /// Ends curses and frees the screen (idempotent).
  func end() {
    guard !isEnded else { return }
    isEnded = true
    set_term(screen)
    if mouseEnabled { _ = cncursesw_enable_mouse(0) }
    endwin()
    delscreen(screen)
    fclose(output)
    fclose(input)
  }

  deinit {
    end()
  }

  /// The text of one screen row as curses holds it (for tests).
  func text(row: Int) -> String {
    let width = size.width
    var characters = [wchar_t](repeating: 0, count: width + 1)
    let count = mvwinnwstr(cncursesw_stdscr(), Int32(row), 0, &characters, Int32(width))
    guard count != ERR else { return "" }
    var text = ""
    for value in characters.prefix(while: { $0 != 0 }) {
      if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { text.unicodeScalars.append(scalar) }
    }
    return text
  }

  /// What to write to the terminal to leave curses mode from a signal handler: attributes off,
  /// original colours, cursor visible, keypad off, out of the alternate screen (terminfo's own
  /// strings, so it is right for whatever terminal this is).
  func emergencyRestoreBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    for name in ["sgr0", "op", "cnorm", "rmkx", "rmcup"] {
      if let value = CursesScreen.capability(name) { bytes += Self.withoutPadding(value) }
    }
    // Mouse reporting off, in every mode curses may have asked for.
    if mouseEnabled { bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8) }
    return bytes
  }

  /// A terminfo string capability of the current terminal, or `nil` when absent.
  private static func capability(_ name: String) -> [UInt8]? {
    guard let pointer = tigetstr(name) else { return nil }
    // terminfo returns (char *)-1 for "not a string capability".
    guard Int(bitPattern: pointer) != -1 else { return nil }
    return Array(String(cString: pointer).utf8)
  }

  /// Removes terminfo padding ("$<5>"), which only `tputs` understands.
  private static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    let dollar = UInt8(ascii: "$")
    let open = UInt8(ascii: "<")
    let close = UInt8(ascii: ">")
    while index < bytes.count {
      if bytes[index] == dollar, index + 1 < bytes.count, bytes[index + 1] == open,
        let end = bytes[(index + 2)...].firstIndex(of: close)
      {
        index = end + 1
        continue
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }
}
