import EONETKit
import Foundation
import OurPlanetModel
import TerminalUI

/// `ourplanet categories [--json]`: every category with its number of events in the days window.
///
/// Folds the same refresh stream as the UI (EONETKit's graph, two categories at a time) onto the
/// stored data, with the same fold (``Catalog/applying(_:)``): a category whose download fails
/// shows its cached (or bundled) events, and stderr says so.
enum CategoriesCommand {
  /// Runs the command.
  ///
  /// - Returns: The exit status: 0 when every category loaded live (or offline from storage),
  ///   1 otherwise.
  static func run(_ options: Options, client: EONETClient) -> Int32 {
    // A magnitude filter stays local here: the server would drop the events without a magnitude,
    // which the counts show apart.
    var query = options.query
    query.magnitude = nil
    let (catalog, status) = CatalogLoad.run(options, client: client, query: query)
    guard !catalog.items.isEmpty else {
      Console.error("cannot load the categories")
      return 1
    }
    let scope = options.scope
    if options.json {
      Console.output(
        catalog.items.map { json(for: $0, scope: scope, windowEnd: catalog.windowEnd) }.serializedOnePerLine()
      )
    } else {
      let idWidth = catalog.items.map { Console.line($0.category.id).count }.max() ?? 0
      for item in catalog.items {
        let countText = String(item.count(in: scope, endingAt: catalog.windowEnd))
        // Stored data older than the rest is counted on the same time base, and says from when.
        let behind = item.fetchTime(behind: catalog.newestFetch).map { "data from \(Formatting.day($0))" }
        // Beside a magnitude filter, what it left out for having no magnitude at all.
        let unmeasured = scope.withoutMagnitude.map { item.count(in: $0, endingAt: catalog.windowEnd) }
          .flatMap { $0 > 0 ? "\(Formatting.count($0)) without a magnitude" : nil }
        let notes = [item.state.isFailure ? "failed" : nil, behind, unmeasured].compactMap { $0 }
        let failed = notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))"
        let id = Console.line(item.category.id)
        Console.output(
          String(repeating: " ", count: max(0, 6 - countText.count)) + countText + "  "
            + id + String(repeating: " ", count: max(0, idWidth - id.count)) + "  "
            + Console.line(item.category.title) + failed)
      }
    }
    return status
  }

  private static func json(for item: CategoryItem, scope: EventScope, windowEnd: Date?) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(item.category.id)),
      ("title", .string(item.category.title)),
      ("count", .integer(item.count(in: scope, endingAt: windowEnd))),
    ]
    // Beside a magnitude filter, what it left out for having no magnitude at all.
    if let unmeasured = scope.withoutMagnitude {
      fields.append(("without_magnitude", .integer(item.count(in: unmeasured, endingAt: windowEnd))))
    }
    fields += [
      ("status", .string(item.state.isFailure ? "failed" : "ok")),
      ("source", item.source.map { .string($0.description) } ?? .null),
      ("fetched_at", item.fetchedAt.map { .string(ISO8601.format($0)) } ?? .null),
    ]
    return .object(fields)
  }
}

/// Says on stderr when the data printed is not live, and from when it is.
enum Provenance {
  /// Reports stored (cached or bundled) parts of the data, oldest fetch time first. A past range
  /// downloaded after it ended (`rangeEnd`) is final: served from the cache, it is not stale.
  static func report(
    _ parts: [(source: EODataSource?, fetchedAt: Date?)], offline: Bool, rangeEnd: Date? = nil
  ) {
    let final = { (fetchedAt: Date?) in
      guard let rangeEnd, let fetchedAt else { return false }
      return fetchedAt >= rangeEnd
    }
    let stored = parts.filter { $0.source != nil && $0.source != .live && !final($0.fetchedAt) }
    guard let oldest = stored.compactMap(\.fetchedAt).min() else { return }
    let sources = Set(stored.compactMap { $0.source?.description }).sorted().joined(separator: " and ")
    let why = offline ? "" : " (the network failed)"
    Console.error("showing \(sources) data fetched \(Formatting.minute(oldest))\(why)")
  }
}
