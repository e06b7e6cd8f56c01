#if canImport(FoundationEssentials)
  // Swift 6's core of Foundation: `Date`, `JSONDecoder` and the value types, without the rest of
  // Foundation (no ICU data, no URLSession), so the core stays small.
  import FoundationEssentials
#else
  import Foundation
#endif

/// A point in time: Foundation's `Date`, as in RxSwift.
///
/// Schedulers tell their time (`now`) as a `Date`, and ``HistoricalScheduler`` runs on dates. RxCore
/// takes `Date` from `FoundationEssentials` where the toolchain has it, so the core does not link the
/// whole of Foundation; code that imports Foundation sees the same type.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 1_700_000_000))
/// scheduler.advanceTo(Date(timeIntervalSince1970: 1_700_000_060))
/// ```
public typealias RxTime = Date

extension Date {
  /// This date moved by a scheduler's interval (`.never` lands at the end of time).
  func addingDispatchInterval(_ interval: RxTimeInterval) -> Date {
    addingTimeInterval(interval.secondsValue)
  }
}
