import Dispatch
import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import RxCore
import RxTesting
import Support
import TerminalUI
import TestSupport

/// The All categories screen: opening it, a slider step, a search keystroke (which rebuilds the
/// timeline too) and a slider step with a region filter, each to the rows of the visible frame; then
/// a filter change.
func runAllScreenBenchmarks(_ catalog: Catalog, scale: Int, size: Size) {
  let label = scale == 1 ? "1x" : "\(scale)x"
  measureAllOpen(catalog, label: label, size: size)
  for region in [nil, Region.near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 3_000)] {
    measureAllSteps(catalog, label: label, size: size, region: region)
  }
  runAllFilterBenchmark(catalog, label: label, size: size)
}

/// Opening the screen: the merged list, its ages and folded titles, the window and the first page.
private func measureAllOpen(_ catalog: Catalog, label: String, size: Size) {
  // Each run opens fresh arrays of the events, so nothing worked out by an earlier run is reused.
  var shown = 0
  var opens: [Double] = []
  for _ in 0..<5 {
    var fresh = catalog
    fresh.items = catalog.items.map { item in
      CategoryItem(
        category: item.category, events: item.events.map { $0 }, fetchedAt: item.fetchedAt,
        source: item.source,
        state: item.state)
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let scheduler = TestScheduler(initialClock: 0)
    let model = EventListViewModel(
      categoryID: EventListViewModel.allCategoriesID, catalog: .just(fresh),
      days: BehaviorRelay(value: 360),
      dayRange: 1...360, scheduler: scheduler)
    var list = ListView()
    var buffer = CellBuffer(size: size)
    let subscription = model.state.subscribe(onNext: { state in
      drawEvents(state, tagged: true, list: &list, buffer: &buffer)
      shown = state.windowCount
    })
    scheduler.advanceTo(1)
    subscription.dispose()
    opens.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  let open = median(opens)
  print(
    "app.all_open        \(format(open * 1000, 2)) ms to open All (\(label), \(Formatting.count(shown)) events "
      + "in 360 days) to its first frame")
}

/// Slider steps on All (with the timeline), without a region then within one; without one, the
/// search keystrokes too.
private func measureAllSteps(_ catalog: Catalog, label: String, size: Size, region: Region?) {
  let relay = BehaviorRelay(value: catalog)
  let days = BehaviorRelay(value: 30)
  // Virtual time for the search throttle, so a keystroke's figure is the work, not the wait.
  let scheduler = TestScheduler(initialClock: 0)
  let model = EventListViewModel(
    categoryID: EventListViewModel.allCategoriesID, catalog: relay.asObservable(), days: days,
    dayRange: 1...360, scheduler: scheduler, filters: .just(EventScope(days: 1, region: region)))
  var list = ListView()
  var buffer = CellBuffer(size: size)
  var widest = 0
  let subscription = model.state.subscribe(onNext: { state in
    drawEvents(state, tagged: true, list: &list, buffer: &buffer)
    var timeline = CellBuffer(size: Size(width: size.width, height: 1))
    TimelineView(counts: state.histogram, bounds: 1...360, value: state.days, leadingWidth: 16)
      .render(into: &timeline, rect: timeline.bounds)
    widest = max(widest, state.windowCount)
  })
  scheduler.advanceTo(1)
  let steps = 40
  let step = medianMean(of: steps) {
    for index in 0..<steps { model.adjustDays(by: index % 2 == 0 ? 360 : -360) }
  }
  let events = widest
  if region == nil {
    print(
      "app.all_slider      \(format(step * 1000, 3)) ms per step on All (\(label), 1 ↔ 360 days, "
        + "\(Formatting.count(events)) events at 360), with the timeline")
    measureAllSearch(model, scheduler: scheduler, label: label)
  } else {
    print(
      "app.all_region      \(format(step * 1000, 3)) ms per step on All (\(label)) within 3,000 km of 40°N 100°W"
    )
  }
  subscription.dispose()
}

/// Search keystrokes on All, narrowing then widening (each refilters, rebuilds the timeline,
/// redraws), and the worst new first letter.
private func measureAllSearch(_ model: EventListViewModel, scheduler: TestScheduler, label: String) {
  let keystrokes = ["f", "fi", "fir", "fire", "fir", "fi", "f", ""]
  let perKeystroke = medianMean(of: keystrokes.count) {
    for text in keystrokes {
      model.query.accept(text)
      scheduler.advanceTo(scheduler.clock + 1)
    }
  }
  print(
    "app.all_search      \(format(perKeystroke * 1000, 3)) ms per keystroke on All (\(label)): filter, "
      + "timeline and frame")
  // The worst keystroke: a first letter no earlier search narrows, so every title is searched.
  var worst = 0.0
  for letter in ["w", "e", "a"] {
    model.query.accept("")
    scheduler.advanceTo(scheduler.clock + 1)
    let letterStart = DispatchTime.now().uptimeNanoseconds
    model.query.accept(letter)
    scheduler.advanceTo(scheduler.clock + 1)
    worst = max(worst, Double(DispatchTime.now().uptimeNanoseconds - letterStart) / 1e9)
  }
  print(
    "app.all_search_new  \(format(worst * 1000, 3)) ms for a new first letter on All (\(label)): "
      + "every title searched (worst of 3)")
}

/// The filter change on All alone, at 1× and 10× (`make bench ARGS=filter`, a few seconds).
func runFilterBenchmarks() {
  guard let snapshot = try? EONETSnapshot.locate() else {
    print("filter              skipped: the bundled snapshot was not found")
    return
  }
  let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-bench-\(UUID())")
  defer { try? FileManager.default.removeItem(at: empty) }
  let client = EONETClient(
    configuration: EONETClient.Configuration(cacheDirectory: empty, offline: true, snapshot: snapshot))
  let everything = waitForFirst(LiveEventFeed(client: client, days: 36_500).stored()) ?? .empty
  let size = Size(width: 120, height: 40)
  runAllFilterBenchmark(everything, label: "1x", size: size)
  runAllFilterBenchmark(tenfold(everything), label: "10x", size: size)
}

/// A filter change on All (the status key `x`, the form's minimum magnitude): the whole list
/// filtered again, with its timeline and the visible frame, through the shared scope as the UI
/// changes it.
private func runAllFilterBenchmark(_ catalog: Catalog, label: String, size: Size) {
  let base = EventScope(days: 30)
  let filters = BehaviorRelay(value: base)
  let scheduler = TestScheduler(initialClock: 0)
  let model = EventListViewModel(
    categoryID: EventListViewModel.allCategoriesID, catalog: .just(catalog), days: BehaviorRelay(value: 30),
    dayRange: 1...360, scheduler: scheduler, filters: filters.asObservable())
  var list = ListView()
  var buffer = CellBuffer(size: size)
  var shown = 0
  let subscription = model.state.subscribe(onNext: { state in
    drawEvents(state, tagged: true, list: &list, buffer: &buffer)
    var timeline = CellBuffer(size: Size(width: size.width, height: 1))
    TimelineView(counts: state.histogram, bounds: 1...360, value: state.days, leadingWidth: 16)
      .render(into: &timeline, rect: timeline.bounds)
    shown = state.windowCount
  })
  scheduler.advanceTo(1)
  var open = base
  open.status = .open
  var large = base
  large.minimumMagnitude = 1_000
  for (name, changed) in [("status open ↔ both", open), ("minimum 1,000 ↔ none", large)] {
    let steps = 40
    var narrowed = 0
    let step = medianMean(of: steps) {
      for index in 0..<steps {
        filters.accept(index % 2 == 0 ? changed : base)
        if index % 2 == 0 { narrowed = shown }
      }
    }
    print(
      "app.all_filter      \(format(step * 1000, 3)) ms per filter change on All (\(label)): \(name) "
        + "(\(Formatting.count(narrowed)) ↔ \(Formatting.count(shown)) events in 30 days), with the timeline")
  }
  subscription.dispose()
}
