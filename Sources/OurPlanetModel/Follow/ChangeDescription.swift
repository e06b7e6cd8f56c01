import EONETKit
import Foundation

/// What happened to an event since it was seen, worked out once: the kind of change and its facts
/// (grew from/to, moved how far and which way, how many new reports, when it closed).
///
/// Every output reads it: the detail's "Changed:" line, `watch`'s text and `--json` (`change` and
/// `changes`), the notification, the `--exec` environment and stdin, the log. ``text`` is the one
/// rendering in words, ``json`` the one in JSON, ``headline`` the notification's first words.
///
/// ```swift
/// let change = ChangeDescription(event, kind: .updated, since: seen)
/// change.text  // "grew 500 → 1,200 acres, moved 87 km E, 1 new report"
/// ```
package struct ChangeDescription: Equatable, Sendable {
  /// One thing that changed.
  package enum Fact: Equatable, Sendable {
    /// The magnitude went from one value to another (`unit` as EONET names it).
    case magnitude(from: Double?, to: Double?, unit: String?)
    /// The latest position is this far from the one seen, in this direction (`N` … `NW`).
    case moved(kilometres: Double, bearing: String)
    /// This many reports (positions) came since.
    case reports(Int)
    /// It closed then.
    case closed(Date)
  }

  /// New, updated or closed.
  package let kind: EventChange
  /// What changed, in the order ``text`` says it; empty for a new event.
  package let facts: [Fact]

  /// A description of the given parts.
  package init(kind: EventChange, facts: [Fact]) {
    self.kind = kind
    self.facts = facts
  }

  /// How `event` changed since it was seen as `seen` (`nil`: never seen, so it is new).
  ///
  /// - Parameters:
  ///   - event: The event as it is now.
  ///   - kind: The kind of change (``SeenState/change(of:)``).
  ///   - seen: The event as it was seen last.
  package init(_ event: EOEvent, kind: EventChange, since seen: EventFingerprint?) {
    self.kind = kind
    guard let seen else {
      facts = []
      return
    }
    var facts: [Fact] = []
    let latest = event.latestGeometry
    let magnitude = latest?.magnitude
    if magnitude?.value != seen.magnitude {
      facts.append(.magnitude(from: seen.magnitude, to: magnitude?.value, unit: magnitude?.unit))
    }
    // Events only gain records: the one seen last is the seen count's, in date order.
    let ordered = event.geometries.sorted { $0.date < $1.date }
    if ordered.count > seen.records {
      if seen.records > 0, let before = ordered[seen.records - 1].center, let now = latest?.center {
        let distance = Geodesy.distanceKilometres(from: before, to: now)
        if distance >= 1 {
          facts.append(.moved(kilometres: distance, bearing: Geodesy.compassPoint(from: before, to: now)))
        }
      }
      facts.append(.reports(ordered.count - seen.records))
    }
    if seen.closed == nil, let closed = event.closed { facts.append(.closed(closed)) }
    self.facts = facts
  }

  /// The kind as a notification starts: `New`, `Updated`, `Closed`.
  package var headline: String {
    switch kind {
    case .new: return "New"
    case .updated: return "Updated"
    case .closed: return "Closed"
    }
  }

  /// The facts in words (`grew 500 → 1,200 acres, moved 87 km E, 1 new report`); empty when there
  /// are none.
  ///
  /// - Parameter ascii: Whether only ASCII shows (`->` for the arrow, `sq NM` for `NM²`).
  package func text(ascii: Bool = false) -> String {
    facts.map { Self.text($0, ascii: ascii) }.joined(separator: ", ")
  }

  /// The facts in words, UTF-8 arrows.
  package var text: String { text() }

  private static func text(_ fact: Fact, ascii: Bool) -> String {
    switch fact {
    case .magnitude(let from, let to, let unit):
      let arrow = ascii ? "->" : "→"
      let before = from.map { Formatting.magnitude(value: $0, unit: nil) } ?? "none"
      let after = to.map { Formatting.magnitude(value: $0, unit: unit, ascii: ascii) } ?? "none"
      let verb = from.flatMap { from in to.map { $0 >= from ? "grew" : "fell" } } ?? "magnitude"
      return "\(verb) \(before) \(arrow) \(after)"
    case .moved(let kilometres, let bearing):
      return "moved \(Formatting.count(Int(kilometres.rounded()))) km \(bearing)"
    case .reports(let count):
      return Formatting.count(count, "new report")
    case .closed(let date):
      return "closed \(Formatting.minute(date))"
    }
  }

  /// The facts as a JSON list, one object each, named by `fact`:
  /// `{"fact":"grew","from":500,"to":1200,"unit":"acres"}`, `{"fact":"moved","km":87.2,
  /// "bearing":"E"}`, `{"fact":"reports","count":1}`, `{"fact":"closed","date":"…"}`.
  package var json: JSONValue {
    .array(
      facts.map { fact in
        switch fact {
        case .magnitude(let from, let to, let unit):
          let name = from.flatMap { from in to.map { $0 >= from ? "grew" : "fell" } } ?? "magnitude"
          return .object([
            ("fact", .string(name)), ("from", from.map(JSONValue.number) ?? .null),
            ("to", to.map(JSONValue.number) ?? .null),
            ("unit", unit.map { .string(EventRecord.clean($0)) } ?? .null),
          ])
        case .moved(let kilometres, let bearing):
          return .object([
            ("fact", .string("moved")), ("km", .number((kilometres * 10).rounded() / 10)),
            ("bearing", .string(bearing)),
          ])
        case .reports(let count):
          return .object([("fact", .string("reports")), ("count", .integer(count))])
        case .closed(let date):
          return .object([("fact", .string("closed")), ("date", .string(ISO8601.format(date)))])
        }
      })
  }

  /// One line for a person: the headline, the title, and the facts or, for a new event, its size
  /// (`Updated: Rim Fire · grew 500 → 1,200 acres, 1 new report`, `New: Rim Fire · 500 acres`).
  ///
  /// - Parameter record: The event's record (its title and magnitude, cleaned).
  package func sentence(_ record: EventRecord) -> String {
    var parts = ["\(headline): \(record.title)"]
    if !facts.isEmpty {
      parts.append(text)
    } else if let magnitude = record.magnitude {
      parts.append(Formatting.magnitude(value: magnitude, unit: record.magnitudeUnit))
    }
    return parts.joined(separator: " · ")
  }
}
