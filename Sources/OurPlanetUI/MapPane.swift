import EONETKit
import OurPlanetModel
import TerminalUI

/// The world map of the events screen and the detail view: the app's side of `MapView`.
///
/// It turns events into markers (each at its latest geometry: a point, or a polygon's centre), once
/// per change of the list rather than per frame, keeps each category's colour (the theme's
/// ``Theme/markers``, by category id), highlights the selected
/// event, and decides where the map goes: beside the list on a wide terminal, below it otherwise, and
/// below the text in the detail view.
///
/// ```swift
/// var map = MapPane(theme: .colorblind)
/// map.show(state.events)
/// let (list, mapRect) = MapPane.splitEventsArea(body)
/// map.render(into: &buffer, rect: mapRect, selectedEventID: selectedID)
/// ```
struct MapPane {
  /// From this many columns the map goes beside the list rather than below it.
  static let sideBySideWidth = 120

  private var view: MapView

  /// A map drawn in `theme`: its land, track and a marker style per category.
  init(theme: Theme = .dark) {
    view = MapView(markerStyles: theme.markers, theme: theme)
  }
  /// Each shown event's marker, by event id (events without a position have none).
  private var markerIndexByEventID: [String: Int] = [:]
  /// The event of each marker.
  private var eventIDs: [String] = []
  /// Where the map was last drawn (for clicks and for panning by cells).
  private(set) var lastRect: Rect?
  /// The marker the last `Space` went to, to go on from it.
  private var cycleIndex: Int?
  /// Events shown since the markers were last made.
  private var pendingEvents: [EOEvent]?

  /// Shows `events` (newest first: where several share a cell, the newest gives its colour).
  ///
  /// The markers are made when the map is next drawn or used, so a list change costs nothing while
  /// the map is hidden.
  mutating func show(_ events: [EOEvent]) {
    pendingEvents = events
  }

  /// Which events' markers are flagged (an alert rule matches them); set by the composition root.
  var isFlagged: (EOEvent) -> Bool = { _ in false }

  /// Makes the markers of the events last shown, if not done yet.
  private mutating func makeMarkers() {
    guard let events = pendingEvents else { return }
    pendingEvents = nil
    var markers: [MapMarker] = []
    markers.reserveCapacity(events.count)
    var indices: [String: Int] = [:]
    indices.reserveCapacity(events.count)
    var ids: [String] = []
    ids.reserveCapacity(events.count)
    for event in events {
      guard let center = event.latestGeometry?.center else { continue }
      indices[event.id] = markers.count
      ids.append(event.id)
      markers.append(
        MapMarker(
          longitude: center.longitude, latitude: center.latitude, styleKey: event.categories.first?.id ?? "",
          isFlagged: isFlagged(event)))
    }
    view.markers = markers
    view.selectedIndex = nil
    markerIndexByEventID = indices
    eventIDs = ids
  }

  /// Draws the map into `rect` with the event `selectedEventID` highlighted (or a note when the
  /// rectangle is too small).
  mutating func render(into buffer: inout CellBuffer, rect: Rect, selectedEventID: String?) {
    makeMarkers()
    view.selectedIndex = selectedEventID.flatMap { markerIndexByEventID[$0] }
    lastRect = rect
    view.render(into: &buffer, rect: rect)
  }

  /// Draws `event`'s track (its positions, oldest first) under the markers; `nil` for none.
  mutating func showTrack(of event: EOEvent?) {
    let positions = (event?.geometries ?? []).sorted { $0.date < $1.date }.compactMap(\.center)
    view.track = positions.map { MapMarker(longitude: $0.longitude, latitude: $0.latitude, styleKey: "") }
  }

  /// What a key did on the focused map.
  enum KeyResult {
    /// The map moved or zoomed.
    case moved
    /// This event was picked (`Space` cycles the markers in view).
    case picked(String)
    /// Not a map key.
    case ignored
  }

