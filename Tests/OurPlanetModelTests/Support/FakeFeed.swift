import EONETKit
import Foundation
import RxCore
import RxTesting

@testable import OurPlanetModel

/// A feed whose answers are virtual-time test observables, so tests control every delay and fault.
final class FakeFeed: EventFeed, @unchecked Sendable {
  // Only used on the test's thread, inside TestScheduler runs.
  let storedCatalog: Catalog
  let categories: TestableObservable<[EOCategory]>
  let events: [String: TestableObservable<[EOEvent]>]

  init(
    stored: Catalog, categories: TestableObservable<[EOCategory]>,
    events: [String: TestableObservable<[EOEvent]>]
  ) {
    self.storedCatalog = stored
    self.categories = categories
    self.events = events
  }

  func stored() -> Observable<Catalog> { Observable.just(storedCatalog) }

  func liveCategories() -> Observable<[EOCategory]> { categories.asObservable() }

  func refreshUpdates() -> Observable<EORefreshUpdate> {
    EONETClient.refresh(categories: liveCategories(), load: liveEvents(of:))
  }

  func liveEvents(of category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    guard let observable = events[category.id] else {
      return Observable.error(FakeFeedError.unknownCategory(category.id))
    }
    return observable.asObservable().map { EOFetched(value: $0, source: .live, fetchedAt: Sample.reference) }
  }
}

enum FakeFeedError: Error, CustomStringConvertible {
  case unknownCategory(String)
  case http(Int)

  var description: String {
    switch self {
    case .unknownCategory(let id): return "unknown category \(id)"
    case .http(let status): return "HTTP \(status)"
    }
  }
}

/// Small builders for test data.
enum Sample {
  static let reference = Date(timeIntervalSince1970: 1_762_560_000)  // 2025-11-08 00:00 UTC

  static func category(_ id: String, _ title: String? = nil) -> EOCategory {
    EOCategory(id: id, title: title ?? id.capitalized)
  }

  /// A track of two reports: 3.5 kts two days before ``reference`` at (2°N, 1°E), then 500 acres at
  /// ``reference`` at 38.25°N 120.5°W (the record's and the exports' tests read its fields).
  static let track: [EOGeometry] = [
    EOGeometry(
      date: reference.addingTimeInterval(-2 * 86_400), shape: .point(.init(longitude: 1, latitude: 2)),
      magnitude: EOMagnitude(value: 3.5, unit: "kts")),
    EOGeometry(
      date: reference, shape: .point(.init(longitude: -120.5, latitude: 38.25)),
      magnitude: EOMagnitude(value: 500, unit: "acres")),
  ]

  static func event(_ id: String, daysAgo: Double, title: String? = nil, category: String = "fires")
    -> EOEvent
  {
    let date = reference.addingTimeInterval(-daysAgo * 86_400)
    return EOEvent(
      id: id, title: title ?? "Event \(id)", categories: [self.category(category)],
      geometries: [EOGeometry(date: date, shape: .point(EOCoordinate(longitude: 1, latitude: 2)))])
  }

  /// The largest number of subscriptions active at once across `observables`.
  static func maxOverlap<T>(_ observables: [TestableObservable<T>]) -> Int {
    var points: [(time: Int, delta: Int)] = []
    for observable in observables {
      for subscription in observable.subscriptions {
        points.append((subscription.subscribe, 1))
        points.append((subscription.unsubscribe, -1))
      }
    }
    // At equal times, an end is counted before a start: a slot freed and reused in one tick is fine.
    points.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
    var current = 0
    var best = 0
    for point in points {
      current += point.delta
      best = max(best, current)
    }
    return best
  }
}

extension Sample {
  /// A stored (cached) row fetched at the reference date.
  static func item(
    _ id: String, _ title: String? = nil, events: [EOEvent], state: CategoryItem.State = .stored,
    source: EODataSource = .cache, fetchedAt: Date = Sample.reference
  ) -> CategoryItem {
    CategoryItem(
      category: category(id, title), events: events, fetchedAt: fetchedAt, source: source, state: state)
  }

  /// An event with several positions (a track), the last `daysAgo` days ago, one a day before that.
  static func track(_ id: String, daysAgo: Double, positions: [(Double, Double)], magnitude: Double? = nil)
    -> EOEvent
  {
    let count = positions.count
    let geometries = positions.enumerated().map { index, position in
      EOGeometry(
        date: reference.addingTimeInterval(-(daysAgo + Double(count - 1 - index)) * 86_400),
        shape: .point(EOCoordinate(longitude: position.0, latitude: position.1)),
        magnitude: magnitude.map { EOMagnitude(value: $0, unit: "kts") })
    }
    return EOEvent(id: id, title: "Track \(id)", categories: [category("storms")], geometries: geometries)
  }
}
