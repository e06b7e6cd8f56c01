import EONETKit
import Foundation

/// What the user asked to see: the days window, the region, the status, the search text, the
/// categories and the magnitude range.
///
/// Every list, count and export asks the scope: ``contains(_:reference:)`` is the one test, and
/// ``requestDays`` the one translation into request parameters (EONET filters the days; the status
/// stays local because the cache keeps both halves of a category, so one download serves any
/// scope). A new filter is one stored property, one line in ``containsIgnoringWindow(_:title:)``
/// and, when the server can apply it, one line in the request translation.
///
/// ```swift
/// let scope = EventScope(days: 30, region: .near(centre, radiusKilometres: 500))
/// let shown = item.events(in: scope)
/// ```
package struct EventScope: Equatable, Sendable {
  /// The days window, counted back from the catalog's now, or from its end for a past range.
  package var window: EventWindow
  /// Only events with a position inside (`--near`, `--bbox`, the map's `f`); `nil`: anywhere.
  package var region: Region?
  /// Only events of this status.
  package var status: EventStatus
  /// Only titles containing this text (case- and diacritic-insensitive, spaces around ignored).
  package var text: String {
    didSet { needle = Self.needle(of: text) }
  }
  /// ``text`` folded, worked out once per text rather than once per event.
  package private(set) var needle: FoldedText
  /// Only events of at least one of these category ids; `nil`: any category.
  package var categories: Set<String>?
  /// Only events whose latest magnitude, in the event's own unit, is at least this; `nil`: no
  /// lower bound. An event without a magnitude is outside when either bound is set.
  package var minimumMagnitude: Double?
  /// Only events whose latest magnitude is at most this; `nil`: no upper bound.
  package var maximumMagnitude: Double?
  /// The unit the magnitude bounds are in (`acres`, `kts`, `NM^2`, as EONET names them): an event
  /// whose latest magnitude is in another unit is outside. `nil`: each event's own unit, and with no
  /// bound set, only events whose latest magnitude is in this unit.
  package var magnitudeUnit: String?
  /// Only events reported by at least one of these source ids (`InciWeb`, `NOAA_NHC`); `nil`: any.
  package var sources: Set<String>?

  /// A scope of the last `days` days, in `region`, of `status`, matching `text`.
  package init(days: Int, region: Region? = nil, status: EventStatus = .all, text: String = "") {
    window = EventWindow(days: days)
    self.region = region
    self.status = status
    self.text = text
    needle = Self.needle(of: text)
  }

  /// The window's length in days.
  package var days: Int {
    get { window.days }
    set { window.days = newValue }
  }

  /// The `days` parameter of the requests for this scope's events.
  package var requestDays: Int { window.requestDays }

  /// The downloads this scope needs: the one translation into request parameters. The window (or
  /// past range), the status, the sources and, when the bounds are in one unit EONET has an id for,
  /// the magnitude go to the server; the region, the text and bounds in each event's own unit stay
  /// local. Every filter is applied locally as well, so the answer is the same either way.
  ///
  /// - Parameter magnitudeIDs: EONET's magnitude ids by unit (`acres` → `ac`), from `/magnitudes`.
  package func query(magnitudeIDs: [String: String] = [:]) -> EventQuery {
    var magnitude: EventQuery.Magnitude?
    // A unit that reads another (hectares, acres) is filtered here only: the server would leave out
    // the events in the other unit.
    if let unit = magnitudeUnit, let id = magnitudeIDs[unit], !MagnitudeText.converts(unit) {
      magnitude = EventQuery.Magnitude(id: id, minimum: minimumMagnitude, maximum: maximumMagnitude)
    }
    return EventQuery(
      window: window, status: status, magnitude: magnitude, sources: sources.map(Array.init) ?? [])
  }

  /// Whether `event` is inside, its date counted back from `reference` (its data set's fetch time),
  /// or from the window's end for a past range.
  package func contains(_ event: EOEvent, reference: Date) -> Bool {
    window.contains(event, reference: reference) && containsIgnoringWindow(event)
  }

  /// Whether `event` passes every filter but the window: lists sorted by date cut the window as a
  /// prefix first and test the rest per event.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - title: Its title folded, when already known (folding costs more than the test).
  package func containsIgnoringWindow(_ event: EOEvent, title: FoldedText? = nil) -> Bool {
    // The cheapest tests first: most events fail a filter at its first test.
    status.contains(event) && containsMagnitude(of: event)
      && (categories.map { wanted in event.categories.contains { wanted.contains($0.id) } } ?? true)
      && (sources.map { wanted in event.sources.contains { wanted.contains($0.id) } } ?? true)
      && (region?.contains(event) ?? true)
      && (needle.isEmpty || (title ?? FoldedText(event.title)).contains(needle)
        || matchesDescription(of: event))
  }

  /// Whether the search text is in `event`'s description (the search looks there when the title
  /// does not have it; the list says which matched).
  package func matchesDescription(of event: EOEvent) -> Bool {
    guard !needle.isEmpty, let description = event.description, !description.isEmpty else { return false }
    return FoldedText(description).contains(needle)
  }

  /// Whether `event`'s latest magnitude is inside the bounds (always, without bounds).
  private func containsMagnitude(of event: EOEvent) -> Bool {
    if lacksMagnitude { return event.latestMagnitude == nil }
    guard filtersMagnitude else { return true }
    guard let magnitude = event.latestMagnitude else { return false }
    var value = magnitude.value
    if let magnitudeUnit {
      // Acres and hectares read each other (EONET reports fires in both).
      guard let converted = MagnitudeText.value(magnitude.value, in: magnitude.unit, as: magnitudeUnit) else {
        return false
      }
      value = converted
    }
    return value >= (minimumMagnitude ?? -.infinity) && value <= (maximumMagnitude ?? .infinity)
  }

  /// Whether a magnitude bound or unit is set (events without a magnitude are then outside).
  package var filtersMagnitude: Bool {
    minimumMagnitude != nil || maximumMagnitude != nil || magnitudeUnit != nil
  }

  /// This scope without its magnitude filter, and only events without a magnitude: what a count
  /// shows as "no magnitude" beside a magnitude filter's count; `nil` without a magnitude filter.
  package var withoutMagnitude: EventScope? {
    guard filtersMagnitude else { return nil }
    var scope = self
    scope.minimumMagnitude = nil
    scope.maximumMagnitude = nil
    scope.magnitudeUnit = nil
    scope.lacksMagnitude = true
    return scope
  }

  /// Only events whose latest observation has no magnitude (``withoutMagnitude``'s).
  package private(set) var lacksMagnitude = false

  /// Whether the search text matches `title`.
  package func matches(title: String) -> Bool {
    needle.isEmpty || FoldedText(title).contains(needle)
  }

  /// Whether this scope keeps the same events as `other` apart from the window.
  func hasSameFilters(as other: EventScope) -> Bool {
    region == other.region && status == other.status && needle == other.needle
      && categories == other.categories && minimumMagnitude == other.minimumMagnitude
      && maximumMagnitude == other.maximumMagnitude && magnitudeUnit == other.magnitudeUnit
      && lacksMagnitude == other.lacksMagnitude
      && sources == other.sources
  }

  /// `text` trimmed and folded.
  private static func needle(of text: String) -> FoldedText {
    FoldedText(text.trimmingCharacters(in: .whitespaces))
  }
}
