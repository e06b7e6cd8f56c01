import OurPlanetModel
import TerminalUI

/// The line the map's `f` opens to save the view as a place: type a name, Enter saves it, Esc (or
/// Enter on an empty line) keeps only the region filter `f` set.
///
/// A line editor like the search line: letters are text, Backspace deletes, Ctrl-U clears. A name
/// that cannot be a place, or that the config has already, is said on the line itself and the
/// line stays open to fix it: a place is never replaced from here.
final class PlaceNamePrompt: Overlay {
  /// The name typed so far.
  private(set) var name = ""
  /// What is wrong with the name last offered, shown until the next key.
  private var problem: String?
  /// The names the config has.
  private let taken: Set<String>
  /// Saves the place called the name.
  private let save: (String) -> Void

  /// The styles it draws with.
  private let theme: Theme

  /// A prompt that refuses `taken` names and hands a good one to `save`.
  init(taken: [String], theme: Theme = .standard, save: @escaping (String) -> Void) {
    self.taken = Set(taken)
    self.theme = theme
    self.save = save
  }

  func handle(_ key: Key) -> Bool {
    problem = nil
    switch key {
    case .escape:
      return false
    case .enter:
      guard !name.isEmpty else { return false }
      if !Configuration.Place.isName(name) {
        problem = "a name is letters, digits, - and _, starting with a letter"
      } else if taken.contains(name) {
        problem = "'\(name)' is a place already: another name, or Esc"
      } else {
        save(name)
        return false
      }
    case .backspace:
      if !name.isEmpty { name.removeLast() }
    case _ where KeyCommand.clearSearchLine.keys.contains(key):
      name = ""
    case .char(let character) where name.count < 64:
      name.append(character)
    default:
      break
    }
    return true
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    let line = rect.splitBottom(1).bottom
    buffer.write(String(repeating: " ", count: line.width), at: Point(x: line.x, y: line.y))
    let prompt = "Save the view as a place: \(name)▏"
    buffer.write(prompt, at: Point(x: line.x, y: line.y))
    let hint = problem.map { "   \($0)" } ?? "   Enter saves to the config · Esc only filters"
    let used = DisplayWidth.of(prompt)
    if used + DisplayWidth.of(hint) <= line.width {
      buffer.write(
        hint, at: Point(x: line.x + used, y: line.y),
        style: problem == nil ? theme.secondary : theme.error)
    }
  }
}
