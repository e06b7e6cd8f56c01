import EONETKit
import Foundation
import RxCore
import RxTesting

@testable import OurPlanet

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

  func liveEvents(of category: EOCategory) -> Observable<[EOEvent]> {
    events[category.id]?.asObservable() ?? Observable.error(FakeFeedError.unknownCategory(category.id))
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
