import EONETKit
import Foundation
import OurPlanetModel
import Support
import TerminalUI

/// How categories and events look as list rows. Symbols are Unicode; the cell buffer turns them
/// into ASCII on terminals without UTF-8.
package enum Rows {
  /// A category: its state glyph, title, description (or why it failed) and its number of events
  /// inside the scope counted back from `windowEnd` (the catalog's now; `nil`: the item's own).
  package static func category(
    _ item: CategoryItem, scope: EventScope, windowEnd: Date? = nil, newestFetch: Date? = nil,
    seen: SeenState? = nil, theme: Theme = .dark
  ) -> ListRow {
    let changes = seen.map { Changes(item.events(in: scope, endingAt: windowEnd), seen: $0) }
    return category(
      item, scope: scope, windowEnd: windowEnd, newestFetch: newestFetch, changes: changes, theme: theme)
  }

  /// A category's row with its changes already counted (`nil`: no seen state, no summary). Data
  /// fetched well before `newestFetch` (else `windowEnd`) says from when (`from 2025-11-08`) beside
  /// its count; `count` is its count when already made (the alerts-only view's), else the scope's.
  static func category(
    _ item: CategoryItem, scope: EventScope, windowEnd: Date?, newestFetch: Date? = nil, changes: Changes?,
    count: Int? = nil, theme: Theme = .dark
  )
    -> ListRow
  {
    var glyphStyle = Style.plain
    var detail = item.category.description
    let glyph: String
    switch item.state {
    case .stored: glyph = " "
    case .queued: glyph = "·"
    case .downloading: glyph = "↓"
    case .done: glyph = "✓"
    case .failed(let message):
      glyph = "!"
      glyphStyle = theme[.failed]
      detail = "failed: \(message)"
    }
    let summary = changes?.summary.map { "\($0)  " } ?? ""
    let behind = item.fetchTime(behind: newestFetch ?? windowEnd).map { "from \(Formatting.day($0))  " } ?? ""
    return ListRow(
      id: item.category.id, glyph: glyph, text: item.category.title, detail: detail,
      rightText: summary + behind + Formatting.count(count ?? item.count(in: scope, endingAt: windowEnd)),
      glyphStyle: glyphStyle)
  }

  /// The width of every event row's glyph: the open or closed mark, the new or updated mark and
  /// the alert mark, each in its own column, so titles line up on every row.
  package static let eventGlyphWidth = 3

  /// An event: open (●) or closed (○), title, then magnitude and date at the right, so the title
  /// gives way first and numbers are never cut. An event an alert rule marks has `▲` (`^` in
  /// ASCII) in the glyph's third column, a blank there otherwise.
  package static func event(
    _ event: EOEvent, change: EventChange? = nil, tagged: Bool = false, from centre: EOCoordinate? = nil,
    alerting: Bool = false, ascii: Bool = false, match: String = "", theme: Theme = .dark
  ) -> ListRow {
    self.event(
      event, change: change, tagged: tagged, from: centre, alerting: alerting, ascii: ascii, match: match,
      columns: nil, theme: theme)
  }

  /// An event's row; with `columns`, its right-hand text is the list's aligned columns, without,
  /// the row's own values one after the other.
  ///
  /// The search's `match` is marked in the title where it occurs, ignoring case and accents as the
  /// search does.
  static func event(
    _ event: EOEvent, change: EventChange?, tagged: Bool, from centre: EOCoordinate?, alerting: Bool,
    ascii: Bool, match: String, columns: EventColumns?, theme: Theme = .dark
  ) -> ListRow {
    let magnitude = event.latestMagnitude.map {
      Formatting.magnitude(value: $0.value, unit: $0.unit, ascii: ascii) + "  "
    }
    let right =
      columns?.text(for: event, from: centre, ascii: ascii)
      ?? (magnitude ?? "") + distance(of: event, from: centre) + Formatting.day(event.date)
    let mark: String
    var markStyle = Style.plain
    switch change {
    case .new?:
      mark = "N"
      markStyle = theme[.new]
    case .updated?, .closed?:
      mark = "U"
      markStyle = theme[.updated]
    case nil: mark = " "
    }
    let text = tagged ? tag(for: event) + " " + event.title : event.title
    let needle = match.trimmingCharacters(in: .whitespaces)
    let title = text.index(text.endIndex, offsetBy: -event.title.count)..<text.endIndex
    let highlight =
      needle.isEmpty
      ? nil : text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive], range: title)
    // The search looks in the description too: a row found there says so, as its title has nothing
    // marked.
    let inDescription =
      !needle.isEmpty && highlight == nil
      && event.description?.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    return ListRow(
      id: event.id, glyph: (event.isOpen ? "●" : "○") + mark + (alerting ? "▲" : " "), text: text,
      detail: inDescription ? "(in its description)" : "", rightText: right, glyphStyle: markStyle,
      highlight: highlight)
  }
}

