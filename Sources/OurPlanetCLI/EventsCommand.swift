import EONETKit
import Foundation
import OurPlanetModel
import Support

/// `ourplanet events <category-id> [--days N] [--json]`: a category's events in the days window,
/// newest first.
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
      print(catalog.mergedEvents(in: scope).events, options: options)
      return status
    }
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
        // A mistyped name is a usage error, as an unknown option is.
        let ids = known.map(\.id)
        let hint =
          Suggestion.closest(to: categoryID, in: ids + [EventListViewModel.allCategoriesID])
          .map { "; did you mean \($0)?" } ?? ""
        Console.error(
          "unknown category '\(Console.line(categoryID))'\(hint) (known: \(ids.joined(separator: ", ")), all)"
        )
        return 2
      }
      category = match
    }
    let fetched: EOFetched<[EOEvent]>
    switch waitForLast(client.fetchEvents(forLast: scope.requestDays, category: category)) {
    case .success(let value?):
      fetched = value
    case .success(nil):
      Console.error("\(category.id): no answer")
      return 1
    case .failure(let error):
      Console.error("\(category.id): \(error)")
      guard
        case .success(let local?) = waitForLast(
          client.localEvents(forLast: scope.requestDays, category: category))
      else { return 1 }
      fetched = local
      status = 1
    }
    Provenance.report([(fetched.source, fetched.fetchedAt)], offline: options.offline)
    // The same window as the UI: counted back from the data's own fetch time.
    let item = CategoryItem(
      category: category, events: fetched.value, fetchedAt: fetched.fetchedAt, source: fetched.source)
    print(item.events(in: scope), options: options)
    return status
  }

  private static func print(_ unsorted: [EOEvent], options: Options) {
    let centre = options.region?.centre
    let events = options.sort.apply(to: unsorted, centre: centre)
    if let format = options.format {
      Console.write(EventExport.render(events, as: format, from: centre))
    } else {
      Console.write(events.map { line(for: EventRecord($0, from: centre)) + "\n" }.joined())
    }
  }

  /// The text row: day, id, title, magnitude, distance and bearing from `--near`'s point, status.
  private static func line(for record: EventRecord) -> String {
    var text =
      Formatting.day(record.date) + "  " + Console.line(record.id) + "  " + Console.line(record.title)
    if let magnitude = record.magnitude {
      text += "  · " + Console.line(Formatting.magnitude(value: magnitude, unit: record.magnitudeUnit))
    }
    if let point = record.point, let position = record.position {
      text += "  · " + Geodesy.describe(from: point, to: position)
    }
    if record.status == .closed { text += "  (closed)" }
    return text
  }
}
