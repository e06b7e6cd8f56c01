import EONETKit
import Foundation
import OurPlanetModel
import TerminalUI

/// The right-hand columns of an events list: magnitude, distance from the `--near` point, date.
///
/// Each column is right-aligned to the widest value of the whole list, so `533 acres` sits under
/// `9,737 acres` and every title beside them is cut at one width. A list too narrow for all of them
/// drops columns before a title shrinks below ``readableTitle`` columns: the column the list is
/// sorted by goes last, then the date, the distance, the magnitude.
///
/// ```swift
/// let columns = EventColumns(events, centre: centre, sort: .date, width: 40, ascii: false)
/// Rows.event(event, from: centre, columns: columns)  // "●  Rim Fire, California  2025-11-08"
/// ```
struct EventColumns: Equatable {
  /// The narrowest a title is cut to while a column can still give way (a place name and a
  /// word of what happened, "Cedar Creek Fire, Lin…").
  static let readableTitle = 20
  /// The blank between two columns.
  static let gap = 2

  /// The magnitude column's width; 0 when it is not shown.
  private(set) var magnitudeWidth = 0
  /// The width of the distance's number (`1,204`); 0 when distances are not shown.
  private(set) var distanceDigits = 0
  /// Whether the date is shown.
  private(set) var showsDate = true
  /// The date column's name, which sets its width: ` last date`, or in a past range the day its
  /// dates go up to (`≤ 2026-08-31`: each event's last report up to then).
  let dateLabel: String

  /// Columns sized for `events` in a list `width` columns wide (its glyph column included).
  ///
  /// - Parameter rangeEnd: The end of the past range shown (`nil`: days up to now).
  init(
    _ events: [EOEvent], centre: EOCoordinate?, sort: EventSort, width: Int,
    glyphWidth: Int = Rows.eventGlyphWidth, rangeEnd: Date? = nil,
    ascii: Bool
  ) {
    dateLabel = rangeEnd.map { Self.rangeDateLabel(end: $0, ascii: ascii) } ?? " last date"
    let magnitude = Self.widestMagnitude(events, ascii: ascii)
    let digits = centre.map { Self.widestDistance(events, from: $0) } ?? 0
    // Each candidate: its width as drawn; the list's own order first, then date, distance, magnitude.
    var wanted: [(column: EventSort, width: Int)] = [(.date, DisplayWidth.of(dateLabel))]
    if digits > 0 { wanted.append((.distance, Self.distanceWidth(digits: digits))) }
    if magnitude > 0 { wanted.append((.magnitude, magnitude)) }
    if let first = wanted.firstIndex(where: { $0.column == sort }) {
      wanted.insert(wanted.remove(at: first), at: 0)
    }
    // What the right-hand text may take: the row less the glyph column, the blank before the
    // right-hand text and a readable title.
    let room = width - (glyphWidth + 1) - 1 - Self.readableTitle
    var used = 0
    showsDate = false
    for (column, columnWidth) in wanted {
      let needed = columnWidth + (used == 0 ? 0 : Self.gap)
      guard used + needed <= room else { continue }
      used += needed
      switch column {
      case .date: showsDate = true
      case .distance: distanceDigits = digits
      case .magnitude: magnitudeWidth = magnitude
      case .title: break
      }
    }
  }

  /// The right-hand text of `event`'s row: each shown column padded to its width.
  func text(for event: EOEvent, from centre: EOCoordinate?, ascii: Bool) -> String {
    var parts: [String] = []
    if magnitudeWidth > 0 {
      let value = event.latestMagnitude.map {
        Formatting.magnitude(value: $0.value, unit: $0.unit, ascii: ascii)
      }
      parts.append(Self.padLeft(value ?? "", to: magnitudeWidth))
    }
    if distanceDigits > 0 {
      parts.append(Self.distance(of: event, from: centre, digits: distanceDigits))
    }
    if showsDate { parts.append(Self.padLeft(Formatting.day(event.date), to: DisplayWidth.of(dateLabel))) }
    return parts.joined(separator: String(repeating: " ", count: Self.gap))
  }