  /// The map's keys while it has the focus: + - zoom, arrows or hjkl pan, 0 resets, c centres on
  /// `selected`, Space picks the next marker in view.
  mutating func handle(_ key: Key, selected: EOEvent?) -> KeyResult {
    let size = lastRect.map { view.mapSize(in: $0) } ?? Size(width: 40, height: 8)
    let step = max(1, size.width / 8)
    switch key {
    case .char("+"), .char("="): view.viewport.zoom(by: 2)
    case .char("-"), .char("_"): view.viewport.zoom(by: 0.5)
    case .left, .char("h"): view.viewport.pan(columns: -step, rows: 0, in: size)
    case .right, .char("l"): view.viewport.pan(columns: step, rows: 0, in: size)
    case .up, .char("k"): view.viewport.pan(columns: 0, rows: -max(1, step / 2), in: size)
    case .down, .char("j"): view.viewport.pan(columns: 0, rows: max(1, step / 2), in: size)
    case .char("0"): view.viewport.reset()
    case .char("c"):
      guard let centre = selected?.latestGeometry?.center else { return .moved }
      if view.viewport.isWholeWorld { view.viewport.zoom(by: 4) }
      view.viewport.centre(longitude: centre.longitude, latitude: centre.latitude)
    case .char(" "):
      makeMarkers()
      let visible = view.visibleMarkers()
      guard !visible.isEmpty else { return .moved }
      let next = visible.first { $0 > (cycleIndex ?? -1) } ?? visible[0]
      cycleIndex = next
      return .picked(eventIDs[next])
    default:
      return .ignored
    }
    return .moved
  }

  /// Zooms by `factor` (the mouse wheel).
  mutating func zoom(by factor: Double) { view.viewport.zoom(by: factor) }

  /// Pans by map cells (a mouse drag).
  mutating func pan(columns: Int, rows: Int) {
    guard let rect = lastRect else { return }
    view.viewport.pan(columns: columns, rows: rows, in: view.mapSize(in: rect))
  }

  /// The event of the marker under `point` (a click), if any.
  mutating func eventID(at point: Point) -> String? {
    makeMarkers()
    guard let rect = lastRect, let index = view.marker(at: point, in: rect) else { return nil }
    return eventIDs.indices.contains(index) ? eventIDs[index] : nil
  }

  /// The region the map shows, for the region filter (`nil` for the whole world).
  var visibleRegion: Region? {
    guard !view.viewport.isWholeWorld else { return nil }
    let bounds = view.viewport.bounds
    return .box(
      minLongitude: max(-180, bounds.west), minLatitude: max(-90, bounds.south),
      maxLongitude: min(180, bounds.east),
      maxLatitude: min(90, bounds.north))
  }

  /// The events screen's list area split between the list and the map: side by side from
  /// ``sideBySideWidth`` columns (the map on the right, one blank column between), else the map below.
  static func splitEventsArea(_ area: Rect) -> (list: Rect, map: Rect) {
    guard area.width >= sideBySideWidth else {
      let (list, map) = splitBelow(area, share: 0.6, keepingAtLeast: 3)
      return (list, map)
    }
    let mapWidth = min(area.width / 2, area.height * 5)
    let (list, rest) = area.splitLeft(area.width - mapWidth - 1)
    return (list, rest.splitLeft(1).rest)
  }

  /// The detail view's area split between the text and the map below it (at most half of it: the
  /// text comes first).
  static func splitDetailArea(_ area: Rect) -> (text: Rect, map: Rect) {
    let (text, map) = splitBelow(area, share: 0.5, keepingAtLeast: 4)
    return (text, map)
  }

  /// A map below the content, as tall as its width asks for, up to `share` of the area's height and
  /// leaving the content `rows`; a single row (for the map's too-small note) when that is not enough.
  private static func splitBelow(_ area: Rect, share: Double, keepingAtLeast rows: Int)
    -> (content: Rect, map: Rect)
  {
    let available = min(Int(Double(area.height) * share), area.height - rows)
    var height = min(MapView.preferredHeight(forWidth: area.width), available)
    if height < MapView.minimumSize.height { height = area.height > rows ? 1 : 0 }
    let (content, map) = area.splitBottom(height)
    return (content, map)
  }
}
