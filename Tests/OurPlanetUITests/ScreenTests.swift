import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The screens driven in virtual time on a headless host: no tmux, no terminal.
@Suite("Screens")
struct ScreenTests {
  /// Three categories; Wildfires' download is slow, so it can grow while its screen is open.
  func standardFeed(_ scheduler: TestScheduler, fires: [Recorded<Event<[EOEvent]>>]? = nil)
    -> ScriptedFeed
  {
    ScriptedFeed(
      categories: scheduler.createColdObservable([
        .next(5, [Fixture.fires, Fixture.storms, Fixture.ice]), .completed(5),
      ])
      .asObservable(),
      events: [
        "wildfires": scheduler.createColdObservable(
          fires ?? [
            .next(
              20,
              [
                Fixture.event("f1", daysAgo: 1, title: "Rim Fire, California", magnitude: (2_547.7, "acres")),
                Fixture.event("f2", daysAgo: 3, title: "Texas Creek Fire"),
                Fixture.event("f3", daysAgo: 40, title: "Old Fire"),
              ]), .completed(20),
          ]
        ).asObservable(),
        "severeStorms": scheduler.createColdObservable([
          .next(10, [Fixture.event("s1", daysAgo: 2, title: "Typhoon Example", category: Fixture.storms)]),
          .completed(10),
        ]).asObservable(),
        "seaLakeIce": scheduler.createColdObservable([.next(10, []), .completed(10)]).asObservable(),
      ])
  }

  @Test("Enter opens a category and an event; Esc, Backspace and h go back")
  func navigation() {
    let app = ShellHarness { standardFeed($0) }
    app.advance(to: 100)
    #expect(app.screen.contains("Wildfires"))
    #expect(app.statusLine.hasPrefix("3 events in 3 categories (the last 30 days)"), "\(app.statusLine)")
    app.press(.char("G"), .enter)
    #expect(app.header.hasPrefix("OurPlanet › Wildfires"))
    #expect(app.header.hasSuffix("2 events in the last 30 days"))
    app.press(.enter)
    #expect(app.header.contains("OurPlanet › Wildfires › Rim Fire, California"))
    #expect(app.screen.contains("Magnitude:     2,548 acres"))
    app.press(.escape)
    #expect(app.header.hasPrefix("OurPlanet › Wildfires") && !app.header.contains("Rim"))
    app.press(.char("h"))
    #expect(app.header.hasPrefix("OurPlanet") && !app.header.contains("›"))
  }

  @Test("the selection stays on its event when rows arrive above it")
  func selectionSurvivesUpdates() {
    let app = ShellHarness { scheduler in
      let first = [
        Fixture.event("f2", daysAgo: 3, title: "Texas Creek Fire"),
        Fixture.event("f4", daysAgo: 5, title: "Fourth"),
      ]
      let feed = standardFeed(scheduler, fires: [.next(20, first), .completed(20)])
      feed.laterEvents["wildfires"] = .just(first + [Fixture.event("f0", daysAgo: 0.5, title: "Newest")])
      return feed
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .down)
    #expect(app.statusLine.contains("2/2"))
    // A refresh brings a newer fire, listed above the selection.
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    let selected = app.lines.first { $0.contains("Fourth") }
    #expect(app.statusLine.contains("3/3"), "still on Fourth, now the third row:\n\(app.screen)")
    #expect(selected != nil)
  }

  @Test("an updated event's detail says what changed since it was seen: how far it moved, its magnitude")
  func detailSaysWhatChanged() {
    func storm(_ positions: [(Double, Double)], knots: Double) -> EOEvent {
      EOEvent(
        id: "s1", title: "Typhoon Example", categories: [Fixture.storms],
        geometries: positions.enumerated().map { index, position in
          EOGeometry(
            date: Fixture.reference.addingTimeInterval(Double(index - positions.count) * 3_600),
            shape: .point(EOCoordinate(longitude: position.0, latitude: position.1)),
            magnitude: EOMagnitude(value: index == positions.count - 1 ? knots : 90, unit: "kts"))
        })
    }
    let app = ShellHarness { scheduler in
      let feed = standardFeed(scheduler)
      feed.events["severeStorms"] = .just([storm([(120, 10)], knots: 95)])
      feed.laterEvents["severeStorms"] = .just([storm([(120, 10), (121, 10)], knots: 100)])
      return feed
    }
    app.advance(to: 100)
    // The first load is what is seen; the refresh moves the storm a degree east and strengthens it.
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    app.press(.char("j"), .char("j"), .enter, .enter)
    #expect(app.header.contains("Typhoon Example"), "\(app.screen)")
    let changed = app.lines.first { $0.hasPrefix("Changed:") } ?? ""
    #expect(changed.contains("moved 110 km E"), "\(app.screen)")
    #expect(changed.contains("95 → 100 kts"), "\(app.screen)")
    // Seen now: opened again, it has nothing to say.
    app.press(.escape, .enter)
    #expect(!app.screen.contains("Changed:"), "\(app.screen)")
  }

