import Dispatch
import EONETKit
import Foundation
import OurPlanet
import OurPlanetUI
import RxCore
import RxTesting
import TerminalUI

/// The main thread's share of a refresh with ten times today's data while "All categories" is open:
/// the catalogs a refresh sends (listing, every category queued, then two at a time downloading and
/// loaded, each with a fresh array of its events and a new fetch time) through the All screen's view
/// model to a drawn page, plus the status line's distinct count. Keypresses wait behind this work.
func runRefreshUpdatesBenchmark(_ stored: Catalog, size: Size) {
  let catalogs = refreshCatalogs(from: stored)
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
    "app.refresh_updates \(format(median(totals), 1)) ms of main-thread work over a 10x refresh's "
      + "\(catalogs.count) catalogs with All open, worst catalog \(format(median(worsts), 1)) ms (medians of 5)"
  )
}

/// The catalogs a refresh of `stored` sends, in order.
private func refreshCatalogs(from stored: Catalog) -> [Catalog] {
  var catalogs: [Catalog] = []
  var current = stored
  current.isListing = true
  catalogs.append(current)
  current.isListing = false
  current.pending = Set(stored.items.map(\.category.id))
  for index in current.items.indices { current.items[index].state = .queued }
  catalogs.append(current)
  // Largest first, two at a time: each starts, then loads.
  let order = current.items.indices.sorted { current.items[$0].events.count > current.items[$1].events.count }
  for pair in stride(from: 0, to: order.count, by: 2) {
    let started = order[pair..<min(pair + 2, order.count)]
    for index in started {
      current.items[index].state = .downloading
      catalogs.append(current)
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
      catalogs.append(current)
    }
  }
  return catalogs
}