  /// The column header's right-hand text, each shown column's name over it (right-aligned as the
  /// values are): `magnitude  distance  last date`. The date is an event's last: its latest report,
  /// or the day it closed; in a past range, its last report up to the range's end
  /// (`≤ 2026-08-31`).
  func header(ascii: Bool) -> String {
    var parts: [String] = []
    if magnitudeWidth > 0 {
      parts.append(Self.padLeft(magnitudeWidth >= 9 ? "magnitude" : "mag.", to: magnitudeWidth))
    }
    if distanceDigits > 0 {
      // Over the number, the compass point's three columns after it.
      parts.append(Self.padLeft("distance", to: Self.distanceWidth(digits: distanceDigits) - 3) + "   ")
    }
    if showsDate { parts.append(dateLabel) }
    return parts.joined(separator: String(repeating: " ", count: Self.gap))
  }

  /// A past range's date column name: the last day its dates reach (the range's end is the
  /// midnight after it).
  static func rangeDateLabel(end: Date, ascii: Bool) -> String {
    (ascii ? "<= " : "≤ ") + Formatting.day(end.addingTimeInterval(-1), in: .utc)
  }

  /// `  45 km NW`, ` 108 km W `, `     here `: the number right-aligned to `digits`, the compass point
  /// left-aligned, so both line up.
  private static func distance(of event: EOEvent, from centre: EOCoordinate?, digits: Int) -> String {
    let width = distanceWidth(digits: digits)
    guard let centre, let position = event.latestGeometry?.center else {
      return String(repeating: " ", count: width)
    }
    let kilometres = Geodesy.distanceKilometres(from: centre, to: position)
    if kilometres < 1 { return padLeft("here", to: width - 3) + "   " }
    let number = padLeft(Formatting.count(Int(kilometres.rounded())), to: digits)
    let point = Geodesy.compassPoint(from: centre, to: position)
    return number + " km " + point + String(repeating: " ", count: max(0, 2 - point.count))
  }

  /// The distance column's width for numbers `digits` wide: `1,204 km NW`.
  private static func distanceWidth(digits: Int) -> Int { max(digits, 4) + 6 }

  /// The width of the widest distance's number, from the distances themselves.
  private static func widestDistance(_ events: [EOEvent], from centre: EOCoordinate) -> Int {
    var widest = 0.0
    for event in events {
      guard let position = event.latestGeometry?.center else { continue }
      widest = max(widest, Geodesy.distanceKilometres(from: centre, to: position))
    }
    return max(1, Formatting.count(Int(widest.rounded())).count)
  }

  /// The widest magnitude's width, 0 when no event has one. Worked out from each unit's largest
  /// value rather than by formatting every event (a slider step re-sizes the columns): from 100 up
  /// the largest is the widest; below, a value takes at most four characters (`99.5`).
  private static func widestMagnitude(_ events: [EOEvent], ascii: Bool) -> Int {
    var largest: [String: Double] = [:]
    var hasSmall: Set<String> = []
    for event in events {
      guard let magnitude = event.latestMagnitude, magnitude.value.isFinite else { continue }
      let unit = magnitude.unit ?? ""
      largest[unit] = max(largest[unit] ?? 0, abs(magnitude.value))
      if abs(magnitude.value) < 100 { hasSmall.insert(unit) }
    }
    var widest = 0
    for (unit, value) in largest {
      widest = max(widest, DisplayWidth.of(Formatting.magnitude(value: value, unit: unit, ascii: ascii)))
      if hasSmall.contains(unit) {
        widest = max(widest, DisplayWidth.of(Formatting.magnitude(value: 99.5, unit: unit, ascii: ascii)))
      }
    }
    return widest
  }

  private static func padLeft(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
  }
}
