import Dispatch
import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import RxCore
import RxTesting
import TerminalUI

/// The main thread's share of a refresh with ten times today's data while "All categories" is open:
/// the catalogs a refresh sends (listing, every category queued, then two at a time downloading and
/// loaded, each with a fresh array of its events and a new fetch time) through the All screen's view
/// model to a drawn page, plus the status line's distinct count. Keypresses wait behind this work.
///
/// Twice: with each catalog's index made on this thread when first asked for, and made as the
/// catalog is (what the catalog view model does, on its background scheduler).
func runRefreshUpdatesBenchmark(_ stored: Catalog, size: Size) {
  runRefreshUpdatesBenchmark(stored, size: size, indexedAhead: false)
  runRefreshUpdatesBenchmark(stored, size: size, indexedAhead: true)
}

private func runRefreshUpdatesBenchmark(_ stored: Catalog, size: Size, indexedAhead: Bool) {
  let catalogs = refreshCatalogs(from: stored, indexedAhead: indexedAhead)
  let relay = BehaviorRelay(value: stored)
  let scheduler = TestScheduler(initialClock: 0)
  let model = EventListViewModel(
    categoryID: EventListViewModel.allCategoriesID, catalog: relay.asObservable(),
    days: BehaviorRelay(value: 360), dayRange: 1...360, scheduler: scheduler)
  var list = ListView()
  var buffer = CellBuffer(size: size)
  let subscription = model.state.subscribe(onNext: { state in
    drawEvents(state, tagged: true, list: &list, buffer: &buffer)
  })
  defer { subscription.dispose() }
  scheduler.advanceTo(1)
  var totals: [Double] = []
  var worsts: [Double] = []
  for _ in 0..<5 {
    relay.accept(stored)
    var total = 0.0
    var worst = 0.0
    for catalog in catalogs {
      let start = DispatchTime.now().uptimeNanoseconds
      relay.accept(catalog)
      _ = catalog.eventCount(in: EventScope(days: 360))
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      total += elapsed
      worst = max(worst, elapsed)
    }
    totals.append(total)
    worsts.append(worst)
  }
  print(
    "app.refresh_updates\(indexedAhead ? "_indexed" : "") \(format(median(totals), 1)) ms of main-thread work over "
      + "a 10x refresh's \(catalogs.count) catalogs with All open, worst catalog \(format(median(worsts), 1)) ms "
      + "(medians of 5\(indexedAhead ? "; each catalog's index made as the catalog was, as the app does" : ""))"
  )
}

/// The catalogs a refresh of `stored` sends, in order, each indexed as it is made when
/// `indexedAhead`.
private func refreshCatalogs(from stored: Catalog, indexedAhead: Bool) -> [Catalog] {
  var catalogs: [Catalog] = []
  if indexedAhead { stored.prepareIndex() }
  var current = stored
  func append(_ catalog: Catalog) {
    if indexedAhead { catalog.prepareIndex() }
    catalogs.append(catalog)
  }
  current.isListing = true
  append(current)
  current.isListing = false
  current.pending = Set(stored.items.map(\.category.id))
  for index in current.items.indices { current.items[index].state = .queued }
  append(current)
  // Largest first, two at a time: each starts, then loads.
  let order = current.items.indices.sorted { current.items[$0].events.count > current.items[$1].events.count }
  for pair in stride(from: 0, to: order.count, by: 2) {
    let started = order[pair..<min(pair + 2, order.count)]
    for index in started {
      current.items[index].state = .downloading
      append(current)
    }
    for index in started {
      let item = current.items[index]
      // A fresh array of the same events, a minute later: what a download brings.
      current.items[index].replaceEvents(
        with: EOFetched(
          value: item.events.map { $0 }, source: .live,
          fetchedAt: (item.fetchedAt ?? Date()).addingTimeInterval(60)))
      current.items[index].state = .done
      current.pending.remove(item.category.id)
      append(current)
    }
  }
  return catalogs
}
