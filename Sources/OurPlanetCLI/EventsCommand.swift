import EONETKit
import Foundation

/// `ourplanet events <category-id> [--days N] [--json]`: a category's events, newest first.
enum EventsCommand {
  /// Runs the command.
  ///
  /// - Returns: The exit status: 0 when the events loaded, 1 otherwise.
  static func run(_ options: Options, categoryID: String, client: EONETClient) -> Int32 {
    var status: Int32 = 0
    var category = EOCategory(id: categoryID, title: categoryID)
    switch waitForLast(client.fetchCategories()) {
    case .success(let fetched?):
      let known = fetched.value
      guard
        let match = known.first(where: { $0.id == categoryID })
          ?? known.first(where: { $0.id.lowercased() == categoryID.lowercased() })
      else {
        let ids = known.map(\.id).joined(separator: ", ")
        Console.error("unknown category '\(TextSanitizer.line(categoryID))' (known: \(ids))")
        return 1
      }
      category = match
    case .success(nil):
      break
    case .failure(let error):
      Console.error("cannot load the categories (\(error)); asking for '\(categoryID)' anyway")
      status = 1
    }
    let fetched: EOFetched<[EOEvent]>
    switch waitForLast(client.fetchEvents(forLast: options.days, category: category)) {
    case .failure(let error):
      Console.error("\(category.id): \(error)")
      return 1
    case .success(nil):
      Console.error("\(category.id): no answer")
      return 1
    case .success(let value?):
      fetched = value
    }
    if fetched.source != .live {
      Console.error("showing \(fetched.source) data fetched \(format(fetched.fetchedAt))")
    }
    // "Now" is the fetch time, so the bundled snapshot's old events still count as recent.
    let start = fetched.fetchedAt.addingTimeInterval(-Double(options.days) * 86_400)
    let events = fetched.value.filter { $0.date >= start }
    if options.json {
      Console.output(events.map(json(for:)).serializedOnePerLine())
    } else {
      for event in events { Console.output(line(for: event)) }
    }
    return status
  }

  private static func line(for event: EOEvent) -> String {
    var text = day(event.date) + "  " + TextSanitizer.line(event.id) + "  " + TextSanitizer.line(event.title)
    if let magnitude = event.latestGeometry?.magnitude {
      text += "  · " + number(magnitude.value) + (magnitude.unit.map { " " + TextSanitizer.line($0) } ?? "")
    }
    if event.closed != nil { text += "  (closed)" }
    return text
  }

  static func json(for event: EOEvent) -> JSONValue {
    let latest = event.latestGeometry
    let coordinates: JSONValue =
      latest?.center.map {
        .array([.number($0.longitude), .number($0.latitude)])
      } ?? .null
    let magnitude: JSONValue =
      latest?.magnitude.map {
        .object([("value", .number($0.value)), ("unit", $0.unit.map(JSONValue.string) ?? .null)])
      } ?? .null
    return .object([
      ("id", .string(event.id)),
      ("title", .string(event.title)),
      ("date", .string(format(event.date))),
      ("closed", event.closed.map { .string(format($0)) } ?? .null),
      ("categories", .array(event.categories.map { .string($0.id) })),
      ("coordinates", coordinates),
      ("magnitude", magnitude),
      ("sources", .array(event.sources.map { .object([("id", .string($0.id)), ("url", .string($0.url))]) })),
      ("link", event.link.map(JSONValue.string) ?? .null),
    ])
  }

  /// `2025-11-08T12:00:00Z`.
  static func format(_ date: Date) -> String {
    date.formatted(.iso8601)
  }

  private static func day(_ date: Date) -> String {
    String(format(date).prefix(10))
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
