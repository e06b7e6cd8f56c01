/// The size of an event at one observation: wind speed, burnt area, iceberg area.
public struct EOMagnitude: Sendable, Equatable, Hashable {
  /// The measured value.
  public let value: Double
  /// The unit (`kts`, `acres`, `hectare`, `NM^2`), or `nil` when the server sent none.
  public let unit: String?

  /// Creates a magnitude.
  ///
  /// - Parameters:
  ///   - value: The measured value.
  ///   - unit: The unit, if known.
  public init(value: Double, unit: String?) {
    self.value = value
    self.unit = unit
  }
}
