import RxCore

/// The converter of ``TestScheduler``: virtual time is whole ticks, one tick `resolution` seconds.
///
/// A real time becomes the nearest tick, halves rounding up (`seconds / resolution + 0.5`, then
/// truncated), as in RxTest. Unlike RxTest, a time too far out for an `Int` (`.never`, or a huge
/// interval) becomes `Int.max` (or `Int.min`) instead of trapping, so it stays scheduled but never due
/// before the end of a run.
///
/// ```swift
/// let converter = TestSchedulerVirtualTimeConverter(resolution: 0.5)
/// converter.convertToVirtualTime(Date(timeIntervalSince1970: 1.3))  // 3
/// converter.convertFromVirtualTime(3)  // 1.5 s after 1970-01-01 UTC
/// ```
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
  public typealias VirtualTimeUnit = Int
  public typealias VirtualTimeIntervalUnit = Int

  private let resolution: Double

  /// A converter with ticks of `resolution` seconds.
  public init(resolution: Double) {
    self.resolution = resolution
  }

  public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    RxTime(timeIntervalSince1970: Double(virtualTime) * resolution)
  }

  public func convertToVirtualTime(_ time: RxTime) -> Int {
    ticks(time.timeIntervalSince1970)
  }

  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> Double {
    Double(virtualTimeInterval) * resolution
  }

  public func convertToVirtualTimeInterval(_ timeInterval: Double) -> Int {
    ticks(timeInterval)
  }

  public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
    // Saturates: an offset from `Int.max` (a `.never` time) must not wrap into the past.
    let (sum, overflow) = time.addingReportingOverflow(offset)
    return overflow ? (offset > 0 ? Int.max : Int.min) : sum
  }

  public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }

  /// `seconds` in ticks, rounded as RxTest does, clamped to `Int`'s range.
  private func ticks(_ seconds: Double) -> Int {
    let ticks = seconds / resolution + 0.5
    if ticks.isNaN { return 0 }
    if ticks >= Double(Int.max) { return Int.max }
    if ticks <= Double(Int.min) { return Int.min }
    return Int(ticks)
  }
}
