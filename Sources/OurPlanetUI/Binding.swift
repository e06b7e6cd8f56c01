import TerminalUI

/// A command with what it does on one screen: the unit of dispatch and of the help.
///
/// The action gets the key that was pressed, so one command can cover a pair of directions
/// (`days`: ← is −1, → is +1).
struct Binding {
  /// What the user asks for.
  let command: KeyCommand
  /// Does it.
  let action: (Key) -> ScreenAction

  init(_ command: KeyCommand, action: @escaping (Key) -> ScreenAction) {
    self.command = command
    self.action = action
  }

  /// A binding whose action always just handles the key.
  static func run(_ command: KeyCommand, _ body: @escaping (Key) -> Void) -> Binding {
    Binding(command) { key in
      body(key)
      return .handled
    }
  }
}