  @Test("the categories list, covered while a refresh lands, shows the new counts once back on top")
  func coveredListCatchesUp() {
    let app = ShellHarness { scheduler in
      let feed = standardFeed(scheduler)
      feed.laterEvents["severeStorms"] = .just([
        Fixture.event("s1", daysAgo: 2, title: "Typhoon Example", category: Fixture.storms),
        Fixture.event("s2", daysAgo: 1, title: "Second Storm", category: Fixture.storms),
      ])
      return feed
    }
    app.advance(to: 100)
    func row(_ title: String) -> String? { app.lines.first { $0.contains(title) } }
    #expect(row("Severe Storms")?.hasSuffix(" 1") == true, "\(app.screen)")
    #expect(row("All categories")?.hasSuffix(" 3") == true, "\(app.screen)")
    app.press(.char("G"), .enter)
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(app.header.hasPrefix("OurPlanet › Wildfires"))
    app.press(.char("h"))
    #expect(row("Severe Storms")?.hasSuffix(" 2") == true, "\(app.screen)")
    #expect(row("All categories")?.hasSuffix(" 4") == true, "\(app.screen)")
  }

  // Moved from the tmux suite (ExportEndToEndTests); the timeline above the slider is ColumnTests'.
  @Test("the All view merges every category, each event once, tagged with its category")
  func allViewMerges() {
    let shared = Fixture.event("x1", daysAgo: 2, title: "Storm-driven Fire")
    let both = EOEvent(
      id: shared.id, title: shared.title, link: shared.link, categories: [Fixture.fires, Fixture.storms],
      sources: shared.sources, geometries: shared.geometries)
    let app = ShellHarness(size: Size(width: 110, height: 30)) { scheduler in
      ScriptedFeed(
        categories: scheduler.createColdObservable([
          .next(5, [Fixture.fires, Fixture.storms, Fixture.ice]), .completed(5),
        ]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([
            .next(10, [Fixture.event("f1", daysAgo: 1, title: "Rim Fire, California"), both]), .completed(10),
          ]).asObservable(),
          "severeStorms": scheduler.createColdObservable([
            .next(
              10, [Fixture.event("s1", daysAgo: 3, title: "Typhoon Example", category: Fixture.storms), both]),
            .completed(10),
          ]).asObservable(),
          "seaLakeIce": scheduler.createColdObservable([.next(10, []), .completed(10)]).asObservable(),
        ])
    }
    app.advance(to: 100)
    let allRow = app.lines.first { $0.contains("All categories") } ?? ""
    #expect(allRow.hasSuffix(" 3"), "each event once:\n\(app.screen)")
    app.press(.char("g"), .enter)
    #expect(app.header.hasPrefix("OurPlanet › All categories"), "\(app.header)")
    #expect(app.header.hasSuffix("3 events in the last 30 days"), "\(app.header)")
    #expect(app.screen.components(separatedBy: "Storm-driven Fire").count == 2, "listed once:\n\(app.screen)")
    #expect(app.screen.contains("Storm  Typhoon Example"), "tagged with its category:\n\(app.screen)")
  }

