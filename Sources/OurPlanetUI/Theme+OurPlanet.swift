import TerminalUI

/// OurPlanet's themes (`--theme NAME`, the config's `theme`): every role the screens draw, and a
/// marker style for each EONET category, in four looks.
///
/// - `dark`, the default: the look OurPlanet always had, palette colours only, so the terminal's own
///   theme decides the hues.
/// - `light`: darker RGB colours that stay readable on a light background.
/// - `colorblind`: the Okabe–Ito palette, told apart with each common colour vision deficiency.
/// - `mono`: no colour at all, attributes only (bold, dim, reverse, underline); what `NO_COLOR`,
///   `--no-color` and `TERM=dumb` get whatever the theme.
///
/// ```swift
/// let theme = Theme.named("light") ?? .dark
/// ```
extension Theme {
  /// Every theme, in the order the help lists them.
  package static let all: [Theme] = [.dark, .light, .colorblind, .mono]

  /// The theme called `name` (any case), or `nil`.
  package static func named(_ name: String) -> Theme? {
    all.first { $0.name == name.lowercased() }
  }

  /// Today's look: the widgets' standard styles and a palette colour per category.
  package static let dark: Theme = {
    var theme = Theme.standard
    theme.name = "dark"
    theme.markers = [
      "drought": Style(foreground: .yellow),
      "dustHaze": Style(foreground: .palette(180)),
      "earthquakes": Style(foreground: .brightYellow),
      "floods": Style(foreground: .blue),
      "landslides": Style(foreground: .palette(130)),
      "manmade": Style(foreground: .brightMagenta),
      "seaLakeIce": Style(foreground: .brightCyan),
      "severeStorms": Style(foreground: .cyan),
      "snow": Style(foreground: .brightWhite),
      "tempExtremes": Style(foreground: .brightRed),
      "volcanoes": Style(foreground: .magenta),
      "waterColor": Style(foreground: .green),
      "wildfires": Style(foreground: .red),
    ]
    return theme
  }()

  /// For light backgrounds: dark blues, reds and greens, mid-grey for what steps back (dim text all
  /// but vanishes on white in many terminals).
  package static let light: Theme = {
    let blue = Color.rgb(0, 85, 153)
    let teal = Color.rgb(0, 95, 135)
    let red = Color.rgb(175, 0, 0)
    let grey = Color.rgb(96, 96, 96)
    let faint = Color.rgb(150, 150, 150)
    return Theme(
      name: "light",
      styles: [
        .text: .plain, .secondary: Style(foreground: grey), .selection: Style(attributes: .reverse),
        .header: Style(foreground: blue, attributes: .bold), .headerCurrent: Style(attributes: .bold),
        .status: .plain, .error: Style(foreground: red, attributes: .bold), .accent: Style(foreground: teal),
        .frame: Style(foreground: blue), .failed: Style(foreground: red, attributes: .bold),
        .offline: Style(foreground: grey), .new: Style(foreground: .rgb(0, 110, 0), attributes: .bold),
        .updated: Style(foreground: .rgb(135, 0, 135), attributes: .bold), .mapLand: Style(foreground: faint),
        .mapTrack: Style(foreground: teal), .sliderTrack: Style(foreground: faint),
        .sliderKnob: Style(foreground: teal), .timeline: Style(foreground: faint),
        .timelineWindow: Style(foreground: teal),
      ],
      markers: [
        "drought": Style(foreground: .rgb(135, 95, 0)),
        "dustHaze": Style(foreground: .rgb(135, 95, 55)),
        "earthquakes": Style(foreground: .rgb(150, 110, 0)),
        "floods": Style(foreground: .rgb(0, 70, 170)),
        "landslides": Style(foreground: .rgb(120, 60, 0)),
        "manmade": Style(foreground: .rgb(150, 0, 150)),
        "seaLakeIce": Style(foreground: .rgb(0, 120, 150)),
        "severeStorms": Style(foreground: .rgb(0, 90, 140)),
        "snow": Style(foreground: .rgb(90, 90, 130)),
        "tempExtremes": Style(foreground: .rgb(200, 50, 0)),
        "volcanoes": Style(foreground: .rgb(130, 0, 90)),
        "waterColor": Style(foreground: .rgb(0, 120, 60)),
        "wildfires": Style(foreground: .rgb(190, 0, 0)),
      ],
      otherMarkers: [red, blue, .rgb(0, 110, 0), .rgb(135, 0, 135), .rgb(135, 95, 0)].map {
        Style(foreground: $0)
      })
  }()

