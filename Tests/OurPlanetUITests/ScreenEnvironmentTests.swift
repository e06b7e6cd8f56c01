import EONETKit
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// A screen runs on its own narrow environment: here a fake holding only what the categories
/// screen's protocol names, and recording what the screen asks of it.
@Suite("Screen environments")
struct ScreenEnvironmentTests {
  /// The categories screen's whole world: a catalog, the shared scope, the seen marks,
  /// the status line and the way to a category's events.
  final class CategoriesWorld: CategoriesEnvironment {
    let headless = HeadlessHost()
    var host: AppHost { headless }
    let scheduler = TestScheduler(initialClock: 0)
    var mainScheduler: SchedulerType { scheduler }
    let catalogs: BehaviorRelay<Catalog>
    var catalog: Observable<Catalog> { catalogs.asObservable() }
    let scopeRelay = BehaviorRelay(value: EventScope(days: 30))
    var scope: EventScope { scopeRelay.value }
    var scopes: Observable<EventScope> { scopeRelay.asObservable() }
    let seen = SeenTracker(seen: SeenState(baseline: nil))
    let filters = BehaviorRelay(value: ScopeFilters.none)
    let alerts = AlertRules()
    let alertsOnly = BehaviorRelay(value: false)
    private(set) var said: [String] = []
    private(set) var opened: [String] = []

    init(_ catalog: Catalog) { catalogs = BehaviorRelay(value: catalog) }

    func say(_ text: String, isError: Bool) { said.append(text) }

    func eventsScreen(categoryID: String) -> Screen {
      opened.append(categoryID)
      return Opened()
    }

    func eventsScreen(categories: Set<String>) -> Screen {
      opened.append(categories.sorted().joined(separator: "+"))
      return Opened()
    }

    func placeName(for region: Region) -> String? { nil }
  }

  /// What the fake environment opens.
  final class Opened: Screen {
    var breadcrumb: String { "opened" }
    var headerRight: String { "" }
    var position: String? { nil }
    var showsMap: Bool { false }
    func bindings() -> [Binding] { [] }
    func render(into buffer: inout CellBuffer, rect: Rect) {}
    func close() {}
  }

  let fires = [
    Fixture.event("f1", daysAgo: 1, title: "Rim Fire"), Fixture.event("f2", daysAgo: 2, title: "Creek Fire"),
  ]
  let storms = [Fixture.event("s1", daysAgo: 1, title: "Typhoon", category: Fixture.storms)]

  func world() -> CategoriesWorld {
    CategoriesWorld(
      Catalog(items: [
        CategoryItem(
          category: Fixture.fires, events: fires, fetchedAt: Fixture.reference, source: .live, state: .done),
        CategoryItem(
          category: Fixture.storms, events: storms, fetchedAt: Fixture.reference, source: .live, state: .done),
      ]))
  }

  func run(_ command: KeyCommand, _ key: Key, on screen: Screen) -> ScreenAction? {
    var buffer = CellBuffer(size: Size(width: 80, height: 10), symbols: .unicode)
    screen.render(into: &buffer, rect: Rect(x: 0, y: 0, width: 80, height: 10))
    return screen.bindings().first { $0.command == command }?.action(key)
  }

  @Test("opening a category asks the environment for that category's screen, and pushes it")
  func opensThroughTheEnvironment() throws {
    let world = world()
    let screen = CategoriesScreen(context: world)
    world.scheduler.advanceTo(1)
    screen.setQuery("storm")
    let action = try #require(run(.open, .enter, on: screen))
    guard case .push(let pushed) = action else {
      Issue.record("opening pushed nothing: \(action)")
      return
    }
    #expect(pushed.breadcrumb == "opened")
    #expect(world.opened == ["severeStorms"])
  }

  @Test("marking the All row seen marks every category's events in the environment's tracker")
  func marksSeenThroughTheEnvironment() throws {
    let world = world()
    let screen = CategoriesScreen(context: world)
    world.scheduler.advanceTo(1)
    #expect(!world.seen.state.value.hasSeen(fires + storms))
    _ = try #require(run(.markSeen, .char("A"), on: screen))
    #expect(world.seen.state.value.hasSeen(fires + storms))
    #expect(world.said == ["Marked every event of every category seen"])
    #expect(world.opened.isEmpty)
  }

  @Test("the screen counts in the one scope its environment gives, and follows it as it changes")
  func countsInTheScope() {
    let world = world()
    let screen = CategoriesScreen(context: world)
    world.scheduler.advanceTo(1)
    let row = { (title: String) -> String in
      var buffer = CellBuffer(size: Size(width: 60, height: 6), symbols: .unicode)
      screen.render(into: &buffer, rect: Rect(x: 0, y: 0, width: 60, height: 6))
      return buffer.lines.first { $0.contains(title) } ?? ""
    }
    #expect(row("Wildfires").hasSuffix(" 2"), "\(row("Wildfires"))")
    // Far from every event (they are all at 40°N 100°W).
    world.scopeRelay.accept(
      EventScope(days: 30, region: .near(EOCoordinate(longitude: 20, latitude: -30), radiusKilometres: 50)))
    world.scheduler.advanceTo(2)
    #expect(row("Wildfires").hasSuffix(" 0"), "\(row("Wildfires"))")
    #expect(screen.headerRight.contains("within 50 km"), "\(screen.headerRight)")
  }
}