  @Test("the detail keeps its scroll position when a refresh changes the event")
  func detailScrollSurvivesRefresh() throws {
    let long = (1...40).map { "Line \($0) of a long description." }.joined(separator: "\n")
    let app = ShellHarness(size: Size(width: 60, height: 12)) { scheduler in
      let feed = standardFeed(
        scheduler,
        fires: [
          .next(20, [Fixture.event("f1", daysAgo: 1, title: "Rim Fire", description: long)]), .completed(20),
        ])
      feed.laterEvents["wildfires"] = .just([
        Fixture.event("f1", daysAgo: 1, title: "Rim Fire", magnitude: (10, "acres"), description: long)
      ])
      return feed
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .enter)
    for _ in 0..<10 { app.press(.down) }
    let before = app.lines.dropFirst(3).prefix(3).joined(separator: "|")
    #expect(!before.contains("Categories:"), "scrolled down:\n\(app.screen)")
    // The refresh brings the same event with a new magnitude.
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(
      app.shell.context.latestCatalog.item(id: "wildfires")?.events.first?.latestGeometry?.magnitude != nil)
    let after = app.lines.dropFirst(3).prefix(3).joined(separator: "|")
    #expect(!after.contains("Categories:"), "the detail did not jump back to the top:\n\(app.screen)")
    #expect(after.contains("Line"), "\(app.screen)")
  }

  @Test("the search's match is underlined and bold in each title, whatever its case and accents")
  func searchMatchIsMarked() throws {
    let app = ShellHarness { standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("/"))
    app.type("creek")
    app.advance(to: app.scheduler.clock + 20)
    app.press(.enter)
    var buffer = CellBuffer(size: app.size, symbols: app.host.symbols)
    app.shell.render(into: &buffer)
    let lines = buffer.lines
    let y = try #require(lines.firstIndex { $0.contains("Texas Creek Fire") }, "\(app.screen)")
    let line = lines[y]
    let start = line.distance(from: line.startIndex, to: try #require(line.range(of: "Creek")).lowerBound)
    let marked = TextAttributes([.underline, .bold])
    for x in start..<start + 5 {
      #expect(buffer[x, y].style.attributes.isSuperset(of: marked), "\(buffer[x, y].character) at \(x)")
    }
    for x in [start - 1, start + 5] {
      #expect(!buffer[x, y].style.attributes.contains(.underline), "only the match: \(x)")
    }
  }

  @Test("while a search is typed, letters are text and arrows move the selection")
  func typingASearch() {
    let app = ShellHarness { standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("/"))
    app.type("Fire")
    app.advance(to: app.scheduler.clock + 5)
    #expect(app.header.hasSuffix("2 of 2 events in the last 30 days"), "\(app.header)")
    app.press(.down)
    #expect(app.statusLine.contains("2/2"))
    app.type("qm")
    #expect(!app.host.stopped, "q was a letter")
    #expect(!app.shell.context.map.isShown, "m was a letter")
    #expect(app.screen.contains("/ Fireqm"))
    app.advance(to: app.scheduler.clock + 5)
    #expect(app.header.contains("0 of 2 events"), "the letters searched: \(app.header)")
    app.press(.ctrl("u"))
    #expect(app.screen.contains("/ ▏"))
    app.type("texas")
    app.press(.enter)
    app.advance(to: app.scheduler.clock + 5)
    #expect(app.header.hasSuffix("1 of 2 events in the last 30 days"))
    app.press(.escape)
    app.advance(to: app.scheduler.clock + 5)
    #expect(app.header.hasSuffix("2 events in the last 30 days"))
    app.press(.char("q"))
    #expect(app.host.stopped)
  }

  @Test("the status line: progress without repeating itself, then the total and the window")
  func statusWording() {
    let app = ShellHarness { standardFeed($0) }
    app.advance(to: 1)
    #expect(app.statusLine.contains("asking for the categories"), "\(app.statusLine)")
    #expect(!app.statusLine.contains("0/"), "no progress before the categories are known: \(app.statusLine)")
    app.advance(to: 8)
    let loading = app.statusLine
    #expect(loading.contains("0/3") && loading.contains("downloading"), "\(loading)")
    #expect(loading.components(separatedBy: "0/3").count == 2, "the count once: \(loading)")
    // The answer to a key is not hidden by the downloads.
    app.press(.char("m"))
    #expect(
      app.statusLine.contains("open a category first") && app.statusLine.contains("0/3"), "\(app.statusLine)")
    // Issue 38, item 4: the answer stays until the next key, or for 8 seconds.
    app.advance(to: 14)
    #expect(app.statusLine.contains("open a category first"), "the answer stays a while: \(app.statusLine)")
    app.advance(to: 100)
    #expect(app.statusLine.hasPrefix("3 events in 3 categories (the last 30 days)"), "\(app.statusLine)")
    app.press(.char("m"))
    #expect(app.statusLine.contains("open a category first"))
    app.press(.down)
    #expect(app.statusLine.hasPrefix("3 events in 3 categories (the last 30 days)"))
  }

