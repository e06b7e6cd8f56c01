/// One thing to show on the map: a position and the key of its colour.
///
/// ```swift
/// let marker = MapMarker(longitude: -96.79, latitude: 28.12, styleKey: "wildfires")
/// ```
package struct MapMarker: Hashable, Sendable {
  /// Degrees east, −180…180 (other values wrap).
  package var longitude: Double
  /// Degrees north, −90…90 (beyond, the marker sits on the map's edge).
  package var latitude: Double
  /// Picks the marker's style from ``MapView/markerStyles`` (or the fallback palette): the app
  /// passes a category id.
  package var styleKey: String
  /// Whether the marker stands out by its shape (`▲`, ASCII `^`), not only its colour: the app flags
  /// the events an alert rule matches.
  package var isFlagged: Bool
  /// Whether the event is over: its marker is a ring (`○`, ASCII `o`), as in the lists.
  package var isClosed: Bool

  /// Creates a marker.
  package init(
    longitude: Double, latitude: Double, styleKey: String = "", isFlagged: Bool = false,
    isClosed: Bool = false
  ) {
    self.longitude = longitude
    self.latitude = latitude
    self.styleKey = styleKey
    self.isFlagged = isFlagged
    self.isClosed = isClosed
  }
}
