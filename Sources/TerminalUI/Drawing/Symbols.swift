/// The glyphs widgets draw with, in a Unicode and an ASCII flavour.
///
/// A terminal whose locale is not UTF-8 gets `Symbols.ascii` so nothing turns into mojibake. Widgets
/// read the set from the buffer they draw into (`CellBuffer.symbols`).
public struct Symbols: Hashable, Sendable {
  /// Marks text cut short: "…" or "...".
  public var ellipsis: String
  /// Stands in for control characters and anything unprintable.
  public var placeholder: Character
  /// Between breadcrumbs: " › " or " > ".
  public var breadcrumbSeparator: String
  /// The slider's ends, track and knob: "◀", "▶", "━", "●".
  public var sliderLeft: Character
  public var sliderRight: Character
  public var sliderTrack: Character
  public var sliderKnob: Character
  /// Progress bar cells: "█" and "░".
  public var barFilled: Character
  public var barEmpty: Character
  /// Spinner frames, drawn in order.
  public var spinnerFrames: [Character]
  /// Box drawing for overlays: horizontal, vertical, and the four corners (top left, top right,
  /// bottom left, bottom right).
  public var boxHorizontal: Character
  public var boxVertical: Character
  public var boxCorners: [Character]
  /// "×" in "80×24".
  public var times: Character
  /// Shown above and below a list that scrolls further.
  public var moreAbove: Character
  public var moreBelow: Character
  /// Whether these symbols are plain ASCII (and all other text must be too).
  public var isASCII: Bool

  /// Box drawing, braille spinner, arrows.
  public static let unicode = Symbols(
    ellipsis: "…", placeholder: "\u{FFFD}", breadcrumbSeparator: " › ",
    sliderLeft: "◀", sliderRight: "▶", sliderTrack: "━", sliderKnob: "●",
    barFilled: "█", barEmpty: "░",
    spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    boxHorizontal: "─", boxVertical: "│", boxCorners: ["┌", "┐", "└", "┘"],
    times: "×", moreAbove: "▲", moreBelow: "▼", isASCII: false
  )

  /// Plain ASCII for terminals without UTF-8.
  public static let ascii = Symbols(
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
  public static func asciiFallback(for character: Character) -> String? {
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