  @Test("a failed category shows its stored events and the failure; the status line counts failures")
  func failedCategory() {
    let stored = Catalog(items: [
      CategoryItem(
        category: Fixture.fires, events: [Fixture.event("old", daysAgo: 2, title: "Stored Fire")],
        fetchedAt: Fixture.reference, source: .cache, state: .stored)
    ])
    let app = ShellHarness { scheduler in
      let feed = standardFeed(scheduler, fires: [.error(10, EONETError.httpStatus(url: "u", status: 500))])
      feed.storedCatalog = stored
      return feed
    }
    app.advance(to: 100)
    #expect(app.screen.contains("! Wildfires"))
    app.advance(to: 200)  // the failure's message has had its seconds
    #expect(app.statusLine.contains("1 category failed · ! lists messages"), "\(app.statusLine)")
    app.press(.char("G"), .enter)
    #expect(app.screen.contains("Stored Fire"))
    #expect(!app.screen.contains("No events"))
    #expect(app.screen.contains("download failed: HTTP 500"))
    app.press(.char("!"))
    #expect(app.screen.contains("Wildfires: HTTP 500 from u — kept stored data"))
  }

  @Test("a warning raised before the screens existed reaches the status line and the messages")
  func earlyWarning() {
    let app = ShellHarness(beforeShell: { $0.post("ignored cache file volcanoes-open.json: truncated") }) {
      standardFeed($0)
    }
    app.advance(to: 1)
    #expect(app.statusLine.contains("ignored cache file volcanoes-open.json"), "\(app.statusLine)")
    app.advance(to: 6)
    #expect(app.statusLine.contains("ignored cache file volcanoes-open.json"), "held while loading too")
    app.advance(to: 200)
    #expect(app.statusLine.contains("1 unread message, ! lists them"), "\(app.statusLine)")
    app.press(.char("!"))
    #expect(app.screen.contains("ignored cache file volcanoes-open.json: truncated"))
    app.press(.escape)
    #expect(!app.screen.contains("Messages"))
    #expect(!app.statusLine.contains("! lists them"), "read: the hint is gone: \(app.statusLine)")
  }

  @Test("the message list wraps a long message to read it whole, even on a narrow terminal")
  func longMessagesWrap() {
    let tail = "and this is the end of a very long failure message"
    let long = "Wildfires: " + String(repeating: "the server said something long ", count: 8) + tail
    let app = ShellHarness(size: Size(width: 60, height: 30), beforeShell: { $0.post(long) }) {
      standardFeed($0)
    }
    app.advance(to: 200)
    app.press(.char("!"))
    let text = app.lines.joined(separator: " ").split(separator: " ").filter { $0 != "│" && $0 != "|" }
      .joined(separator: " ")
    #expect(text.contains(tail), "the end of the message is on screen:\n\(app.screen)")
    #expect(!app.lines.filter { $0.contains("│") }.joined().contains("…"), "nothing cut:\n\(app.screen)")
  }

  @Test("the help scrolls on a small terminal, so its last key is reachable; Esc closes it")
  func helpScrolls() {
    let app = ShellHarness(size: Size(width: 40, height: 10)) { standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("?"))
    #expect(app.screen.contains("OurPlanet keys"))
    #expect(!app.screen.contains("Ctrl-Z"))
    app.press(.end)
    #expect(app.screen.contains("Ctrl-Z"), "\(app.screen)")
    app.press(.escape)
    #expect(!app.screen.contains("OurPlanet keys"))
    #expect(!app.host.stopped)
  }

  @Test("keys that do nothing here say why")
  func keysSayWhy() {
    let offline = ShellHarness(options: AppOptions(offline: true)) { standardFeed($0) }
    offline.advance(to: 100)
    offline.press(.char("r"))
    #expect(offline.statusLine.contains("Offline (--offline): nothing to refresh"))
    offline.press(.char("m"))
    #expect(offline.statusLine.contains("The map shows on the events and detail screens"))
  }

  @Test("without UTF-8 every symbol has an ASCII stand-in")
  func asciiScreens() {
    let app = ShellHarness(symbols: .ascii) { standardFeed($0) }
    app.advance(to: 100)
    var screens = [app.screen]
    app.press(.char("G"), .enter)
    screens.append(app.screen)
    app.press(.enter)
    screens.append(app.screen)
    app.press(.char("?"))
    screens.append(app.screen)
    for screen in screens {
      #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen)")
      #expect(!screen.contains("?") || screen.contains("? help"), "\(screen)")
    }
    #expect(screens[2].contains("40.00N 100.00W"))
  }

