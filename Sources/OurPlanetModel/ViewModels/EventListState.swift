import EONETKit
import Foundation

/// What the events screen shows for one category (or all of them).
package struct EventListState: Equatable, Sendable {
  /// The category's id.
  package var categoryID: String
  /// The category's title.
  package var title: String
  /// The events that pass the filter, newest first.
  package var events: [EOEvent]
  /// The category's events inside the days window, before the search.
  package var windowCount: Int
  /// The days window.
  package var days: Int
  /// The search text.
  package var query: String
  /// With a magnitude filter: the events inside the window and the other filters that have no
  /// magnitude, so the filter hides them (`0` without one).
  package var withoutMagnitude = 0
  /// Where the category's download stands (`nil` for a category the catalog does not know).
  package var state: CategoryItem.State?
  /// When the events were fetched (the window's "now").
  package var fetchedAt: Date?
  /// Where the events came from.
  package var source: EODataSource?
  /// On the All list: the category whose stored data ``fetchedAt`` and ``source`` describe (a
  /// failed one, else the one furthest behind); `nil` on a category's own list.
  package var storedTitle: String? = nil
  /// Whether that data is stored data older than the catalog's now, whose window counts back from
  /// the newer data's time: the list says from when rather than a bare "No events".
  package var isBehind = false
  /// The catalog's now, which the window and the histogram's days count back from.
  package var windowEnd: Date? = nil
  /// The end of the past range the catalog holds (``Catalog/rangeEnd``), `nil` for days up to now.
  package var rangeEnd: Date? = nil
  /// Events matching the search per day of age over the slider's whole range (`[0]`: the last day).
  package var histogram: [Int] = []
  /// The region filter, if any.
  package var region: Region? = nil
  /// The list's order.
  package var sort: EventSort = .date

  /// "1,744 events in the last 360 days", or "12 of 1,744 …" while a search narrows them, then
  /// "· 40 without a magnitude hidden" when a magnitude filter hides some.
  package var summary: String {
    let hidden =
      withoutMagnitude == 0 ? "" : " · \(Formatting.count(withoutMagnitude)) without a magnitude hidden"
    return countSummary + hidden
  }

  /// ``summary`` without what the magnitude filter hides: the count and the window alone, what a
  /// narrow header keeps.
  package var countSummary: String {
    let window = EventWindow(days: days, end: rangeEnd).phrase
    let unit = windowCount == 1 ? "event" : "events"
    if query.isEmpty { return "\(Formatting.count(windowCount)) \(unit) in \(window)" }
    return "\(Formatting.count(events.count)) of \(Formatting.count(windowCount)) \(unit) in \(window)"
  }

  /// What the list says when it has no rows: never "No events" while the truth is "still
  /// downloading" or "the download failed".
  package var emptyMessage: String {
    if windowCount > 0, !query.isEmpty {
      return "No events in \(EventWindow(days: days, end: rangeEnd).phrase) matching “\(query)”"
    }
    if let fetchedAt, isBehind, windowCount == 0, storedTitle == nil {
      return
        "No events in \(EventWindow(days: days, end: rangeEnd).phrase) in \(sourceName) from \(Formatting.minute(fetchedAt))"
    }
    if fetchedAt == nil {
      switch state {
      case .queued?: return "Waiting to download…"
      case .downloading?: return "Downloading…"
      case .failed(let message)?: return "Download failed: \(message); nothing stored to show"
      case nil: return "Loading…"
      case .stored?, .done?: break
      }
    }
    return "No events in \(EventWindow(days: days, end: rangeEnd).phrase)"
  }

  /// A line saying what is not live about this data, or `nil` when it is live and complete.
  package var notice: String? {
    let shows = storedTitle.map { "\($0) shows" } ?? "Showing"
    let stored = fetchedAt.map { "\(shows) \(sourceName) from \(Formatting.minute($0))" }
    if storedTitle != nil, stored == nil, case .failed(let message)? = state {
      return "\(storedTitle ?? ""): download failed: \(message)"
    }
    // All is "done" while one of its categories still shows older stored data: that is said.
    if isBehind, let stored, state == .done { return stored }
    switch state {
    case .queued?:
      return stored.map { "\($0); waiting to download" }
    case .downloading?:
      return stored.map { "\($0); downloading" }
    case .failed(let message)?:
      return (stored.map { "\($0): " } ?? "") + "download failed: \(message)"
    case .stored?:
      return stored
    case .done?, nil:
      return nil
    }
  }

  private var sourceName: String {
    switch source {
    case .live?: return "data"
    case .cache?: return "cached data"
    case .snapshot?: return "the offline snapshot"
    case nil: return "data"
    }
  }
}
