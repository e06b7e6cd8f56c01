import EONETKit
import Foundation
import OurPlanetModel
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The four themes as data, and the screens drawing with the one the host gives them.
@Suite("Themes")
struct ThemeTests {
  /// The Okabe–Ito palette's eight colours.
  private static let okabeIto: Set<Color> = [
    .rgb(230, 159, 0), .rgb(86, 180, 233), .rgb(0, 158, 115), .rgb(240, 228, 66), .rgb(0, 114, 178),
    .rgb(213, 94, 0), .rgb(204, 121, 167), .rgb(0, 0, 0),
  ]

  /// Every colour a theme names, in its roles and its markers.
  private static func colors(of theme: Theme) -> [Color] {
    (Array(theme.styles.values) + Array(theme.markers.values) + theme.otherMarkers)
      .flatMap { [$0.foreground, $0.background] }
      .filter { $0 != .default }
  }

  /// WCAG's contrast ratio of `color` on white.
  private static func contrastOnWhite(_ color: Color) throws -> Double {
    let parts = try #require(color.components)
    func linear(_ value: UInt8) -> Double {
      let channel = Double(value) / 255
      return channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    let luminance =
      0.2126 * linear(parts.red) + 0.7152 * linear(parts.green) + 0.0722 * linear(parts.blue)
    return 1.05 / (luminance + 0.05)
  }

  @Test("every theme defines every role, and a marker for each EONET category but mono")
  func everyRoleInEveryTheme() {
    #expect(Theme.all.map(\.name) == ["dark", "light", "colorblind", "mono"])
    for theme in Theme.all {
      for role in Theme.Role.allCases {
        #expect(theme.styles[role] != nil, "\(theme.name) lacks \(role)")
      }
      #expect(!theme.otherMarkers.isEmpty, "\(theme.name)")
      if theme.name != "mono" {
        #expect(Set(theme.markers.keys) == Set(Rows.shortNames.keys), "\(theme.name)")
      }
    }
  }

  @Test("themes are found by name in any case; an unknown name is none")
  func lookup() {
    #expect(Theme.named("light") == .light)
    #expect(Theme.named("ColorBlind") == .colorblind)
    #expect(Theme.named("lihgt") == nil)
    #expect(Theme.named("standard") == nil)
  }

  @Test("mono names no colour at all: attributes only")
  func monoHasNoColour() {
    #expect(Self.colors(of: .mono).isEmpty)
    #expect(!Theme.mono.usesColor)
    #expect(Theme.mono.selection.attributes.contains(.reverse))
    #expect(Theme.mono.header.attributes.contains(.bold))
    #expect(Theme.mono[.updated] != Theme.mono[.new], "N and U differ by more than their letter")
    for theme in [Theme.dark, .light, .colorblind] { #expect(theme.usesColor, "\(theme.name)") }
  }

  @Test("dark is the look from before themes: the widgets' styles, palette colours only")
  func darkIsTheOldLook() {
    #expect(Theme.dark.styles == Theme.standard.styles)
    #expect(Theme.dark.otherMarkers == Theme.standard.otherMarkers)
    #expect(!Theme.dark.usesRGB, "a truecolor terminal must not change dark's palette colours")
    #expect(Theme.dark.markers["wildfires"] == Style(foreground: .red))
    #expect(Theme.dark.markers["severeStorms"] == Style(foreground: .cyan))
    #expect(Theme.dark.markers["dustHaze"] == Style(foreground: .palette(180)))
    #expect(Theme.dark[.failed] == Style(foreground: .red, attributes: .bold))
    #expect(Theme.dark[.new] == Style(foreground: .cyan, attributes: .bold))
  }

  @Test("colorblind uses only Okabe–Ito colours, with distinct hues for distinct states")
  func colorblindIsOkabeIto() {
    let colors = Self.colors(of: .colorblind)
    #expect(!colors.isEmpty)
    for color in colors { #expect(Self.okabeIto.contains(color), "\(color)") }
    let theme = Theme.colorblind
    #expect(theme[.new].foreground != theme[.updated].foreground)
    #expect(theme[.failed].foreground != theme[.header].foreground)
    #expect(theme.markers["wildfires"]?.foreground != theme.markers["severeStorms"]?.foreground)
    #expect(theme.usesRGB)
  }

  @Test("light reads on a white background: 4.5:1 for text, 3:1 for marks, 2.5:1 for faint lines")
  func lightIsReadableOnWhite() throws {
    let faint: Set<Theme.Role> = [.mapLand, .sliderTrack, .timeline]
    for (role, style) in Theme.light.styles where style.foreground != .default {
      let ratio = try Self.contrastOnWhite(style.foreground)
      #expect(ratio >= (faint.contains(role) ? 2.5 : 4.5), "\(role): \(ratio)")
    }
    for (key, style) in Theme.light.markers {
      #expect(try Self.contrastOnWhite(style.foreground) >= 3, "\(key)")
    }
    #expect(Theme.light.usesRGB)
  }

  @Test("rows take their marks' styles from the theme")
  func rowsUseTheTheme() {
    let fire = Fixture.event("f1", daysAgo: 1)
    for theme in Theme.all {
      #expect(Rows.event(fire, change: .new, theme: theme).glyphStyle == theme[.new])
      #expect(Rows.event(fire, change: .updated, theme: theme).glyphStyle == theme[.updated])
      #expect(Rows.event(fire, change: nil, theme: theme).glyphStyle == .plain)
      let failed = CategoryItem(
        category: Fixture.fires, events: [], fetchedAt: Fixture.reference, source: .cache,
        state: .failed("HTTP 500"))
      #expect(Rows.category(failed, scope: EventScope(days: 30), theme: theme).glyphStyle == theme[.failed])
    }
  }

  @Test("the map draws each category's marker, its land and its track in the theme's styles")
  func mapUsesTheTheme() throws {
    var pane = MapPane(theme: .colorblind)
    pane.show([Fixture.event("f1", daysAgo: 1)])
    var buffer = CellBuffer(size: Size(width: 80, height: 16))
    pane.render(into: &buffer, rect: buffer.bounds, selectedEventID: nil)
    let marker = try #require(
      buffer.lines.enumerated().lazy.compactMap { row, line in
        line.firstIndex(of: "●").map { (line.distance(from: line.startIndex, to: $0), row) }
      }.first)
    #expect(buffer[marker.0, marker.1].style.foreground == Theme.colorblind.markers["wildfires"]?.foreground)
    let land = try #require(
      buffer.lines.enumerated().lazy.compactMap { row, line in
        line.firstIndex(of: "⣿").map { (line.distance(from: line.startIndex, to: $0), row) }
      }.first)
    #expect(buffer[land.0, land.1].style == Theme.colorblind[.mapLand])
  }

  @Test("no state is shown by colour alone: failures and errors carry a mark in mono")
  func everyColouredStateHasASymbol() throws {
    let stored = Catalog(items: [
      CategoryItem(
        category: Fixture.fires, events: [Fixture.event("old", daysAgo: 2, title: "Stored Fire")],
        fetchedAt: Fixture.reference, source: .cache, state: .stored)
    ])
    let app = ShellHarness(theme: .mono) { scheduler in
      let feed = ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([
            .error(10, EONETError.httpStatus(url: "u", status: 500))
          ])
          .asObservable()
        ])
      feed.storedCatalog = stored
      return feed
    }
    app.advance(to: 100)
    #expect(app.screen.contains("! Wildfires"))
    #expect(app.statusLine.hasPrefix("! 1 event · 1 category failed"), "\(app.statusLine)")
    app.press(.char("G"), .enter)
    let notice = try #require(app.lines.first { $0.contains("download failed: HTTP 500") }, "\(app.screen)")
    #expect(notice.hasPrefix("! "), "the failure notice: \(notice)")
    app.press(.char("r"))
    #expect(!app.statusLine.hasPrefix("! "), "an answer that is no error has no mark: \(app.statusLine)")
  }

  @Test("the screens draw with the host's theme: mono leaves every cell without a colour")
  func screensDrawWithTheHostsTheme() throws {
    for theme in [Theme.colorblind, .mono] {
      let stored = Catalog(items: [
        CategoryItem(
          category: Fixture.fires, events: [Fixture.event("old", daysAgo: 2, title: "Stored Fire")],
          fetchedAt: Fixture.reference, source: .cache, state: .stored)
      ])
      let app = ShellHarness(theme: theme) { scheduler in
        let feed = ScriptedFeed(
          categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)])
            .asObservable(),
          events: [
            "wildfires": scheduler.createColdObservable([
              .error(10, EONETError.httpStatus(url: "u", status: 500))
            ]).asObservable()
          ])
        feed.storedCatalog = stored
        return feed
      }
      app.advance(to: 100)
      let categories = app.buffer
      let row = try #require(categories.lines.firstIndex { $0.contains("! Wildfires") })
      let glyph = try #require(categories.lines[row].firstIndex(of: "!"))
      let column = categories.lines[row].distance(from: categories.lines[row].startIndex, to: glyph)
      #expect(categories[column, row].style.foreground == theme[.failed].foreground, "\(theme.name)")
      #expect(categories[0, 0].style.foreground == theme.header.foreground, "\(theme.name)")
      app.press(.char("G"), .enter, .char("m"))
      #expect(app.screen.contains("download failed: HTTP 500"), "\(app.screen)")
      let events = app.buffer
      var colored = 0
      for y in 0..<events.size.height {
        for x in 0..<events.size.width {
          let style = events[x, y].style
          if style.foreground != .default || style.background != .default { colored += 1 }
        }
      }
      #expect((colored == 0) == (theme == .mono), "\(theme.name): \(colored) coloured cells")
    }
  }
}