  @Test("at 200 columns a category's count stays near its name")
  func wideTerminal() {
    let app = ShellHarness(size: Size(width: 200, height: 20)) { standardFeed($0) }
    app.advance(to: 100)
    let row = app.lines.first { $0.contains("Wildfires") } ?? ""
    #expect(row.count <= CategoriesScreen.maximumWidth, "\(row)")
    #expect(row.hasSuffix(" 2"))
  }

  @Test("at 80 columns magnitudes are whole or not there: the title gives way", arguments: [80, 60, 40])
  func magnitudesNeverCut(width: Int) {
    let long = String(repeating: "Very Long Wildfire Name ", count: 4)
    let app = ShellHarness(size: Size(width: width, height: 20)) { scheduler in
      standardFeed(
        scheduler,
        fires: [
          .next(20, [Fixture.event("f1", daysAgo: 1, title: long, magnitude: (12_345, "acres"))]),
          .completed(20),
        ])
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    let row = app.lines.first { $0.contains("Very Long") } ?? ""
    let cut = ["12,34", "2,345 a", "12,345 ac"].contains { row.contains($0) && !row.contains("12,345 acres") }
    #expect(!cut, "\(row)")
    if width >= 60 { #expect(row.contains("12,345 acres"), "\(row)") }
  }

  @Test("an opener that fails is reported, not hidden behind 'Opening …'")
  func openerFailure() {
    let failing: LinkOpening = { url, completion in
      completion("xdg-open failed (exit status 3) opening \(url)")
    }
    let app = ShellHarness(openLink: failing) { standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .enter, .char("o"))
    app.advance(to: app.scheduler.clock + 2)
    #expect(app.statusLine.contains("xdg-open failed (exit status 3)"), "\(app.statusLine)")
    app.press(.char("2"))
    app.press(.char("9"))
    #expect(app.statusLine.contains("This event has 2 links"), "\(app.statusLine)")
  }

  @Test("--days beyond a year widens the slider instead of being cut to 360")
  func longWindow() {
    let app = ShellHarness(options: AppOptions(days: 1_000)) { standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    #expect(app.screen.contains("Last 1,000 days"), "\(app.screen)")
    #expect(app.header.hasSuffix("3 events in the last 1,000 days"), "\(app.header)")
    app.press(.char("]"))
    #expect(app.screen.contains("Last 1,000 days"), "the slider's end is the requested window")
  }

  @Test("] steps the days to the next multiple of 30 and [ back the same way, to the first day")
  func largeStepsAreMultiplesOfThirty() {
    let app = ShellHarness(options: AppOptions(days: 1)) { standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    var labels: [String] = []
    for key in ["]", "]", "[", "["] as [Character] {
      app.press(.char(key))
      labels.append(app.lines.first { $0.hasPrefix("Last ") }.map { String($0.prefix(13)) } ?? "")
    }
    #expect(labels == ["Last 30 days ", "Last 60 days ", "Last 30 days ", "Last day     "], "\(labels)")
  }

  @Test("a click selects a row, a double click opens it, the wheel scrolls")
  func mouse() {
    let app = ShellHarness { standardFeed($0) }
    app.advance(to: 100)
    app.press(.mouse(MouseEvent(.click, at: Point(x: 3, y: 3))))
    #expect(app.statusLine.contains("3/4"), "\(app.statusLine)")
    app.press(.mouse(MouseEvent(.doubleClick, at: Point(x: 3, y: 4))))
    #expect(app.header.hasPrefix("OurPlanet › Wildfires"), "\(app.header)")
  }
}

@Suite("Rows")
struct RowsTests {
  @Test("the All row counts each event once, and in a region only the region's, like the category rows")
  func allRowInRegion() {
    var inside = Fixture.event("in", daysAgo: 1)
    let far = EOEvent(
      id: "far", title: "Far away", categories: [Fixture.fires],
      geometries: [
        EOGeometry(date: Fixture.reference, shape: .point(EOCoordinate(longitude: 100, latitude: -40)))
      ])
    inside = EOEvent(
      id: inside.id, title: inside.title, categories: [Fixture.fires, Fixture.storms],
      geometries: inside.geometries)
    let catalog = Catalog(items: [
      CategoryItem(
        category: Fixture.fires, events: [inside, far], fetchedAt: Fixture.reference, source: .cache),
      CategoryItem(category: Fixture.storms, events: [inside], fetchedAt: Fixture.reference, source: .cache),
    ])
    let region = Region.near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 500)
    for seen in [nil, SeenState()] {
      #expect(
        Rows.categoryList(catalog, scope: EventScope(days: 30, region: nil), seen: seen)[0].rightText
          .hasSuffix("2"))
      #expect(
        Rows.categoryList(catalog, scope: EventScope(days: 30, region: region), seen: seen)[0].rightText
          .hasSuffix("1"))
      #expect(
        Rows.category(catalog.items[0], scope: EventScope(days: 30, region: region), seen: seen).rightText
          .hasSuffix("1"))
    }
    #expect(
      Rows.categoryList(catalog, scope: EventScope(days: 30, region: nil), seen: SeenState())[0].rightText
        == "2 new  2")
  }

  @Test("the categories list, counted in one pass, shows what each row counted on its own shows")
  func listInOnePass() {
    let shared = EOEvent(
      id: "shared", title: "Both", categories: [Fixture.fires, Fixture.storms],
      geometries: [
        EOGeometry(date: Fixture.reference, shape: .point(EOCoordinate(longitude: -100, latitude: 40)))
      ])
    let far = EOEvent(
      id: "far", title: "Far away", categories: [Fixture.fires],
      geometries: [
        EOGeometry(date: Fixture.reference, shape: .point(EOCoordinate(longitude: 100, latitude: -40)))
      ])
    let fires = [shared, far] + (1...6).map { Fixture.event("f\($0)", daysAgo: Double($0 * 7)) }
    let storms = [shared, Fixture.event("s1", daysAgo: 3)]
    let catalog = Catalog(items: [
      CategoryItem(category: Fixture.fires, events: fires, fetchedAt: Fixture.reference, source: .cache),
      CategoryItem(category: Fixture.storms, events: storms, fetchedAt: Fixture.reference, source: .cache),
    ])
    var seen = SeenState()
    seen.markSeen([fires[2], fires[3], shared])
    let region = Region.near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 500)
    for (days, region, seen) in [(30, nil, seen), (3, nil, seen), (30, region, seen), (30, nil, nil)]
      as [(Int, Region?, SeenState?)]
    {
      let rows = Rows.categoryList(catalog, scope: EventScope(days: days, region: region), seen: seen)
      let expected = catalog.items.map {
        Rows.category($0, scope: EventScope(days: days, region: region), seen: seen)
      }
      #expect(
        Array(rows.dropFirst()) == expected, "\(days) days, region \(region != nil), seen \(seen != nil)")
      #expect(rows.first?.id == EventListViewModel.allCategoriesID)
      #expect(rows.first?.rightText == allRowText(catalog, days: days, region: region, seen: seen))
    }
    #expect(
      Rows.categoryList(catalog, scope: EventScope(days: 30, region: nil), seen: seen)[0].rightText
        == "4 new  7")
  }

  /// The All row's right text counted the plain way: a set of ids, each new id's change looked up.
  private func allRowText(_ catalog: Catalog, days: Int, region: Region?, seen: SeenState?) -> String {
    var ids = Set<String>()
    var new = 0
    var updated = 0
    for item in catalog.items {
      for event in item.events(inLast: days)
      where region?.contains(event) ?? true && ids.insert(event.id).inserted {
        switch seen?.change(of: event) {
        case .new?: new += 1
        case .updated?, .closed?: updated += 1
        case nil: break
        }
      }
    }
    let parts = (new > 0 ? ["\(new) new"] : []) + (updated > 0 ? ["\(updated) updated"] : [])
    return (parts.isEmpty ? "" : parts.joined(separator: " · ") + "  ") + "\(ids.count)"
  }
}