  /// The Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2002): eight colours that stay
  /// apart with protanopia, deuteranopia and tritanopia. Thirteen categories share its seven hues;
  /// the lists' tags and the detail tell them apart.
  package static let colorblind: Theme = {
    let orange = Color.rgb(230, 159, 0)
    let skyBlue = Color.rgb(86, 180, 233)
    let bluishGreen = Color.rgb(0, 158, 115)
    let yellow = Color.rgb(240, 228, 66)
    let blue = Color.rgb(0, 114, 178)
    let vermillion = Color.rgb(213, 94, 0)
    let reddishPurple = Color.rgb(204, 121, 167)
    return Theme(
      name: "colorblind",
      styles: [
        .text: .plain, .secondary: Style(attributes: .dim), .selection: Style(attributes: .reverse),
        .header: Style(foreground: skyBlue, attributes: .bold), .headerCurrent: Style(attributes: .bold),
        .status: .plain, .error: Style(foreground: vermillion, attributes: .bold),
        .accent: Style(foreground: skyBlue), .frame: Style(foreground: skyBlue),
        .failed: Style(foreground: vermillion, attributes: .bold), .offline: Style(attributes: .dim),
        .new: Style(foreground: orange, attributes: .bold),
        .updated: Style(foreground: bluishGreen, attributes: .bold),
        .mapLand: Style(attributes: .dim), .mapTrack: Style(foreground: yellow),
        .sliderTrack: Style(attributes: .dim), .sliderKnob: Style(foreground: skyBlue),
        .timeline: Style(attributes: .dim), .timelineWindow: Style(foreground: skyBlue),
      ],
      markers: [
        "drought": Style(foreground: yellow),
        "dustHaze": Style(foreground: orange),
        "earthquakes": Style(foreground: yellow),
        "floods": Style(foreground: blue),
        "landslides": Style(foreground: orange),
        "manmade": Style(foreground: reddishPurple),
        "seaLakeIce": Style(foreground: skyBlue),
        "severeStorms": Style(foreground: blue),
        "snow": Style(foreground: skyBlue),
        "tempExtremes": Style(foreground: vermillion),
        "volcanoes": Style(foreground: reddishPurple),
        "waterColor": Style(foreground: bluishGreen),
        "wildfires": Style(foreground: vermillion),
      ],
      otherMarkers: [orange, skyBlue, bluishGreen, yellow, blue, vermillion, reddishPurple].map {
        Style(foreground: $0)
      })
  }()

  /// No colour: what stands out is bold, what steps back is dim, the selection is reverse video and
  /// the current breadcrumb and updated marks are underlined as well.
  package static let mono = Theme(
    name: "mono",
    styles: [
      .text: .plain, .secondary: Style(attributes: .dim), .selection: Style(attributes: .reverse),
      .header: Style(attributes: .bold), .headerCurrent: Style(attributes: [.bold, .underline]),
      .status: .plain, .error: Style(attributes: .bold), .accent: Style(attributes: .bold),
      .frame: Style(attributes: .bold), .failed: Style(attributes: .bold), .offline: Style(attributes: .dim),
      .new: Style(attributes: .bold), .updated: Style(attributes: [.bold, .underline]),
      .mapLand: Style(attributes: .dim), .mapTrack: Style(attributes: .bold),
      .sliderTrack: Style(attributes: .dim), .sliderKnob: Style(attributes: .bold),
      .timeline: Style(attributes: .dim), .timelineWindow: Style(attributes: .bold),
    ],
    otherMarkers: [.plain])
}
