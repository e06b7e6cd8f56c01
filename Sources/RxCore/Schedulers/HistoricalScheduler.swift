#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``VirtualTimeScheduler`` whose clock is real dates, for replaying recorded history.
///
/// Its virtual time is a `Date` and its intervals are seconds, as in RxSwift, so `now`, `clock` and
/// ``VirtualTimeScheduler/advanceTo(_:)`` all speak dates.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 1_700_000_000))
/// scheduler.advanceTo(Date(timeIntervalSince1970: 1_700_000_060))
/// ```
open class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
  /// A scheduler whose clock starts at `initialClock` (1970-01-01 UTC by default).
  public init(initialClock: Date = Date(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}

/// The converter of ``HistoricalScheduler``: virtual time is real time, intervals are seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
  public typealias VirtualTimeUnit = Date
  public typealias VirtualTimeIntervalUnit = TimeInterval

  public init() {}

  public func convertFromVirtualTime(_ virtualTime: Date) -> Date { virtualTime }
  public func convertToVirtualTime(_ time: Date) -> Date { time }
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
    virtualTimeInterval
  }
  public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }

  public func offsetVirtualTime(_ time: Date, offset: TimeInterval) -> Date {
    time.addingTimeInterval(offset)
  }

  public func compareVirtualTime(_ lhs: Date, _ rhs: Date) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}
