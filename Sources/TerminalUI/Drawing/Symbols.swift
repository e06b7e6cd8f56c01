/// The glyphs widgets draw with, in a Unicode and an ASCII flavour.
///
/// A terminal whose locale is not UTF-8 gets `Symbols.ascii` so nothing turns into mojibake. Widgets
/// read the set from the buffer they draw into (`CellBuffer.symbols`).
package struct Symbols: Hashable, Sendable {
  /// Marks text cut short: "…" or "...".
  package var ellipsis: String
  /// Stands in for control characters and anything unprintable.
  package var placeholder: Character
  /// Between breadcrumbs: " › " or " > ".
  package var breadcrumbSeparator: String
  /// The slider's ends, track and knob: "◀", "▶", "━", "●".
  package var sliderLeft: Character
  package var sliderRight: Character
  package var sliderTrack: Character
  package var sliderKnob: Character
  /// Progress bar cells: "█" and "░".
  package var barFilled: Character
  package var barEmpty: Character
  /// Spinner frames, drawn in order.
  package var spinnerFrames: [Character]
  /// Box drawing for overlays: horizontal, vertical, and the four corners (top left, top right,
  /// bottom left, bottom right).
  package var boxHorizontal: Character
  package var boxVertical: Character
  package var boxCorners: [Character]
  /// "×" in "80×24".
  package var times: Character
  /// Shown above and below a list that scrolls further.
  package var moreAbove: Character
  package var moreBelow: Character
  /// Whether these symbols are plain ASCII (and all other text must be too).
  package var isASCII: Bool

  /// Box drawing, braille spinner, arrows.
  package static let unicode = Symbols(
    ellipsis: "…", placeholder: "\u{FFFD}", breadcrumbSeparator: " › ",
    sliderLeft: "◀", sliderRight: "▶", sliderTrack: "━", sliderKnob: "●",
    barFilled: "█", barEmpty: "░",
    spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    boxHorizontal: "─", boxVertical: "│", boxCorners: ["┌", "┐", "└", "┘"],
    times: "×", moreAbove: "▲", moreBelow: "▼", isASCII: false
  )

  /// Plain ASCII for terminals without UTF-8.
  package static let ascii = Symbols(
    ellipsis: "...", placeholder: "?", breadcrumbSeparator: " > ",
    sliderLeft: "<", sliderRight: ">", sliderTrack: "-", sliderKnob: "o",
    barFilled: "#", barEmpty: ".",
    spinnerFrames: ["|", "/", "-", "\\"],
    boxHorizontal: "-", boxVertical: "|", boxCorners: ["+", "+", "+", "+"],
    times: "x", moreAbove: "^", moreBelow: "v", isASCII: true
  )
}

extension Symbols {
  /// The ASCII stand-in for a symbol the app draws (`·` → `-`, `°` → nothing, `“` → `"`, arrows as
  /// `<-` `->` `^` `v`), or `nil` for a character with none. ``CellBuffer`` applies it on terminals
  /// without UTF-8, so no screen shows `?` where a symbol was meant.
  package static func asciiFallback(for character: Character) -> String? {
    asciiFallbacks[character]
  }

  private static let asciiFallbacks: [Character: String] = [
    "·": "-", "•": "*", "°": "", "—": "-", "–": "-", "−": "-", "“": "\"", "”": "\"", "„": "\"",
    "‘": "'", "’": "'", "…": "...", "←": "<-", "→": "->", "↑": "^", "↓": "v", "⇄": "<->", "✓": "+",
    "✗": "x", "●": "*", "○": "o", "◉": "@", "×": "x", "▏": "|", "›": ">", "━": "-", "░": ".", "█": "#",
    "▲": "^", "▼": "v", "◀": "<", "▶": ">", "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+",
    "⠀": " ", "≥": ">=", "≤": "<=", "\u{00A0}": " ",
  ]
}
