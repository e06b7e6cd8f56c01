import EONETKit
import Foundation

/// Events with their age (seconds before the catalog's ``Catalog/windowEnd``), youngest first: the
/// shape every window and the timeline are cut from, for one category or all of them merged.
///
/// A search or a region keeps a selection of positions into one shared list rather than copies of
/// the events, so narrowing twenty thousand events costs integer appends, not event copies.
struct AgedEvents {
  /// The whole list, made once per data change.
  private final class Storage {
    let events: [EOEvent]
    let ages: [Double]
    /// The titles folded for searching (case and diacritics).
    let titles: [FoldedText]

    init(events: [EOEvent], ages: [Double], titles: [FoldedText]) {
      self.events = events
      self.ages = ages
      self.titles = titles
    }
  }

  private let storage: Storage
  /// The positions kept, ascending (`nil`: every one).
  private let positions: [Int32]?

  /// Events with their ages, youngest first, and their folded titles (folded here when not given).
  init(events: [EOEvent] = [], ages: [Double] = [], titles: [FoldedText]? = nil) {
    storage = Storage(events: events, ages: ages, titles: titles ?? events.map { FoldedText($0.title) })
    positions = nil
  }

  private init(storage: Storage, positions: [Int32]) {
    self.storage = storage
    self.positions = positions
  }

  /// How many events.
  var count: Int { positions?.count ?? storage.events.count }

  /// The ages, youngest first.
  var ages: some Sequence<Double> {
    let ages = storage.ages
    return (0..<count).lazy.map { [positions] index in ages[positions.map { Int($0[index]) } ?? index] }
  }

  private func position(_ index: Int) -> Int {
    positions.map { Int($0[index]) } ?? index
  }

  /// The first `count` events.
  func prefix(_ count: Int) -> [EOEvent] {
    guard let positions else { return Array(storage.events[..<count]) }
    return positions[..<count].map { storage.events[Int($0)] }
  }

  /// The entries `include` keeps, in order.
  func keeping(where include: (EOEvent, FoldedText) -> Bool) -> AgedEvents {
    var kept: [Int32] = []
    kept.reserveCapacity(count)
    let events = storage.events
    let titles = storage.titles
    if let positions {
      for position in positions where include(events[Int(position)], titles[Int(position)]) {
        kept.append(position)
      }
    } else {
      for index in events.indices where include(events[index], titles[index]) { kept.append(Int32(index)) }
    }
    return AgedEvents(storage: storage, positions: kept)
  }

  /// The entries inside `scope` but for its window, in order; with `unmeasured` (the scope's
  /// ``EventScope/withoutMagnitude``), also those it keeps: what a magnitude filter hides, in the
  /// same pass.
  func keeping(in scope: EventScope, unmeasured: EventScope?) -> (kept: AgedEvents, unmeasured: AgedEvents?) {
    var kept: [Int32] = []
    var hidden: [Int32] = []
    kept.reserveCapacity(count)
    storage.events.withUnsafeBufferPointer { events in
      storage.titles.withUnsafeBufferPointer { titles in
        func test(_ position: Int) {
          if scope.containsIgnoringWindow(events[position], title: titles[position]) {
            kept.append(Int32(position))
          } else if let unmeasured,
            unmeasured.containsIgnoringWindow(events[position], title: titles[position])
          {
            hidden.append(Int32(position))
          }
        }
        if let positions {
          for position in positions { test(Int(position)) }
        } else {
          for position in events.indices { test(position) }
        }
      }
    }
    return (
      AgedEvents(storage: storage, positions: kept),
      unmeasured.map { _ in AgedEvents(storage: storage, positions: hidden) }
    )
  }

  /// How many are inside `window` (a prefix: the youngest first).
  func count(inside window: EventWindow) -> Int {
    let ages = storage.ages
    return window.prefixLength(count: count) { ages[position($0)] }
  }
}
