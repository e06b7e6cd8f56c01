import EONETKit
import Foundation
import Support

/// The one reading of a magnitude as a person types it, for the command line (`--min-magnitude`),
/// the config and the filter form: a number with an optional unit, the unit named as EONET's
/// `/magnitudes` list names it (its unit, id or name, any case, `^2` or `²`).
///
/// ```swift
/// let acres = EOMagnitudeKind(id: "ac", name: "Acres", unit: "acres")
/// try MagnitudeText.parse("1,000 Acres", kinds: [acres])  // (1000, "acres")
/// try MagnitudeText.parse("100 NM²", kinds: kinds)         // (100, "NM^2")
/// ```
package enum MagnitudeText {
  /// Why a text is no magnitude, in words that name what is allowed.
  package struct Failure: Error, Equatable, Sendable {
    /// What is wrong, without the option or field it came from.
    package var message: String
  }

  /// The value of `text` and the unit it names (`nil`: none, each event's own).
  ///
  /// - Parameters:
  ///   - text: `1000`, `1,000 acres`, `64kts`, `100 NM²`, `2000 ha`.
  ///   - kinds: EONET's magnitudes (its cached list, else the bundled one).
  /// - Throws: ``Failure`` naming the number or the unit it could not read (with the closest unit).
  package static func parse(_ text: String, kinds: [EOMagnitudeKind]) throws(Failure) -> (
    value: Double, unit: String?
  ) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "-") }
    let unitText = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
    guard let value = Double(number.replacingOccurrences(of: ",", with: "")), value.isFinite else {
      throw Failure(
        message:
          "'\(TextSanitizer.strippingControls(text))' is not a number with an optional unit (1000acres, 64 kts, 100 NM²)"
      )
    }
    guard !unitText.isEmpty else { return (value, nil) }
    guard let unit = unit(named: unitText, in: kinds) else {
      let known = kinds.map { "\($0.unit) (\($0.id))" }.joined(separator: ", ")
      let hint =
        Suggestion.closest(to: unitText, in: kinds.map(\.unit)).map { "did you mean '\($0)'? " } ?? ""
      throw Failure(
        message:
          "'\(TextSanitizer.strippingControls(unitText))' is not a unit EONET uses; \(hint)the units are \(known)"
      )
    }
    return (value, unit)
  }

  /// The unit events carry for the magnitude `word` names (`Acres`, `ac`, `nm²` → `NM^2`), if any.
  package static func unit(named word: String, in kinds: [EOMagnitudeKind]) -> String? {
    let typed = plain(word)
    return kinds.first { kind in [kind.unit, kind.id, kind.name].contains { plain($0) == typed } }?.unit
  }

  /// Lower case, with `^` dropped and `²` as `2`: how units are compared.
  private static func plain(_ text: String) -> String {
    text.lowercased().replacingOccurrences(of: "^", with: "").replacingOccurrences(of: "²", with: "2")
  }

  /// Acres in a hectare: EONET reports wildfires in both, so a bound in one also reads the other.
  package static let acresPerHectare = 2.471_053_814_671_653

  /// `value` in `unit` as a value in `target`: itself in the same unit, converted between acres and
  /// hectares, `nil` between units that do not convert.
  package static func value(_ value: Double, in unit: String?, as target: String) -> Double? {
    if unit == target { return value }
    switch (unit?.lowercased(), target.lowercased()) {
    case ("acres", "hectare"): return value / acresPerHectare
    case ("hectare", "acres"): return value * acresPerHectare
    default: return nil
    }
  }

  /// Whether events in other units are read in `unit` (it converts): the server cannot filter them
  /// for it, so such a bound stays local.
  package static func converts(_ unit: String) -> Bool {
    ["acres", "hectare"].contains(unit.lowercased())
  }
}
