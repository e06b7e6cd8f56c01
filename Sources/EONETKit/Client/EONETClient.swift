import Foundation
import RxCore

/// The EONET API as observables: categories, each category's events, the cache and the snapshot.
///
/// Every request runs its I/O and decoding on a background scheduler, never on the subscriber's
/// thread; disposing a subscription cancels its HTTP request. Each successful download is written
/// to the disk cache, and later requests for the same URL are conditional (`If-None-Match`,
/// `If-Modified-Since`), a 304 serving the cached copy. 429 and 5xx answers are retried with
/// backoff (see ``RetryPolicy``).
///
/// ```swift
/// let client = EONETClient()
/// client.fetchCategories()
///   .flatMap { categories in client.fetchEvents(EventQuery(days: 30), category: categories.value[0]) }
///   .subscribe(onNext: { print($0.count, "events") })
///   .disposed(by: bag)
/// ```
///
/// The client is immutable after `init`.
// `@unchecked Sendable`: `scheduler` is a `SchedulerType`, not `Sendable` (as in RxSwift); every property is a `let`.
package final class EONETClient: @unchecked Sendable {
  /// What the client was created with.
  package let configuration: Configuration
  /// The HTTP implementation every request of this client goes through.
  package let transport: any HTTPTransport
  /// Where requests are made, responses decoded and the disk read.
  let scheduler: any SchedulerType
  let cache: EONETCache?

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - configuration: Base URL, cache, limits.
  ///   - transport: The HTTP implementation.
  ///   - scheduler: Where requests are made and responses decoded.
  package init(
    configuration: Configuration = Configuration(),
    transport: any HTTPTransport = CurlTransport(),
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
  ) {
    self.configuration = configuration
    self.transport = transport
    self.scheduler = scheduler
    self.cache = configuration.cacheDirectory.map(EONETCache.init(directory:))
    if let directory = configuration.cacheDirectory {
      let limit = configuration.cacheLimit
      // Off the caller's thread (the UI's, at start): listing a folder is I/O.
      DispatchQueue.global(qos: .utility).async {
        TemporaryFileSweep.sweep(directory) { $0.hasSuffix(".cache") }
        if let limit { CacheSweep.sweep(directory, limit: limit) }
      }
    }
  }

  /// The cached categories, sorted by title; completes empty when there is no usable cache file.
  ///
  /// Reads the disk on the client's scheduler. A damaged file is reported to `onWarning` and skipped.
  package func cachedCategories() -> Observable<EOFetched<[EOCategory]>> {
    background { [self] in readCachedCategories() }
  }

  /// A category's cached events for `query`, its window counted back from the cache's fetch time,
  /// newest first; completes empty unless both halves (open, closed) are cached: never half a category.
  ///
  /// - Parameters:
  ///   - query: What was asked (`EventQuery(days: 30)`: the last 30 days).
  ///   - category: The category.
  package func cachedEvents(_ query: EventQuery, category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    background { [self] in readCachedEvents(query, category: category) }
  }
}
