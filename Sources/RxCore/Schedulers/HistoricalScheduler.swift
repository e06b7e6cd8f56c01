/// A ``VirtualTimeScheduler`` whose clock is real dates, for replaying recorded history.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: RxTime(timeIntervalSince1970: 1_700_000_000))
/// ```
open class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
  /// A scheduler whose clock starts at `initialClock` (1970-01-01 UTC by default).
  public init(initialClock: RxTime = RxTime(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}

/// The converter of ``HistoricalScheduler``: virtual time is real time, intervals are seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
  public typealias VirtualTimeUnit = RxTime
  public typealias VirtualTimeIntervalUnit = Double

  public init() {}

  public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
  public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Double) -> Double { virtualTimeInterval }
  public func convertToVirtualTimeInterval(_ timeInterval: Double) -> Double { timeInterval }

  public func offsetVirtualTime(_ time: RxTime, offset: Double) -> RxTime {
    RxTime(timeIntervalSince1970: time.timeIntervalSince1970 + offset)
  }

  public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}
