/// A screen as tmux's `capture-pane -e` gives it, read back as the style of each piece of text.
///
/// tmux writes the SGR sequences that change the style before the cells they apply to (`\e[1m\e[36m`
/// then `OurPlanet`), from each line's start; ``style(of:)`` replays them up to the text.
struct StyledScreen: CustomStringConvertible {
  /// A cell's style: its colours as SGR parameters (`36`, `38;5;74`, `38;2;86;180;233`; `nil` for
  /// the default) and its attributes (1 bold, 2 dim, 4 underline, 7 reverse).
  struct CellStyle: Equatable {
    var foreground: String?
    var background: String?
    var attributes: Set<Int> = []
  }

  /// The capture, escapes included.
  let raw: String

  var description: String { raw.replacingOccurrences(of: "\u{1B}", with: "\\e") }

  /// The style of the first occurrence of `text` (its first character), or `nil` when it is not on
  /// the screen.
  func style(of text: String) -> CellStyle? {
    for line in raw.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let found = line.range(of: text) else { continue }
      var style = CellStyle()
      // The sequences before the text, and the text between them (which must not contain it).
      var rest = line[..<found.lowerBound]
      while let escape = rest.range(of: "\u{1B}[") {
        rest = rest[escape.upperBound...]
        guard let end = rest.firstIndex(of: "m") else { break }
        Self.apply(
          rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init), to: &style)
        rest = rest[rest.index(after: end)...]
      }
      return style
    }
    return nil
  }

  /// The first line whose text (without its escapes) contains `text`.
  func line(containing text: String) -> StyledScreen? {
    raw.split(separator: "\n").first { Self.plain($0).contains(text) }.map { StyledScreen(raw: String($0)) }
  }

  /// Each character of the first line whose text contains `text`, with its style.
  func cells(ofLineContaining text: String) -> [(character: Character, style: CellStyle)]? {
    guard let line = raw.split(separator: "\n").first(where: { Self.plain($0).contains(text) }) else {
      return nil
    }
    var cells: [(Character, CellStyle)] = []
    var style = CellStyle()
    var rest = line[...]
    while !rest.isEmpty {
      if rest.hasPrefix("\u{1B}[") {
        rest = rest.dropFirst(2)
        guard let end = rest.firstIndex(of: "m") else { break }
        Self.apply(
          rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init), to: &style)
        rest = rest[rest.index(after: end)...]
      } else {
        cells.append((rest.first!, style))
        rest = rest.dropFirst()
      }
    }
    return cells
  }

  /// `line` without its SGR sequences.
  private static func plain(_ line: Substring) -> String {
    var text = ""
    var rest = line
    while let escape = rest.range(of: "\u{1B}[") {
      text += rest[..<escape.lowerBound]
      rest = rest[escape.upperBound...]
      guard let end = rest.firstIndex(of: "m") else { return text }
      rest = rest[rest.index(after: end)...]
    }
    return text + rest
  }

  /// Every colour any SGR sequence of the screen sets (a screen without colours has none).
  var colorsSet: [String] {
    var colors: [String] = []
    var rest = raw[...]
    while let escape = rest.range(of: "\u{1B}[") {
      rest = rest[escape.upperBound...]
      guard let end = rest.firstIndex(of: "m") else { break }
      var style = CellStyle()
      Self.apply(
        rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init), to: &style)
      colors += [style.foreground, style.background].compactMap { $0 }
      rest = rest[rest.index(after: end)...]
    }
    return colors
  }

  /// Applies one SGR sequence's parameters.
  private static func apply(_ parameters: [String], to style: inout CellStyle) {
    var index = 0
    while index < parameters.count {
      let value = Int(parameters[index]) ?? 0
      switch value {
      case 0: style = CellStyle()
      case 1...9: style.attributes.insert(value)
      case 22: style.attributes.subtract([1, 2])
      case 24: style.attributes.remove(4)
      case 27: style.attributes.remove(7)
      case 30...37, 90...97: style.foreground = String(value)
      case 40...47, 100...107: style.background = String(value)
      case 39: style.foreground = nil
      case 49: style.background = nil
      case 38, 48:
        // 38;5;N or 38;2;R;G;B: the colour takes the following parameters.
        let count = parameters.count > index + 1 && parameters[index + 1] == "2" ? 5 : 3
        let color = parameters[index..<min(parameters.count, index + count)].joined(separator: ";")
        if value == 38 { style.foreground = color } else { style.background = color }
        index += count - 1
      default: break
      }
      index += 1
    }
  }
}
