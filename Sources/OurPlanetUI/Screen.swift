import TerminalUI

/// One screen of the app: it owns its state, its keys and its drawing.
///
/// The navigator keeps the screens in a stack; the shell around them draws the header and the
/// status line, routes keys (overlays first, then the top screen's bindings, then the app's), and
/// asks the screen for its breadcrumb, header text and list position.
protocol Screen: AnyObject {
  /// The screen's crumb in the header ("Wildfires").
  var breadcrumb: String { get }
  /// Text at the right of the header ("12 of 40 events in the last 30 days").
  var headerRight: String { get }
  /// The header's text in the forms it may take, fullest first (``headerRight`` alone unless the
  /// screen says what gives way first).
  var header: HeaderText { get }
  /// Where the selection is, as `12/1,752`, or `nil` for a screen without a list.
  var position: String? { get }
  /// How many rows of the list on screen an alert rule marks (the status line's `▲ 3 alerts`), or
  /// `nil` where the status line counts the whole scope.
  var alertCount: Int? { get }
  /// Whether the world map can be shown here.
  var showsMap: Bool { get }
  /// The screen's keys as they stand now (a focused map's first), before the app's own.
  func bindings() -> [Binding]
  /// Draws the screen's body.
  func render(into buffer: inout CellBuffer, rect: Rect)
  /// Handles a mouse event the overlays left alone.
  func handleMouse(_ event: MouseEvent) -> ScreenAction
  /// The screen leaves the stack: let go of subscriptions.
  func close()
}

extension Screen {
  func handleMouse(_ event: MouseEvent) -> ScreenAction { .unhandled }
  var header: HeaderText { HeaderText(headerRight) }
  var alertCount: Int? { nil }
}

extension Binding {
  /// The list keys (move, page, first / last), handed to a list or pane's own key handling
  /// (Space as PgDn).
  static func listNavigation(_ handle: @escaping (Key) -> Bool) -> [Binding] {
    [KeyCommand.move, .page, .ends].map { command in
      Binding(command) { key in handle(key == .char(" ") ? .pageDown : key) ? .handled : .unhandled }
    }
  }
}

extension ListView {
  /// What the mouse did to a list.
  enum MouseResult {
    /// It scrolled or selected.
    case moved
    /// A double click: open the (now selected) row.
    case open
  }

  /// A click selects the row under it, a double click selects and asks to open it, the wheel
  /// scrolls.
  ///
  /// - Returns: `nil` when the event is not over the list.
  mutating func handleMouse(_ event: MouseEvent) -> MouseResult? {
    switch event.kind {
    case .wheelUp where lastRect.contains(event.point):
      scroll(by: -3)
    case .wheelDown where lastRect.contains(event.point):
      scroll(by: 3)
    case .click:
      guard let index = rowIndex(at: event.point) else { return nil }
      select(index)
    case .doubleClick:
      guard let index = rowIndex(at: event.point) else { return nil }
      select(index)
      return .open
    default:
      return nil
    }
    return .moved
  }
}

/// What a screen asks of the navigator after a key.
enum ScreenAction {
  /// The key did something (or was deliberately ignored).
  case handled
  /// The key means nothing here; the shell may say so.
  case unhandled
  /// Opens a new screen on top.
  case push(Screen)
  /// Goes back to the screen below.
  case pop
}

/// A screen whose rows the search box filters.
protocol Searchable: AnyObject {
  /// The search text.
  var query: String { get }
  /// Sets the search text (each keystroke).
  func setQuery(_ text: String)
}

/// The screen stack.
final class Navigator {
  private(set) var stack: [Screen]

  /// A stack with `root` at the bottom.
  init(root: Screen) {
    stack = [root]
  }

  /// The screen on top.
  var top: Screen { stack[stack.count - 1] }

  /// Applies what a screen asked for.
  func perform(_ action: ScreenAction) {
    switch action {
    case .push(let screen):
      stack.append(screen)
    case .pop:
      guard stack.count > 1 else { return }
      stack.removeLast().close()
    case .handled, .unhandled:
      break
    }
  }
}
