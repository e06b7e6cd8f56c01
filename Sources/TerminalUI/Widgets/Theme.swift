/// The styles widgets draw with.
///
/// The standard theme keeps the terminal's background and uses a few palette colours; selection is
/// reverse video so it stays visible with colours off (`NO_COLOR`, `--no-color`), when the renderer
/// drops every colour and keeps only attributes.
public struct Theme: Hashable, Sendable {
  /// Ordinary text.
  public var text: Style
  /// Secondary text: details, hints, empty-state messages.
  public var secondary: Style
  /// The selected list row.
  public var selection: Style
  /// The header bar.
  public var header: Style
  /// The current (last) breadcrumb.
  public var headerCurrent: Style
  /// The status line.
  public var status: Style
  /// Errors and failure marks.
  public var error: Style
  /// Highlights: the slider knob, progress bar, spinner.
  public var accent: Style
  /// Overlay frames and titles.
  public var frame: Style

  /// Creates a theme.
  public init(
    text: Style = .plain, secondary: Style = Style(attributes: .dim),
    selection: Style = Style(attributes: .reverse),
    header: Style = Style(foreground: .cyan, attributes: .bold),
    headerCurrent: Style = Style(attributes: .bold),
    status: Style = .plain, error: Style = Style(foreground: .red, attributes: .bold),
    accent: Style = Style(foreground: .cyan), frame: Style = Style(foreground: .cyan)
  ) {
    self.text = text
    self.secondary = secondary
    self.selection = selection
    self.header = header
    self.headerCurrent = headerCurrent
    self.status = status
    self.error = error
    self.accent = accent
    self.frame = frame
  }

  /// The default theme.
  public static let standard = Theme()
}