extension Rows {
  /// "412 km NW  " from the `--near` point, or nothing.
  static func distance(of event: EOEvent, from centre: EOCoordinate?) -> String {
    guard let centre, let position = event.latestGeometry?.center else { return "" }
    return Geodesy.describe(from: centre, to: position) + "  "
  }

  /// A short, fixed-width tag for an event's category, for the merged list of every category (on
  /// screen and in `ourplanet events all`).
  ///
  /// A category it has no short name for is tagged with the start of the server's title, made safe
  /// for a terminal here (the text table prints the tag as it is).
  package static func tag(for event: EOEvent) -> String {
    let id = event.categories.first?.id ?? ""
    let short =
      shortNames[id]
      ?? TextSanitizer.sanitize((event.categories.first?.title ?? "?").prefix(6), placeholder: "?")
    return short.padding(toLength: 6, withPad: " ", startingAt: 0)
  }

  /// Short names of EONET's categories.
  static let shortNames: [String: String] = [
    "drought": "Drght", "dustHaze": "Dust", "earthquakes": "Quake", "floods": "Flood",
    "landslides": "Slide", "manmade": "Human", "seaLakeIce": "Ice", "severeStorms": "Storm", "snow": "Snow",
    "tempExtremes": "Temp", "volcanoes": "Volc", "waterColor": "Water", "wildfires": "Fire",
  ]

  /// The categories list: the "All categories" row, then a row for every category. Each event's
  /// change is looked up once, for its category's row and (the first time it is met) for the All
  /// row: at ten times today's data that is the first frame's largest share. With `only` (the
  /// alerts-only view), the rows count and summarise only the events it keeps.
  static func categoryList(
    _ catalog: Catalog, scope: EventScope, seen: SeenState?, only: ((EOEvent) -> Bool)? = nil,
    theme: Theme = .dark
  )
    -> [ListRow]
  {
    var changes = [Changes](repeating: Changes(), count: catalog.items.count)
    var all = Changes()
    var counts = [Int](repeating: 0, count: catalog.items.count)
    var allCount = 0
    if seen != nil || only != nil {
      catalog.forEachEvent(in: scope) { item, event, isFirst in
        if let only, !only(event) { return }
        counts[item] += 1
        if isFirst { allCount += 1 }
        guard let seen else { return }
        let change = seen.change(of: event)
        changes[item].add(change)
        if isFirst { all.add(change) }
      }
    }
    let counted = seen == nil ? nil : changes
    return [
      allCategories(catalog, scope: scope, changes: all, count: only == nil ? nil : allCount, theme: theme)
    ]
      + catalog.items.indices.map { index in
        category(
          catalog.items[index], scope: scope, windowEnd: catalog.windowEnd, newestFetch: catalog.newestFetch,
          changes: counted?[index], count: only == nil ? nil : counts[index],
          theme: theme)
      }
  }

  /// The "All categories" row: every event once, counted in the window (or `count`, already
  /// made), with its changes already counted (none without a seen state, so no summary).
  private static func allCategories(
    _ catalog: Catalog, scope: EventScope, changes counted: Changes, count: Int?, theme: Theme
  ) -> ListRow {
    let count = count ?? catalog.eventCount(in: scope)
    let changes = counted.summary.map { "\($0)  " } ?? ""
    // In a region the count is the region's, as on every category row and the status line.
    return ListRow(
      id: EventListViewModel.allCategoriesID, glyph: catalog.isLoading ? "↓" : " ", text: "All categories",
      detail: "every event once, newest first, with its category",
      rightText: changes + Formatting.count(count), glyphStyle: theme.accent)
  }
}

/// How many of some events are new or changed since seen.
struct Changes {
  var new = 0
  var updated = 0

  init() {}

  init<Events: Sequence>(_ events: Events, seen: SeenState) where Events.Element == EOEvent {
    for event in events { add(seen.change(of: event)) }
  }

  /// Counts one event's change.
  mutating func add(_ change: EventChange?) {
    switch change {
    case .new?: new += 1
    case .updated?, .closed?: updated += 1
    case nil: break
    }
  }

  /// "2 new · 1 updated", or `nil` when nothing changed.
  var summary: String? {
    let parts =
      (new > 0 ? ["\(Formatting.count(new)) new"] : [])
      + (updated > 0 ? ["\(Formatting.count(updated)) updated"] : [])
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }
}
