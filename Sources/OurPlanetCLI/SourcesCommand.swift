import EONETKit
import Foundation
import OurPlanetModel
import Support

/// `ourplanet sources [--json]`: EONET's sources (id, title, home page), each with the number of
/// events in the scope that cite it.
///
/// The list comes live, else from the cache, else from the bundled snapshot; the events are the
/// catalog `events all` loads, each event counted once however many categories list it. A source
/// the events cite that the list does not name is still listed, its id standing for its title.
enum SourcesCommand {
  /// One line of the output.
  struct Row: Equatable {
    /// The source's id, as events cite it.
    var id: String
    /// Its title (the id when the list does not name it).
    var title: String
    /// Its home page, when the list gives one.
    var link: String?
    /// How many events in the scope cite it; `nil` when the events could not be loaded.
    var events: Int?
  }

  /// Runs the command.
  ///
  /// - Returns: The exit status: 0 when the list and every category loaded (live, or offline from
  ///   storage), 1 otherwise (what did load is still printed).
  static func run(_ options: Options, client: EONETClient) -> Int32 {
    var status: Int32 = 0
    var list: [EOSourceInfo] = []
    switch waitForLast(client.fetchSources()) {
    case .success(let fetched?):
      // Stored only offline, where the catalog's own line says what is shown.
      list = fetched.value
    case .success(nil):
      status = 1
      Console.error("cannot load the sources: no answer")
    case .failure(let error):
      status = 1
      if !options.offline, case .success(let local?) = waitForLast(client.localSources()) {
        list = local.value
        Console.error(
          "cannot load the sources (\(error)) — showing the \(local.source) list of \(Formatting.minute(local.fetchedAt))"
        )
      } else {
        Console.error("cannot load the sources (\(error))")
      }
    }
    let (catalog, catalogStatus) = CatalogLoad.run(options, client: client)
    status = max(status, catalogStatus)
    var events: [EOEvent]?
    if catalog.items.isEmpty {
      status = 1
      Console.error("cannot load the categories: no event counts")
    } else {
      events = catalog.mergedEvents(in: options.scope).events
    }
    let lines = rows(list: list, events: events)
    Console.writeNow(options.json ? json(lines) : text(lines))
    return status
  }

  /// The rows: the list's sources in its order, then the sources the events cite that it does not
  /// name, by id; each with the number of `events` citing it (an event citing a source twice counts
  /// once).
  ///
  /// - Parameters:
  ///   - list: EONET's sources.
  ///   - events: The events in the scope, each once; `nil` when they could not be loaded.
  static func rows(list: [EOSourceInfo], events: [EOEvent]?) -> [Row] {
    var counts: [String: Int] = [:]
    for event in events ?? [] {
      for id in Set(event.sources.map(\.id)) where !id.isEmpty { counts[id, default: 0] += 1 }
    }
    var listed = Set<String>()
    var rows: [Row] = []
    for source in list where listed.insert(source.id).inserted {
      rows.append(
        Row(
          id: source.id, title: source.title, link: source.homepage,
          events: events == nil ? nil : counts[source.id] ?? 0))
    }
    for id in counts.keys.filter({ !listed.contains($0) }).sorted() {
      rows.append(Row(id: id, title: id, link: nil, events: counts[id]))
    }
    return rows
  }

  /// The text table: the count right-aligned (`-` when unknown), the id and the title each padded
  /// to the widest, then the home page; server text through the one sanitiser.
  static func text(_ rows: [Row]) -> String {
    let counts = rows.map { $0.events.map(String.init) ?? "-" }
    let ids = rows.map { Console.line($0.id) }
    let titles = rows.map { Console.line($0.title) }
    let countWidth = counts.map(\.count).max() ?? 0
    let idWidth = ids.map(\.count).max() ?? 0
    let titleWidth = titles.map(\.count).max() ?? 0
    var text = ""
    for (index, row) in rows.enumerated() {
      var line =
        String(repeating: " ", count: countWidth - counts[index].count) + counts[index] + "  " + ids[index]
        + String(repeating: " ", count: idWidth - ids[index].count) + "  " + titles[index]
      if let link = row.link, !link.isEmpty {
        line += String(repeating: " ", count: titleWidth - titles[index].count) + "  " + Console.line(link)
      }
      text += line + "\n"
    }
    return text
  }

  /// The JSON array, one source a line: `id`, `title`, `link` (the home page, or `null`) and
  /// `events` (`null` when the events could not be loaded); control and direction characters are
  /// removed from the text, as from every export.
  static func json(_ rows: [Row]) -> String {
    rows.map { row in
      JSONValue.object([
        ("id", .string(TextSanitizer.strippingControls(row.id))),
        ("title", .string(TextSanitizer.strippingControls(row.title))),
        ("link", row.link.map { .string(TextSanitizer.strippingControls($0)) } ?? .null),
        ("events", row.events.map { .integer($0) } ?? .null),
      ])
    }.serializedOnePerLine() + "\n"
  }
}
