/// The size of an event at one observation: wind speed, burnt area, iceberg area.
package struct EOMagnitude: Sendable, Equatable, Hashable {
  /// The measured value.
  package let value: Double
  /// The unit (`kts`, `acres`, `hectare`, `NM^2`), or `nil` when the server sent none.
  package let unit: String?

  /// Creates a magnitude.
  ///
  /// - Parameters:
  ///   - value: The measured value.
  ///   - unit: The unit, if known.
  package init(value: Double, unit: String?) {
    self.value = value
    self.unit = unit
  }
}
