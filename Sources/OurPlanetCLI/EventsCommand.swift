import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import Support

/// `ourplanet events <category-id>[,<category-id>...] [--days N] [--json]`: a category's events in the
/// scope (several categories: each event once, tagged with its category), newest first.
///
/// When the network fails, it prints the cached (else bundled) events, says so on stderr, and
/// exits 1, as the UI shows stored data with the failure named.
enum EventsCommand {
  /// Runs the command.
  ///
  /// - Returns: The exit status: 0 when the events loaded, 2 for an unknown category, 1 otherwise
  ///   (stored data, if any, is still printed).
  static func run(_ options: Options, categoryID: String, client: EONETClient) -> Int32 {
    let scope = options.scope
    if categoryID.lowercased() == EventListViewModel.allCategoriesID {
      let (catalog, status) = CatalogLoad.run(options, client: client)
      guard !catalog.items.isEmpty else {
        Console.error("cannot load the categories")
        return 1
      }
      print(catalog.mergedEvents(in: scope).events, options: options, tagged: true)
      return status
    }
    let wanted = categoryID.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard !wanted.isEmpty else {
      Console.error("'events' needs a category id (or several: wildfires,volcanoes)")
      return 2
    }
    if wanted.contains(where: { $0.lowercased() == EventListViewModel.allCategoriesID }) {
      Console.error(
        "'all' already means every category: give it alone (events all), or name the categories without it")
      return 2
    }
    guard let resolved = resolveCategories(wanted, client: client) else { return 2 }
    var status = resolved.status
    var items: [CategoryItem] = []
    for category in resolved.categories {
      let fetched: EOFetched<[EOEvent]>
      switch waitForLast(client.fetchEvents(options.query, category: category)) {
      case .success(let value?):
        fetched = value
      case .success(nil):
        Console.error("\(category.id): no answer")
        return 1
      case .failure(let error):
        Console.error("\(category.id): \(error)")
        guard case .success(let local?) = waitForLast(client.localEvents(options.query, category: category))
        else { return 1 }
        fetched = local
        status = 1
      }
      items.append(
        CategoryItem(
          category: category, events: fetched.value, fetchedAt: fetched.fetchedAt, source: fetched.source))
    }
    Provenance.report(
      items.map { ($0.source, $0.fetchedAt) }, offline: options.offline, rangeEnd: options.query.window.end)
    // The same window as the UI: counted back from the data's own fetch time, or the range's end;
    // several categories list each event once, as `all` does.
    let catalog = Catalog(items: items, rangeEnd: options.query.window.end)
    // The catalog's items: a past range's events as they stood at its end.
    if let item = catalog.items.first, items.count == 1 {
      print(item.events(in: scope, endingAt: catalog.windowEnd), options: options)
    } else {
      print(catalog.mergedEvents(in: scope).events, options: options, tagged: true)
    }
    return status
  }

  /// The categories `wanted` names, as the category list (live, else stored) spells them, each
  /// once; all of them as named when neither list can be read.
  ///
  /// - Returns: The categories and 1 when the live list failed (else 0); `nil` after saying so
  ///   when a name is no category (bad usage).
  private static func resolveCategories(_ wanted: [String], client: EONETClient) -> (
    categories: [EOCategory], status: Int32
  )? {
    var status: Int32 = 0
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
    var categories: [EOCategory] = []
    for id in wanted {
      var category = EOCategory(id: id, title: id)
      if let known {
        guard
          let match = known.first(where: { $0.id == id })
            ?? known.first(where: { $0.id.lowercased() == id.lowercased() })
        else {
          // A mistyped name is a usage error, as an unknown option is.
          let ids = known.map(\.id)
          let hint =
            Suggestion.closest(to: id, in: ids + [EventListViewModel.allCategoriesID])
            .map { "; did you mean \($0)?" } ?? ""
          Console.error(
            "unknown category '\(Console.line(id))'\(hint) (known: \(ids.joined(separator: ", ")), all)")
          return nil
        }
        category = match
      }
      if !categories.contains(category) { categories.append(category) }
    }
    return (categories, status)
  }

  private static func print(_ unsorted: [EOEvent], options: Options, tagged: Bool = false) {
    let centre = options.region?.centre
    let events = options.sort.apply(to: unsorted, centre: centre)
    if let format = options.format {
      Console.writeNow(EventExport.render(events, as: format, from: centre))
    } else {
      Console.writeNow(table(events, from: centre, tagged: tagged))
    }
  }

  /// The text table: day, id, the category (for `all`), magnitude, distance and bearing from
  /// `--near`'s point, then the title and whether it is closed. Each column is padded to its widest
  /// value, so a longer id or a larger magnitude moves nothing after it; the title, of any length,
  /// comes last.
  static func table(_ events: [EOEvent], from centre: EOCoordinate?, tagged: Bool) -> String {
    let records = events.map { EventRecord($0, from: centre) }
    let ids = records.map { Console.line($0.id) }
    let magnitudes = records.map { record in
      record.magnitude.map { Console.line(Formatting.magnitude(value: $0, unit: record.magnitudeUnit)) } ?? ""
    }
    let distances = records.map { record in
      guard let point = record.point, let position = record.position else { return "" }
      return Geodesy.describe(from: point, to: position)
    }
    let idWidth = ids.map(\.count).max() ?? 0
    let magnitudeWidth = magnitudes.map(\.count).max() ?? 0
    let distanceWidth = distances.map(\.count).max() ?? 0
    func left(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var text = ""
    for (index, record) in records.enumerated() {
      var columns = [Formatting.day(record.date), left(ids[index], idWidth)]
      if tagged { columns.append(Rows.tag(for: events[index])) }
      if magnitudeWidth > 0 { columns.append(right(magnitudes[index], magnitudeWidth)) }
      if distanceWidth > 0 { columns.append(right(distances[index], distanceWidth)) }
      columns.append(Console.line(record.title) + (record.status == .closed ? "  (closed)" : ""))
      text += columns.joined(separator: "  ") + "\n"
    }
    return text
  }
}