/// Issue 27, items 3 and 4: a new order shows its top, and the header names the order the list has.
@Suite("Sorting, as the screen shows it")
struct SortScreenTests {
  private func feed(_ scheduler: TestScheduler) -> ScriptedFeed {
    ScreenTests().standardFeed(
      scheduler,
      fires: [
        .next(
          20,
          [
            Fixture.event("f1", daysAgo: 1, title: "Small Fire", magnitude: (10, "acres")),
            Fixture.event("f2", daysAgo: 2, title: "Middle Fire", magnitude: (500, "acres")),
            Fixture.event("f3", daysAgo: 3, title: "Huge Fire", magnitude: (9_000, "acres")),
            Fixture.event("f4", daysAgo: 4, title: "Tiny Fire", magnitude: (1, "acres")),
          ]), .completed(20),
      ])
  }

  @Test("s moves the selection to the first row of the new order")
  func newOrderShowsItsTop() {
    let app = ShellHarness { feed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("G"))
    #expect(app.statusLine.contains("4/4"), "the last row: \(app.statusLine)")
    app.press(.char("s"))
    #expect(app.header.contains("largest first"), "\(app.header)")
    #expect(app.statusLine.contains("1/4"), "the top of the new order: \(app.statusLine)")
    app.press(.enter)
    #expect(app.header.contains("Huge Fire"), "the largest is selected: \(app.header)")
  }

