import EONETKit

/// The filters the UI holds beside the days window and the region: the status, the magnitude
/// range and its unit, the sources and the marked categories.
///
/// The UI keeps one value of it (`AppContext.filters`) and folds it into its one ``EventScope``,
/// so every list, count and the alert tracker follow a change at once. The composition root passes
/// the starting value (``AppOptions/filters``: the command line's, or ``none``).
///
/// ```swift
/// var filters = ScopeFilters.none
/// filters.status = .open
/// let scope = filters.applied(to: EventScope(days: 30))
/// ```
package struct ScopeFilters: Equatable, Sendable {
  /// Only events of this status.
  package var status: EventStatus
  /// Only events whose latest magnitude is at least this (`nil`: no lower bound).
  package var minimumMagnitude: Double?
  /// Only events whose latest magnitude is at most this (`nil`: no upper bound).
  package var maximumMagnitude: Double?
  /// The unit the bounds are in (`acres`, `kts`); `nil`: each event's own.
  package var magnitudeUnit: String?
  /// Only events reported by one of these source ids; `nil`: any source.
  package var sources: Set<String>?
  /// The categories marked on the categories list; `nil`: none marked.
  package var categories: Set<String>?

  /// No filter: both statuses, any magnitude, any source, no marks.
  package static let none = ScopeFilters()

  /// Filters of `status`, the magnitude range, `sources` and `categories`.
  package init(
    status: EventStatus = .all, minimumMagnitude: Double? = nil, maximumMagnitude: Double? = nil,
    magnitudeUnit: String? = nil, sources: Set<String>? = nil, categories: Set<String>? = nil
  ) {
    self.status = status
    self.minimumMagnitude = minimumMagnitude
    self.maximumMagnitude = maximumMagnitude
    self.magnitudeUnit = magnitudeUnit
    self.sources = sources
    self.categories = categories
  }

  /// The filters `scope` holds (its window, region and text are not filters of this kind).
  package init(of scope: EventScope) {
    self.init(
      status: scope.status, minimumMagnitude: scope.minimumMagnitude,
      maximumMagnitude: scope.maximumMagnitude, magnitudeUnit: scope.magnitudeUnit, sources: scope.sources,
      categories: scope.categories)
  }

  /// Whether any filter is set.
  package var isEmpty: Bool { self == .none }

  /// Whether a magnitude filter is set (a bound or a unit): events without a magnitude are outside.
  package var filtersMagnitude: Bool {
    minimumMagnitude != nil || maximumMagnitude != nil || magnitudeUnit != nil
  }

  /// `scope` with these filters in place of its own.
  package func applied(to scope: EventScope) -> EventScope {
    var scope = scope
    scope.status = status
    scope.minimumMagnitude = minimumMagnitude
    scope.maximumMagnitude = maximumMagnitude
    scope.magnitudeUnit = magnitudeUnit
    // An empty set keeps nothing: as a filter it is "none asked", so it is no filter.
    scope.sources = sources?.isEmpty == true ? nil : sources
    scope.categories = categories?.isEmpty == true ? nil : categories
    return scope
  }

  /// The next status of the status key: open and closed → open → closed → open and closed.
  package static func nextStatus(after status: EventStatus) -> EventStatus {
    switch status {
    case .all: return .open
    case .open: return .closed
    case .closed: return .all
    }
  }
}
