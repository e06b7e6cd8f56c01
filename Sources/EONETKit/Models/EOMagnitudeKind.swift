/// One of EONET's magnitudes as `/magnitudes` lists it: what a `magnitudeValue` measures, in which
/// unit.
///
/// Events carry the unit alone (`acres`); this gives its id (`ac`, the `magID` of a request), name
/// and meaning.
///
/// ```swift
/// let acres = EOMagnitudeKind(id: "ac", name: "Acres", unit: "acres")
/// ```
package struct EOMagnitudeKind: Sendable, Equatable, Hashable {
  /// The id requests name it by (`ac`, `mag_kts`, `sq_NM`).
  package let id: String
  /// Its name (`Maximum Sustained Wind Speed`); the id when the server sent none.
  package let name: String
  /// The unit events give with a value of it (`acres`, `kts`, `NM^2`); empty when the server sent
  /// none.
  package let unit: String
  /// What it measures; empty when the server sent nothing.
  package let description: String

  /// Creates a magnitude kind.
  ///
  /// - Parameters:
  ///   - id: The id requests name it by.
  ///   - name: Its name.
  ///   - unit: The unit events give with a value of it.
  ///   - description: What it measures.
  package init(id: String, name: String, unit: String, description: String = "") {
    self.id = id
    self.name = name
    self.unit = unit
    self.description = description
  }
}