  @Test("clearing the region with F drops 'nearest first' from the header, as the list drops it")
  func clearedRegionHeader() throws {
    let region = try Region.near(parsing: "40,-100,500")
    let app = ShellHarness(
      size: Size(width: 160, height: 30), options: AppOptions(region: region, sort: .distance)
    ) {
      feed($0)
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    #expect(app.header.contains("nearest first"), "\(app.header)")
    app.press(.char("F"))
    #expect(!app.header.contains("nearest first"), "the list is newest first now: \(app.header)")
    app.press(.enter)
    #expect(app.header.contains("Small Fire"), "newest first: \(app.header)")
    app.press(.escape, .char("s"))
    #expect(app.header.contains("largest first"), "s goes on from newest first: \(app.header)")
  }
}

/// Issue 27, item 15: numbers in the UI get thousands separators everywhere.
@Suite("Small words")
struct SmallWordsTests {
  @Test("the position and the slider write thousands with separators")
  func thousands() {
    let fires = (0..<1_200).map { Fixture.event("f\($0)", daysAgo: Double($0) / 100, title: "Fire \($0)") }
    let app = ShellHarness(options: AppOptions(days: 1_000)) {
      ScreenTests().standardFeed($0, fires: [.next(20, fires), .completed(20)])
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("G"))
    #expect(app.statusLine.contains("1,200/1,200"), "\(app.statusLine)")
    #expect(app.screen.contains("Last 1,000 days"), "\(app.screen)")
  }
}

/// Issue 27, item 9: nothing moves the list while data arrives.
@Suite("A steady list during a refresh")
struct SteadyListTests {
  @Test("the list's rows keep their screen lines from stored data through the download to live data")
  func rowsStayPut() throws {
    let fire = Fixture.event("old", daysAgo: 2, title: "Stored Fire")
    let stored = Catalog(items: [
      CategoryItem(
        category: Fixture.fires, events: [fire], fetchedAt: Fixture.reference, source: .cache, state: .stored)
    ])
    let app = ShellHarness { scheduler in
      let feed = ScreenTests().standardFeed(scheduler, fires: [.next(300, [fire]), .completed(300)])
      feed.storedCatalog = stored
      return feed
    }
    app.advance(to: 1)
    app.press(.char("G"), .enter)
    var lines: [Int] = []
    var notices: Set<String> = []
    for time in [3, 20, 100, 200, 320, 400] {
      app.advance(to: time)
      let row = try #require(app.lines.firstIndex { $0.contains("Stored Fire") }, "at \(time): \(app.screen)")
      lines.append(row)
      // The notice, then the column header, then the rows.
      notices.insert(app.lines[row - 2].trimmingCharacters(in: .whitespaces))
    }
    #expect(Set(lines).count == 1, "the row moved: \(lines)")
    #expect(notices.count > 1, "the notice did change while the row stayed: \(notices)")
  }
}

/// Issue 27, item 1: the header says what the data is once the server is gone.
@Suite("The header after the network is gone")
struct OfflineHeaderTests {
  @Test(
    "a refresh that cannot reach the server makes the header say offline since when, and from when the data is"
  )
  func offlineSince() {
    let app = ShellHarness.offline(width: 160)
    #expect(!app.header.contains("live"), "\(app.header)")
    #expect(
      app.header.contains("offline since \(Formatting.minute(Fixture.reference))"), "\(app.header)")
    #expect(
      app.header.contains(
        "showing data from \(Formatting.minute(Fixture.reference.addingTimeInterval(-3_600)))"),
      "\(app.header)")
  }
}
