import EONETKit
import Foundation
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
/// It frames what the screen shows: the box the screen names (the region, the event's track), else
/// the markers' bounds, with a margin. Until the user zooms or pans, the view follows that framing as
/// the list changes; `0` goes back to it. Each screen opened keeps its own view: the one below comes
/// back with it.
///
/// ```swift
/// var map = MapPane(theme: .colorblind)
/// map.show(state.events)
/// map.frame(on: state.region.map(MapPane.box(of:)))
/// let (list, mapRect) = MapPane.splitEventsArea(body)
/// map.render(into: &buffer, rect: mapRect, selectedEventID: selectedID)
/// ```
struct MapPane {
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
  /// The box the screen asks to frame (`nil`: the markers' bounds).
  private var framing: MapBox?
  /// The bounds of the markers, made with them.
  private var markerBounds: MapBox?
  /// What the view was last framed on, at which size: a change frames it again while it follows.
  private var framed: Framed?
  /// Whether the view follows the framing: until the user zooms or pans it, or after `0`.
  private var followsFraming = true
  /// The views of the screens below the top one, restored as each comes back.
  private var savedViews: [SavedView] = []

  private struct Framed: Equatable {
    var box: MapBox?
    var size: Size
  }

  private struct SavedView {
    var viewport: MapViewport
    var framed: Framed?
    var followsFraming: Bool
  }

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
          isFlagged: isFlagged(event), isClosed: !event.isOpen))
    }
    markerBounds = MapBox.enclosing(markers.map { ($0.longitude, $0.latitude) })
    view.markers = markers
    view.selectedIndex = nil
    markerIndexByEventID = indices
    eventIDs = ids
  }

  /// Draws the map into `rect` with the event `selectedEventID` highlighted (or a note when the
  /// rectangle is too small).
  /// With `isFocused` (the map has the keys) the legend, or the map's first row when it has none,
  /// starts with ``focusTag`` in the selection's style; the list's selection is underlined meanwhile.
  mutating func render(
    into buffer: inout CellBuffer, rect fullRect: Rect, selectedEventID: String?, isFocused: Bool = false
  ) {
    makeMarkers()
    view.selectedIndex = selectedEventID.flatMap { markerIndexByEventID[$0] }
    var rect = fullRect
    var legend: Rect?
    if fullRect.height >= Self.legendHeight, fullRect.width >= MapView.minimumSize.width {
      let split = fullRect.splitBottom(1)
      rect = split.rest
      legend = split.bottom
    }
    lastRect = rect
    let home = Framed(box: framing ?? markerBounds, size: rect.size)
    if followsFraming, framed != home {
      view.viewport = home.box.map { MapViewport(framing: $0, in: rect) } ?? MapViewport()
      framed = home
    }
    view.render(into: &buffer, rect: rect)
    if var legend {
      // Right under the map, when the world's shape leaves rows below it: the rows between give the
      // legend room for the categories' colours.
      let used = view.mapSize(in: rect).height
      if used < rect.height, rect.size.contains(MapView.minimumSize) {
        legend = Rect(
          x: legend.x, y: rect.y + used, width: legend.width, height: fullRect.maxY - rect.y - used)
      }
      Self.drawLegend(of: view, into: &buffer, rect: legend, isFocused: isFocused)
    } else if isFocused, !rect.isEmpty {
      let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
      buffer.write(Self.focusTag, at: Point(x: rect.x, y: rect.y), style: view.theme.selection, clip: row)
    }
  }

  /// Draws `region`'s outline (the `--near` circle, the box), or none.
  mutating func outline(_ region: Region?) {
    guard let region else {
      view.outline = []
      return
    }
    switch region {
    case .near(let centre, let radius):
      // A circle of `radius` km, in steps of 5°: degrees of latitude are 111.2 km, of longitude
      // that times the cosine of the latitude.
      let kilometresPerDegree = 111.2
      let latitudeRadius = radius / kilometresPerDegree
      let cosine = max(0.01, cos(centre.latitude * .pi / 180))
      view.outline = stride(from: 0.0, through: 360.0, by: 5.0).map { degrees in
        let angle = degrees * .pi / 180
        return MapMarker(
          longitude: centre.longitude + latitudeRadius / cosine * sin(angle),
          latitude: max(-90, min(90, centre.latitude + latitudeRadius * cos(angle))), styleKey: "")
      }
    case .box(let west, let south, var east, let north):
      if east < west { east += 360 }
      view.outline = [(west, south), (east, south), (east, north), (west, north), (west, south)].map {
        MapMarker(longitude: $0.0, latitude: $0.1, styleKey: "")
      }
    }
  }

  /// Frames `box` (`nil`: the markers' bounds): where the map opens and where `0` goes back to.
  /// The screen says it before each frame; the view moves only while it follows the framing.
  mutating func frame(on box: MapBox?) {
    framing = box
  }

  /// Follows the framing again (`m` shows the map, `0`): the next frame is framed on it.
  mutating func reframe() {
    followsFraming = true
    framed = nil
  }

  /// A screen opened on top: its map starts framed on what it shows, and the view of the screen
  /// below is kept for its return.
  mutating func screenOpened() {
    savedViews.append(SavedView(viewport: view.viewport, framed: framed, followsFraming: followsFraming))
    reframe()
  }

  /// The top screen closed: the view of the screen below comes back (framed again if it followed
  /// its framing and that changed meanwhile).
  mutating func screenClosed() {
    guard let saved = savedViews.popLast() else {
      reframe()
      return
    }
    view.viewport = saved.viewport
    framed = saved.framed
    followsFraming = saved.followsFraming
  }

  /// The box a region covers on the map.
  static func box(of region: Region) -> MapBox {
    let bounds = region.bounds
    return MapBox(
      west: bounds.minLongitude, south: bounds.minLatitude, east: bounds.maxLongitude,
      north: bounds.maxLatitude)
  }

  /// The box of `event`'s track: every position it has had (`nil` without one).
  static func trackBox(of event: EOEvent) -> MapBox? {
    MapBox.enclosing(event.geometries.compactMap(\.center).map { ($0.longitude, $0.latitude) })
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
    /// The map did something the user would not guess, or nothing: the status line says this.
    case said(String)
  }

  /// The map's keys while it has the focus: + - zoom around `selected` (it stays where it is on
  /// screen), arrows or hjkl pan, 0 goes back to the framing, c centres on `selected`, Space picks
  /// the next marker in view.
  mutating func handle(_ key: Key, selected: EOEvent?) -> KeyResult {
    let rect = lastRect ?? Rect(x: 0, y: 0, width: 40, height: 8)
    let size = view.mapSize(in: rect)
    let step = max(1, size.width / 8)
    let anchor = selected?.latestGeometry?.center.map { (longitude: $0.longitude, latitude: $0.latitude) }
    switch key {
    case .char("+"), .char("="): view.viewport.zoom(by: 2, around: anchor, in: rect)
    case .char("-"), .char("_"): view.viewport.zoom(by: 0.5, around: anchor, in: rect)
    case .left, .char("h"): view.viewport.pan(columns: -step, rows: 0, in: rect)
    case .right, .char("l"): view.viewport.pan(columns: step, rows: 0, in: rect)
    case .up, .char("k"): view.viewport.pan(columns: 0, rows: -max(1, step / 2), in: rect)
    case .down, .char("j"): view.viewport.pan(columns: 0, rows: max(1, step / 2), in: rect)
    case .char("0"):
      reframe()
      return .moved
    case .char("c"):
      guard let anchor else { return .said("c centres on the selected event: it has no position") }
      // The whole world has no centre to move: it zooms in first, and says so.
      let zoomed = view.viewport.isWholeWorld
      if zoomed { view.viewport.zoom(by: 4, in: rect) }
      view.viewport.centre(longitude: anchor.longitude, latitude: anchor.latitude, in: rect)
      followsFraming = false
      if zoomed { return .said("Zoomed in 4× to centre on the selection (0 shows the whole frame again)") }
    case .char(" "):
      makeMarkers()
      let visible = view.visibleMarkers(in: rect)
      guard !visible.isEmpty else { return .moved }
      let next = visible.first { $0 > (cycleIndex ?? -1) } ?? visible[0]
      cycleIndex = next
      return .picked(eventIDs[next])
    default:
      return .ignored
    }
    followsFraming = false
    return .moved
  }

  /// Zooms by `factor` around the point under `point` (the mouse wheel): it stays under the pointer.
  mutating func zoom(by factor: Double, at point: Point) {
    guard let rect = lastRect else { return }
    view.viewport.zoom(by: factor, around: view.coordinate(at: point, in: rect), in: rect)
    followsFraming = false
  }

  /// Pans by map cells (a mouse drag).
  mutating func pan(columns: Int, rows: Int) {
    guard let rect = lastRect else { return }
    view.viewport.pan(columns: columns, rows: rows, in: rect)
    followsFraming = false
  }

  /// The event of the marker under `point` (a click), if any.
  mutating func eventID(at point: Point) -> String? {
    makeMarkers()
    guard let rect = lastRect, let index = view.marker(at: point, in: rect) else { return nil }
    return eventIDs.indices.contains(index) ? eventIDs[index] : nil
  }

  /// The region the map shows, for the region filter (`nil` for the whole world); a view across
  /// the antimeridian is a box that crosses it.
  var visibleRegion: Region? {
    guard let rect = lastRect, !view.viewport.isWholeWorld else { return nil }
    let bounds = view.viewport.bounds(in: rect)
    return .box(
      minLongitude: bounds.west, minLatitude: max(-90, bounds.south), maxLongitude: bounds.east,
      maxLatitude: min(90, bounds.north))
  }
}
