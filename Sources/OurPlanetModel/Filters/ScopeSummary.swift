/// The scope in words, one line for the header: only the filters set, numbers grouped, a named
/// place by its name.
///
/// ```swift
/// ScopeSummary.line(title: "Wildfires", scope: scope, placeName: "home", tail: "last 30 days")
/// // "Wildfires · open · ≥ 1,000 acres · near home · last 30 days"
/// ```
package enum ScopeSummary {
  /// Between the parts.
  package static let separator = " · "

  /// `title`, the filters `scope` sets and `tail`, joined by ``separator``.
  ///
  /// - Parameters:
  ///   - title: What is listed (a category, `Wildfires + Volcanoes`), or `nil`.
  ///   - scope: The filters to name (its window is the caller's `tail`).
  ///   - placeName: The config's name for `scope`'s region, when it is a named place.
  ///   - tail: What ends the line (`last 30 days`, `12 events in the last 30 days`), or empty.
  ///   - ascii: Whether units are written for an ASCII terminal (`sq NM`).
  package static func line(
    title: String?, scope: EventScope, placeName: String?, tail: String, ascii: Bool = false
  ) -> String {
    var parts: [String] = []
    if let title, !title.isEmpty { parts.append(title) }
    parts += filterParts(of: scope, placeName: placeName, ascii: ascii)
    if !tail.isEmpty { parts.append(tail) }
    return parts.joined(separator: separator)
  }

  /// The filters `scope` sets, in words: its status, magnitude range, sources and region (a named
  /// place as `near home` around a point, `in westus` for a box).
  ///
  /// With `short`, the form a narrow header keeps: several sources as their count, a region that is
  /// no named place as `region`.
  package static func filterParts(
    of scope: EventScope, placeName: String?, ascii: Bool = false, short: Bool = false
  ) -> [String] {
    var parts: [String] = []
    switch scope.status {
    case .all: break
    case .open: parts.append("open")
    case .closed: parts.append("closed")
    }
    if let magnitude = magnitude(of: scope, ascii: ascii) { parts.append(magnitude) }
    if let sources = scope.sources, !sources.isEmpty {
      parts.append(
        short && sources.count > 1
          ? "\(sources.count) sources" : "from " + sources.sorted().joined(separator: ", "))
    }
    if let region = scope.region {
      let named = placeName.map { (region.centre == nil ? "in " : "near ") + $0 }
      parts.append(named ?? (short ? "region" : region.label))
    }
    return parts
  }

  /// `≥ 1,000 acres`, `≤ 50 kts`, `1,000–5,000 acres`, `in acres` (a unit alone), or `nil`.
  package static func magnitude(of scope: EventScope, ascii: Bool = false) -> String? {
    let unit = scope.magnitudeUnit
    func number(_ value: Double) -> String { Formatting.magnitude(value: value, unit: nil, ascii: ascii) }
    let suffix = unit.map { " " + Formatting.unit($0, ascii: ascii) } ?? ""
    switch (scope.minimumMagnitude, scope.maximumMagnitude) {
    case (let minimum?, let maximum?): return "\(number(minimum))–\(number(maximum))\(suffix)"
    case (let minimum?, nil): return "≥ \(number(minimum))\(suffix)"
    case (nil, let maximum?): return "≤ \(number(maximum))\(suffix)"
    case (nil, nil): return unit.map { "in " + Formatting.unit($0, ascii: ascii) }
    }
  }

  /// What `X` cleared, for the status line: `Cleared the status, the magnitude and 2 marked
  /// categories`, or `nil` when nothing was set.
  package static func cleared(_ filters: ScopeFilters, region: Region?) -> String? {
    var parts: [String] = []
    if filters.status != .all { parts.append("the status (\(filters.status == .open ? "open" : "closed"))") }
    if filters.filtersMagnitude { parts.append("the magnitude") }
    if let sources = filters.sources, !sources.isEmpty {
      parts.append(sources.count == 1 ? "the source" : "the sources")
    }
    if region != nil { parts.append("the region") }
    if let marked = filters.categories, !marked.isEmpty {
      parts.append(Formatting.count(marked.count, "marked categor", plural: "ies", singular: "y"))
    }
    guard let last = parts.popLast() else { return nil }
    let list = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    return "Cleared \(list): every filter but the days is off"
  }
}
