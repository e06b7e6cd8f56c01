import EONETKit
import Foundation

/// The filter form's state (`v`): one row per filter, the selected row, what is typed, and what is
/// wrong, without any terminal, so it is tested as a value.
///
/// ↑/↓ (``move(by:)``) go from row to row; ←/→ (``cycle(by:)``) change a cycling value (days by
/// one, the status, the unit among the catalog's, the region among the config's places); typing
/// (``type(_:)``, ``deleteBackward()``) edits a number or the unit; Space (``toggle()``) takes or
/// leaves a source. ``submit()`` checks every row: a value that cannot be is refused on its row
/// with ``problem`` and nothing changes; else it returns what to apply.
///
/// ```swift
/// var form = FilterForm(days: 30, dayRange: 1...360, filters: .none, region: nil, units: ["acres"],
///                       kinds: [], sources: [("InciWeb", 12)], places: [])
/// form.select(.minimum)
/// form.type("1"); form.type("0"); form.type("0"); form.type("0")
/// let outcome = form.submit()  // filters.minimumMagnitude == 1000
/// ```
package struct FilterForm: Equatable, Sendable {
  /// A row of the form.
  package enum Row: Equatable, Sendable {
    case days
    case status
    case minimum
    case maximum
    case unit
    case region
    /// Every event, or only those an alert rule marks (the form has it when the config has rules).
    case alertsOnly
    /// The source with this id (one row per source the catalog has).
    case source(String)
  }

  /// A region the region row offers.
  package struct RegionChoice: Equatable, Sendable {
    /// How the row names it (`none`, a place's name, `current: within 500 km of …`).
    package var label: String
    /// The region (`nil`: none).
    package var region: Region?
  }

  /// What ``submit()`` hands back to apply.
  package struct Outcome: Equatable, Sendable {
    /// The days window.
    package var days: Int
    /// The filters (the marked categories as they were).
    package var filters: ScopeFilters
    /// The region filter.
    package var region: Region?
    /// Whether the lists show only the events an alert rule marks.
    package var alertsOnly = false
  }

  /// The rows, top to bottom: the fixed ones, then one per source.
  package let rows: [Row]
  /// The selected row's position in ``rows``.
  package private(set) var selected = 0
  /// The days as typed.
  package private(set) var daysText: String
  /// The status.
  package private(set) var status: EventStatus
  /// The bounds as typed (empty: none).
  package private(set) var minimumText: String
  package private(set) var maximumText: String
  /// The unit as chosen or typed (empty: each event's own).
  package private(set) var unitText: String
  /// The source ids taken (none: any source).
  package private(set) var chosenSources: Set<String>
  /// The region choices and the one chosen.
  package let regionChoices: [RegionChoice]
  package private(set) var regionIndex: Int
  /// What is wrong with the value on the selected row, until the next key.
  package private(set) var problem: String?
  /// Whether the lists show only the events an alert rule marks.
  package private(set) var alertsOnly: Bool

  /// EONET's magnitudes as the command line reads them (its cached `/magnitudes`, else the bundled
  /// one): the bounds are read by ``MagnitudeText`` against them (and the catalog's own units), so
  /// `1,000`, `2000 ha` and `100 NM²` read as they do there, and a unit they name is taken even when
  /// no event has it yet.
  package let kinds: [EOMagnitudeKind]

  /// The slider's bounds.
  package let dayRange: ClosedRange<Int>
  /// The units the unit row cycles among (the catalog's, and EONET's own).
  package let units: [String]
  /// The catalog's source ids with their event counts, in the rows' order.
  package let sources: [(id: String, count: Int)]
  /// The marked categories, kept as they are.
  private let categories: Set<String>?

  /// A form showing the current `days`, `filters` and `region`.
  ///
  /// - Parameters:
  ///   - units: The units the unit row offers (a unit set but missing is added).
  ///   - kinds: EONET's magnitudes (``AppOptions/magnitudeKinds``).
  ///   - sources: The catalog's source ids and counts (a source filtered on but missing is added).
  ///   - places: The config's named places the region row offers.
  ///   - alertsOnly: Whether the lists show only the events an alert rule marks; `nil` (no rules):
  ///     the form has no row for it.
  package init(
    days: Int, dayRange: ClosedRange<Int>, filters: ScopeFilters, region: Region?, units: [String],
    kinds: [EOMagnitudeKind], sources: [(id: String, count: Int)], places: [Configuration.Place],
    alertsOnly: Bool? = nil
  ) {
    self.alertsOnly = alertsOnly ?? false
    self.dayRange = dayRange
    self.kinds = kinds
    daysText = String(days)
    status = filters.status
    minimumText = filters.minimumMagnitude.map(Self.text(of:)) ?? ""
    maximumText = filters.maximumMagnitude.map(Self.text(of:)) ?? ""
    unitText = filters.magnitudeUnit ?? ""
    var units = units
    if let unit = filters.magnitudeUnit, !units.contains(unit) { units.append(unit) }
    self.units = units
    var sources = sources
    for id in (filters.sources ?? []).sorted() where !sources.contains(where: { $0.id == id }) {
      sources.append((id, 0))
    }
    self.sources = sources
    chosenSources = filters.sources ?? []
    categories = filters.categories
    var choices = [RegionChoice(label: "none", region: nil)]
    choices += places.map { RegionChoice(label: $0.name, region: $0.region) }
    if let region, !places.contains(where: { $0.region == region }) {
      choices.append(RegionChoice(label: "current: \(region.label)", region: region))
    }
    regionChoices = choices
    regionIndex = choices.firstIndex { $0.region == region } ?? 0
    rows =
      [.days, .status, .minimum, .maximum, .unit, .region] + (alertsOnly == nil ? [] : [.alertsOnly])
      + sources.map { .source($0.id) }
  }

  /// The selected row.
  package var row: Row { rows[selected] }

  /// Selects `row`, if the form has it.
  package mutating func select(_ row: Row) {
    if let index = rows.firstIndex(of: row) { selected = index }
  }

  /// ↑/↓: the row `offset` rows away, kept inside the form.
  package mutating func move(by offset: Int) {
    problem = nil
    selected = max(0, min(selected + offset, rows.count - 1))
  }

  /// ←/→: the next (`1`) or previous (`-1`) value of a cycling row; the days by one.
  package mutating func cycle(by offset: Int) {
    problem = nil
    switch row {
    case .days:
      let days = Int(daysText) ?? dayRange.lowerBound
      daysText = String(min(max(days + offset, dayRange.lowerBound), dayRange.upperBound))
    case .status:
      let all = [EventStatus.all, .open, .closed]
      status = all[Self.wrap((all.firstIndex(of: status) ?? 0) + offset, all.count)]
    case .unit:
      let choices = [""] + units
      unitText = choices[Self.wrap((choices.firstIndex(of: unitText) ?? 0) + offset, choices.count)]
    case .region:
      regionIndex = Self.wrap(regionIndex + offset, regionChoices.count)
    case .alertsOnly:
      alertsOnly.toggle()
    case .minimum, .maximum, .source:
      break
    }
  }

  /// Types `character` on the selected row: a digit, a point or a minus on a number's row, any
  /// letter of a unit on the unit's; elsewhere nothing.
  package mutating func type(_ character: Character) {
    problem = nil
    switch row {
    case .days where character.isASCII && character.isNumber && daysText.count < 6:
      daysText.append(character)
    case .minimum where Self.isNumeric(character) && minimumText.count < 16:
      minimumText.append(character)
    case .maximum where Self.isNumeric(character) && maximumText.count < 16:
      maximumText.append(character)
    case .unit where !character.isWhitespace && unitText.count < 16:
      unitText.append(character)
    default:
      break
    }
  }

  /// Backspace on the selected row's text.
  package mutating func deleteBackward() {
    problem = nil
    switch row {
    case .days: if !daysText.isEmpty { daysText.removeLast() }
    case .minimum: if !minimumText.isEmpty { minimumText.removeLast() }
    case .maximum: if !maximumText.isEmpty { maximumText.removeLast() }
    case .unit: if !unitText.isEmpty { unitText.removeLast() }
    case .status, .region, .alertsOnly, .source: break
    }
  }

  /// Space: takes the selected source, or leaves it; on the alerts row, turns it over.
  package mutating func toggle() {
    problem = nil
    if row == .alertsOnly { return alertsOnly.toggle() }
    guard case .source(let id) = row else { return }
    if chosenSources.contains(id) { chosenSources.remove(id) } else { chosenSources.insert(id) }
  }

  /// The values to apply, or `nil` with the first row that cannot be selected and ``problem``
  /// saying why.
  package mutating func submit() -> Outcome? {
    problem = nil
    guard let days = Int(daysText), dayRange.contains(days) else {
      return refuse(
        .days,
        "the days are a whole number from \(dayRange.lowerBound) to \(Formatting.count(dayRange.upperBound))")
    }
    var filters = ScopeFilters(status: status, sources: chosenSources.isEmpty ? nil : chosenSources)
    filters.categories = categories
    // A unit typed with a bound is the unit row's, unless that names another.
    var typedUnit: String?
    for row in [Row.minimum, .maximum] {
      switch bound(row == .minimum ? minimumText : maximumText) {
      case .failure:
        // Only digits, points, commas and minus signs reach a bound: what fails is the number.
        return refuse(
          row,
          row == .minimum
            ? "the minimum is a number, such as 1,000 or 2.5"
            : "the maximum is a number, such as 5,000 or 2.5")
      case .success(let read):
        if row == .minimum {
          filters.minimumMagnitude = read?.value
        } else {
          filters.maximumMagnitude = read?.value
        }
        guard let unit = read?.unit else { continue }
        if let other = typedUnit ?? (unitText.isEmpty ? nil : unitText), other != unit {
          return refuse(row, "'\(unit)' and '\(other)': the bounds need one unit")
        }
        typedUnit = unit
      }
    }
    if let minimum = filters.minimumMagnitude, let maximum = filters.maximumMagnitude, maximum < minimum {
      return refuse(.maximum, "the maximum is below the minimum")
    }
    let unit = typedUnit ?? unitText.trimmingCharacters(in: .whitespaces)
    if !unit.isEmpty {
      let eonetUnits = kinds.map(\.unit)
      guard units.contains(unit) || eonetUnits.contains(unit) else {
        let known = Array(Set(units + eonetUnits)).sorted().joined(separator: ", ")
        return refuse(.unit, "no unit '\(unit)' (\(known)); ← → cycle")
      }
      filters.magnitudeUnit = unit
    }
    return Outcome(
      days: days, filters: filters, region: regionChoices[regionIndex].region, alertsOnly: alertsOnly)
  }

  /// The text the selected row's value shows, for each row.
  package func value(of row: Row) -> String {
    switch row {
    case .days: return daysText
    case .status:
      switch status {
      case .all: return "open and closed"
      case .open: return "open"
      case .closed: return "closed"
      }
    case .minimum: return minimumText
    case .maximum: return maximumText
    case .unit: return unitText.isEmpty ? "any (each event's own)" : unitText
    case .region: return regionChoices[regionIndex].label
    case .alertsOnly: return alertsOnly ? "only those an alert rule marks" : "every event"
    case .source(let id): return chosenSources.contains(id) ? "[x]" : "[ ]"
    }
  }

  /// Whether `row`'s value cycles with ←/→.
  package static func cycles(_ row: Row) -> Bool {
    switch row {
    case .days, .status, .unit, .region, .alertsOnly: return true
    case .minimum, .maximum, .source: return false
    }
  }

  /// A bound as typed, read as the command line reads it: `nil` when empty.
  private func bound(_ text: String) -> Result<(value: Double, unit: String?)?, MagnitudeText.Failure> {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return .success(nil) }
    let known = Set(kinds.map(\.unit))
    let kinds =
      kinds
      + units.filter { !known.contains($0) }.map { EOMagnitudeKind(id: $0, name: $0, unit: $0) }
    do {
      return .success(try MagnitudeText.parse(text, kinds: kinds))
    } catch {
      return .failure(error)
    }
  }

  private mutating func refuse(_ row: Row, _ message: String) -> Outcome? {
    select(row)
    problem = message
    return nil
  }

  /// What a bound may hold as it is typed: a number, grouped or not (`1,000`), as the command line
  /// reads it; its unit has its own row.
  private static func isNumeric(_ character: Character) -> Bool {
    (character.isASCII && character.isNumber) || ".,-".contains(character)
  }

  private static func wrap(_ index: Int, _ count: Int) -> Int { ((index % count) + count) % count }

  /// A bound as the form shows it: `1000`, `2.5`.
  private static func text(of value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  package static func == (lhs: FilterForm, rhs: FilterForm) -> Bool {
    lhs.rows == rhs.rows && lhs.selected == rhs.selected && lhs.daysText == rhs.daysText
      && lhs.status == rhs.status && lhs.minimumText == rhs.minimumText && lhs.maximumText == rhs.maximumText
      && lhs.unitText == rhs.unitText && lhs.chosenSources == rhs.chosenSources
      && lhs.regionIndex == rhs.regionIndex && lhs.problem == rhs.problem && lhs.alertsOnly == rhs.alertsOnly
  }
}
