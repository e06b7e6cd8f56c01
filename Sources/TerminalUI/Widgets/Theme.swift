/// The styles widgets draw with: one ``Style`` for each ``Role`` the screens draw, as data.
///
/// A theme is a name, a style per role and the markers' styles by key; widgets ask it for a role
/// (`theme.header`, `theme[.sliderKnob]`) and never name a colour themselves. ``standard`` is the
/// look the widgets had before themes: the terminal's background and a few palette colours, with
/// selection in reverse video so it stays visible with colours off, when the renderer drops every
/// colour and keeps only attributes.
///
/// ```swift
/// var theme = Theme.standard
/// theme[.header] = Style(foreground: .rgb(0, 114, 178), attributes: .bold)
/// let list = ListView(rows: rows, theme: theme)
/// ```
package struct Theme: Hashable, Sendable {
  /// What a style is for: every part of a screen that has a look of its own.
  package enum Role: String, CaseIterable, Hashable, Sendable {
    /// Ordinary text.
    case text
    /// Secondary text: details, hints, empty-state messages.
    case secondary
    /// The selected list row.
    case selection
    /// The header bar.
    case header
    /// The current (last) breadcrumb.
    case headerCurrent
    /// The status line.
    case status
    /// Error messages and the too-small notice.
    case error
    /// Highlights: the spinner, the progress bar, a detail's "more" mark.
    case accent
    /// Overlay frames and titles.
    case frame
    /// The mark of something that failed (a category whose download failed, its notice).
    case failed
    /// A line saying the data shown is not live (the cache or the bundled snapshot).
    case offline
    /// The mark of a new event (`N`).
    case new
    /// The mark of an updated event (`U`).
    case updated
    /// Land on the map.
    case mapLand
    /// The selected event's track on the map.
    case mapTrack
    /// The slider's track and its arrows at a bound.
    case sliderTrack
    /// The slider's knob and its arrows where it can move.
    case sliderKnob
    /// The timeline's bars outside the days window.
    case timeline
    /// The timeline's bars inside the days window.
    case timelineWindow
  }

  /// The name users pick it by (`--theme NAME`).
  package var name: String
  /// The style of each role; a role missing here draws plain.
  package var styles: [Role: Style]
  /// Map markers' styles by key (the app keys them by category).
  package var markers: [String: Style]
  /// Styles for markers whose key ``markers`` lacks, picked by the key.
  package var otherMarkers: [Style]

  /// Creates a theme.
  package init(name: String, styles: [Role: Style], markers: [String: Style] = [:], otherMarkers: [Style]) {
    self.name = name
    self.styles = styles
    self.markers = markers
    self.otherMarkers = otherMarkers
  }

  /// The style of `role`.
  package subscript(role: Role) -> Style {
    get { styles[role] ?? .plain }
    set { styles[role] = newValue }
  }

  /// Whether any style of the theme names a colour (``Color/rgb(_:_:_:)`` or a palette entry).
  package var usesColor: Bool {
    allStyles.contains { $0.foreground != .default || $0.background != .default }
  }

  /// Whether any style of the theme names an exact RGB colour (worth a direct-colour terminal).
  package var usesRGB: Bool {
    allStyles.contains { style in
      [style.foreground, style.background].contains { if case .rgb = $0 { true } else { false } }
    }
  }

  private var allStyles: [Style] { Array(styles.values) + Array(markers.values) + otherMarkers }

  package var text: Style { self[.text] }
  package var secondary: Style { self[.secondary] }
  package var selection: Style { self[.selection] }
  package var header: Style { self[.header] }
  package var headerCurrent: Style { self[.headerCurrent] }
  package var status: Style { self[.status] }
  package var error: Style { self[.error] }
  package var accent: Style { self[.accent] }
  package var frame: Style { self[.frame] }

  /// The widgets' own look: default colours, dim secondary text, cyan highlights, red errors.
  package static let standard = Theme(
    name: "standard",
    styles: [
      .text: .plain, .secondary: Style(attributes: .dim), .selection: Style(attributes: .reverse),
      .header: Style(foreground: .cyan, attributes: .bold), .headerCurrent: Style(attributes: .bold),
      .status: .plain, .error: Style(foreground: .red, attributes: .bold), .accent: Style(foreground: .cyan),
      .frame: Style(foreground: .cyan), .failed: Style(foreground: .red, attributes: .bold),
      .offline: Style(attributes: .dim), .new: Style(foreground: .cyan, attributes: .bold),
      .updated: Style(foreground: .cyan, attributes: .bold), .mapLand: Style(attributes: .dim),
      .mapTrack: Style(foreground: .cyan), .sliderTrack: Style(attributes: .dim),
      .sliderKnob: Style(foreground: .cyan), .timeline: Style(attributes: .dim),
      .timelineWindow: Style(foreground: .cyan),
    ],
    otherMarkers: [Color.red, .yellow, .magenta, .cyan, .blue, .green, .brightRed, .brightMagenta].map {
      Style(foreground: $0)
    })
}
