#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point in time, in seconds since 1970-01-01 UTC.
///
/// RxSwift uses Foundation's `Date` here; RxCore stays free of Foundation, so it has its own type.
/// Convert with `Date(timeIntervalSince1970: time.timeIntervalSince1970)`.
public struct RxTime: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01 00:00:00 UTC.
  public var timeIntervalSince1970: Double

  /// A time `seconds` after 1970-01-01 UTC.
  public init(timeIntervalSince1970 seconds: Double) {
    timeIntervalSince1970 = seconds
  }

  /// The current wall-clock time.
  public static var now: RxTime {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return RxTime(timeIntervalSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
  }

  /// This time moved by `interval`.
  public func addingTimeInterval(_ interval: RxTimeInterval) -> RxTime {
    RxTime(timeIntervalSince1970: timeIntervalSince1970 + interval.secondsValue)
  }

  /// Seconds from `other` to this time.
  public func timeIntervalSince(_ other: RxTime) -> Double {
    timeIntervalSince1970 - other.timeIntervalSince1970
  }

  public static func < (lhs: RxTime, rhs: RxTime) -> Bool {
    lhs.timeIntervalSince1970 < rhs.timeIntervalSince1970
  }

  public var description: String { "RxTime(\(timeIntervalSince1970))" }
}
