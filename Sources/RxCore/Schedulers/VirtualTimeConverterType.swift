#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Translates between a ``VirtualTimeScheduler``'s own units of time and real time, as RxSwift's
/// `VirtualTimeConverterType`.
///
/// Real time is a `Date` (``RxTime``) and real intervals are seconds (`TimeInterval`), as in RxSwift.
public protocol VirtualTimeConverterType {
  /// A point in virtual time.
  associatedtype VirtualTimeUnit
  /// A span of virtual time.
  associatedtype VirtualTimeIntervalUnit

  /// The real time of `virtualTime`.
  func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
  /// The virtual time of `time`.
  func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
  /// The seconds of `virtualTimeInterval`.
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
  /// The virtual interval of `timeInterval` seconds.
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
  /// `time` moved by `offset`.
  func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
  /// How `lhs` compares with `rhs`.
  func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
  /// The left time is earlier.
  case lessThan
  /// The times are the same.
  case equal
  /// The left time is later.
  case greaterThan
}
