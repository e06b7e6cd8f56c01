/// How the interactive app starts.
public struct AppOptions: Sendable, Equatable {
  /// The days filter's first value.
  public var days: Int
  /// Show stored data only; never touch the network.
  public var offline: Bool

  /// Options with the days filter at `days`.
  public init(days: Int = 30, offline: Bool = false) {
    self.days = days
    self.offline = offline
  }
}
