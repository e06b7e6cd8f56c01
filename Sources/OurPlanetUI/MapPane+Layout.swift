import TerminalUI

extension MapPane {
  /// From this many columns the map goes beside the list rather than below it.
  static let sideBySideWidth = 120

  /// The events screen's list area split between the list and the map: side by side from
  /// ``sideBySideWidth`` columns (the map on the right, half the width, one blank column between),
  /// else the map below. Zoomed in, the map fills what it is given, so it takes every row there is.
  static func splitEventsArea(_ area: Rect) -> (list: Rect, map: Rect) {
    guard area.width >= sideBySideWidth else {
      let (list, map) = splitBelow(area, share: 0.6, keepingAtLeast: 3)
      return (list, map)
    }
    let mapWidth = area.width / 2
    let (list, rest) = area.splitLeft(area.width - mapWidth - 1)
    return (list, rest.splitLeft(1).rest)
  }

  /// The detail view's area split between the text and the map below it (at most half of it: the
  /// text comes first).
  static func splitDetailArea(_ area: Rect) -> (text: Rect, map: Rect) {
    let (text, map) = splitBelow(area, share: 0.5, keepingAtLeast: 4)
    return (text, map)
  }

  /// A map below the content, `share` of the area's height, leaving the content `rows`; a single row
  /// (for the map's too-small note) when that is not enough.
  private static func splitBelow(_ area: Rect, share: Double, keepingAtLeast rows: Int)
    -> (content: Rect, map: Rect)
  {
    var height = min(Int(Double(area.height) * share), area.height - rows)
    if height < MapView.minimumSize.height { height = area.height > rows ? 1 : 0 }
    let (content, map) = area.splitBottom(height)
    return (content, map)
  }
}
