import Foundation

/// A small seeded generator, so a randomized test can be replayed from the seed its failure prints.
///
/// ```swift
/// @Test("…", arguments: SplitMix.seeds(4))
/// func property(seed: UInt64) {
///   var generator = SplitMix(seed: seed)
///   let shuffled = values.shuffled(using: &generator)
/// }
/// ```
package struct SplitMix: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seeds a randomized test runs with: `0..<count`, so every run checks the same cases, and
  /// `$OURPLANET_TEST_SEED` too when it is set (to replay a seed, or to try a new one).
  ///
  /// Pass them as the test's arguments: Swift Testing names the argument of a failing case
  /// (`seed → 3`), and `swift test --filter` reruns it.
  package static func seeds(_ count: UInt64) -> [UInt64] {
    let extra = ProcessInfo.processInfo.environment["OURPLANET_TEST_SEED"].flatMap { UInt64($0) }
    return Array(0..<count) + (extra.map { [$0] } ?? [])
  }
}
