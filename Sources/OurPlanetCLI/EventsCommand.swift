import EONETKit
import Foundation
import OurPlanet

/// `ourplanet events <category-id> [--days N] [--json]`: a category's events in the days window,
/// newest first.
///
/// When the network fails, it prints the cached (else bundled) events, says so on stderr, and
/// exits 1, as the UI shows stored data with the failure named.
enum EventsCommand {
  /// Runs the command.
  ///
  /// - Returns: The exit status: 0 when the events loaded, 1 otherwise (stored data, if any, is
  ///   still printed).
  static func run(_ options: Options, categoryID: String, client: EONETClient) -> Int32 {
    var status: Int32 = 0
    var category = EOCategory(id: categoryID, title: categoryID)
    var known: [EOCategory]?
    switch waitForLast(client.fetchCategories()) {
    case .success(let fetched?):
      known = fetched.value
    case .success(nil):
      break
    case .failure(let error):
      Console.error("cannot load the categories (\(error))")
      status = 1
      if case .success(let local?) = waitForLast(client.localCategories()) { known = local.value }
    }
    if let known {
      guard
        let match = known.first(where: { $0.id == categoryID })
          ?? known.first(where: { $0.id.lowercased() == categoryID.lowercased() })
      else {
        let ids = known.map(\.id).joined(separator: ", ")
        Console.error("unknown category '\(Console.line(categoryID))' (known: \(ids))")
        return 1
      }
      category = match
    }
    let fetched: EOFetched<[EOEvent]>
    switch waitForLast(client.fetchEvents(forLast: options.days, category: category)) {
    case .success(let value?):
      fetched = value
    case .success(nil):
      Console.error("\(category.id): no answer")
      return 1
    case .failure(let error):
      Console.error("\(category.id): \(error)")
      guard
        case .success(let local?) = waitForLast(client.localEvents(forLast: options.days, category: category))
      else { return 1 }
      fetched = local
      status = 1
    }
    Provenance.report([(fetched.source, fetched.fetchedAt)], offline: options.offline)
    // The same window as the UI: counted back from the data's own fetch time.
    let item = CategoryItem(
      category: category, events: fetched.value, fetchedAt: fetched.fetchedAt, source: fetched.source)
    let events = item.events(inLast: options.days)
    if options.json {
      Console.output(events.map(json(for:)).serializedOnePerLine())
    } else {
      for event in events { Console.output(line(for: event)) }
    }
    return status
  }

  private static func line(for event: EOEvent) -> String {
    var text = Formatting.day(event.date) + "  " + Console.line(event.id) + "  " + Console.line(event.title)
    if let magnitude = event.latestGeometry?.magnitude {
      text += "  · " + Console.line(Formatting.magnitude(value: magnitude.value, unit: magnitude.unit))
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
}
