import EONETKit

/// The text of an event's detail view: facts, description, numbered sources, positions.
package enum EventDetail {
  /// The detail's lines (the title is drawn apart, above them).
  ///
  /// Sources are numbered from 1 so a digit key can open any of them, each named by its title in
  /// EONET's list of sources (`Joint Typhoon Warning Center (JTWC)`, its link on the next line), or
  /// by its id alone when the list does not name it (or names it by its id): `JTWC: <link>`. With `seen`, the event as the user last saw it,
  /// an updated event says what changed since (``changes(of:since:ascii:)``).
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - ascii: Whether the terminal shows ASCII only.
  ///   - seen: The event as the user last saw it (`nil`: never seen).
  ///   - sourceTitles: The titles of EONET's sources, by id.
  ///   - alerts: The names of the alert rules that mark the event (`Alerts: fires near home`).
  package static func lines(
    for event: EOEvent, ascii: Bool = false, seen: EventFingerprint? = nil,
    sourceTitles: [String: String] = [:], alerts: [String] = []
  ) -> [String] {
    var lines: [String] = []
    // The labels in one column: "Latest report:" is the longest.
    func field(_ label: String, _ value: String) {
      lines.append((label + ":").padding(toLength: 15, withPad: " ", startingAt: 0) + value)
    }
    let categories = event.categories.map(\.title).joined(separator: ", ")
    if !categories.isEmpty { field("Categories", categories) }
    field("Status", event.closed.map { "closed \(Formatting.minute($0))" } ?? "open")
    if let seen, let changes = changes(of: event, since: seen, ascii: ascii) {
      field("Changed", changes + " since you saw it")
    }
    if !alerts.isEmpty { field("Alerts", alerts.joined(separator: ", ")) }
    // EONET's first and latest report of the event: "seen" is what the app's own marks track.
    if let first = event.geometries.first?.date {
      field("First report", Formatting.minute(first))
    }
    if let latest = event.latestGeometry {
      field("Latest report", Formatting.minute(latest.date))
      if let magnitude = latest.magnitude {
        field("Magnitude", Formatting.magnitude(value: magnitude.value, unit: magnitude.unit, ascii: ascii))
      }
      if let center = latest.center {
        field("Location", Formatting.coordinate(center))
      }
    }
    field("Records", String(event.geometries.count))
    if let description = event.description, !description.isEmpty {
      lines.append("")
      lines.append(description)
    }
    let links = self.links(of: event)
    if !links.isEmpty {
      lines.append("")
      lines.append(
        links.count == 1
          ? "Source (o or 1 opens it):" : "Sources (o opens the first, 1–\(min(9, links.count)) any):")
      for (number, link) in links.enumerated() {
        // A titled source takes two lines, its link under its name: a title and a link together
        // seldom fit one line, and a wrap would break them where it happens to.
        if let name = titledName(link.name, titles: sourceTitles) {
          lines.append("  \(number + 1). \(name)")
          lines.append("     \(link.url)")
        } else {
          // A name alone (no title, or a title that is its id) is set out as a titled one is: the
          // link on its own line, never broken after the name.
          lines.append("  \(number + 1). \(link.name)")
          lines.append("     \(link.url)")
        }
      }
    }
    if event.geometries.count > 1 {
      lines.append("")
      lines.append("Positions, oldest first:")
      lines += positions(of: event, ascii: ascii)
    }
    return lines
  }

  /// The track as a table: time, latitude, longitude and magnitude, each column right-aligned to
  /// its widest value (`9.60°N` under `10.20°N`).
  private static func positions(of event: EOEvent, ascii: Bool) -> [String] {
    let rows = event.geometries.map { geometry in
      [
        Formatting.minute(geometry.date),
        geometry.center.map { Formatting.latitude($0.latitude) } ?? "no position",
        geometry.center.map { Formatting.longitude($0.longitude) } ?? "",
        geometry.magnitude.map { Formatting.magnitude(value: $0.value, unit: $0.unit, ascii: ascii) } ?? "",
      ]
    }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      let cells = zip(row, widths).map { cell, width in
        String(repeating: " ", count: width - cell.count) + cell
      }
      // Trailing blanks of a position without a magnitude are not kept.
      let line = "  " + cells.joined(separator: "  ")
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// What changed in `event` since the user saw it as `seen`, in ``ChangeDescription``'s words
  /// (`grew 95 → 100 kts, moved 110 km E, 1 new report`); `nil` when nothing did.
  package static func changes(of event: EOEvent, since seen: EventFingerprint, ascii: Bool = false) -> String?
  {
    let kind: EventChange = seen.closed == nil && event.closed != nil ? .closed : .updated
    let text = ChangeDescription(event, kind: kind, since: seen).text(ascii: ascii)
    return text.isEmpty ? nil : text
  }

  /// A source as the detail names it by title, `Title (ID)`; `nil` when `titles` has no title for
  /// it other than its id (the id alone names it then).
  static func titledName(_ id: String, titles: [String: String]) -> String? {
    guard let title = titles[id], !title.isEmpty, title != id else { return nil }
    return "\(title) (\(id))"
  }

  /// The links a digit key opens, in order: the sources, then EONET's own page.
  package static func links(of event: EOEvent) -> [(name: String, url: String)] {
    var links = event.sources.map { (name: $0.id, url: $0.url) }
    if let link = event.link { links.append((name: "EONET", url: link)) }
    return links
  }
}
