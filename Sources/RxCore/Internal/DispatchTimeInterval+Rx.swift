import Dispatch

// The arithmetic on `RxTimeInterval` (`DispatchTimeInterval`) that schedulers and time-based
// operators share.
extension DispatchTimeInterval {
  /// The interval in nanoseconds; `.never` is `Int64.max`.
  var nanosecondsValue: Int64 {
    switch self {
    case .seconds(let value): return Int64(value) &* 1_000_000_000
    case .milliseconds(let value): return Int64(value) &* 1_000_000
    case .microseconds(let value): return Int64(value) &* 1_000
    case .nanoseconds(let value): return Int64(value)
    case .never: return Int64.max
    @unknown default: return Int64.max
    }
  }

  /// The interval in seconds.
  var secondsValue: Double {
    if case .never = self { return .infinity }
    return Double(nanosecondsValue) / 1e9
  }

  /// What is left of this interval once `elapsed` seconds have passed, in the interval's own unit and
  /// rounded to a whole number of that unit (as RxSwift does); never negative. `.never` stays `.never`.
  func rxRemaining(afterSeconds elapsed: Double) -> DispatchTimeInterval {
    func shrink(_ value: Int, _ unitsPerSecond: Double) -> Int {
      let remainder = Double(value) - elapsed * unitsPerSecond
      guard remainder > 0 else { return 0 }
      return Int(remainder.rounded(.toNearestOrAwayFromZero))
    }
    switch self {
    case .seconds(let value): return .seconds(shrink(value, 1))
    case .milliseconds(let value): return .milliseconds(shrink(value, 1e3))
    case .microseconds(let value): return .microseconds(shrink(value, 1e6))
    case .nanoseconds(let value): return .nanoseconds(shrink(value, 1e9))
    case .never: return .never
    @unknown default: return self
    }
  }

  /// `true` for a zero-length interval.
  var rxIsNow: Bool { nanosecondsValue == 0 }
}
