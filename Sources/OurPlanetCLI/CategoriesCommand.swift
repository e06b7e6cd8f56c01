import EONETKit
import Foundation

/// `ourplanet categories [--json]`: every category with its number of events.
///
/// Runs the refresh graph of DESIGN.md (``EONETClient/refresh(forLast:categories:maxConcurrent:)``:
/// at most two categories at a time, each failure caught inside its own category) and prints the
/// final state.
enum CategoriesCommand {
  /// Runs the command.
  ///
  /// - Returns: The exit status: 0 when every category loaded, 1 otherwise.
  static func run(_ options: Options, client: EONETClient) -> Int32 {
    let state: EORefreshState
    switch waitForLast(client.refresh(forLast: options.days)) {
    case .failure(let error):
      Console.error("cannot load the categories: \(error)")
      return 1
    case .success(nil):
      Console.error("cannot load the categories: no answer")
      return 1
    case .success(let final?):
      state = final
    }
    reportProvenance(state)
    for category in state.categories {
      if let error = state.failures[category.id] { Console.error("\(category.id): \(error)") }
    }
    if options.json {
      Console.output(state.categories.map { json(for: $0, in: state) }.serializedOnePerLine())
    } else {
      let idWidth = state.categories.map(\.id.count).max() ?? 0
      for category in state.categories {
        let count = state.events[category.id]?.value.count ?? 0
        let failed = state.failures[category.id] != nil ? "  (failed)" : ""
        let id = TextSanitizer.line(category.id)
        let countText = String(count)
        let line =
          String(repeating: " ", count: max(0, 6 - countText.count)) + countText + "  "
          + id + String(repeating: " ", count: max(0, idWidth - id.count)) + "  "
          + TextSanitizer.line(category.title) + failed
        Console.output(line)
      }
    }
    return state.failures.isEmpty ? 0 : 1
  }

  private static func json(for category: EOCategory, in state: EORefreshState) -> JSONValue {
    let failed = state.failures[category.id] != nil
    return .object([
      ("id", .string(category.id)),
      ("title", .string(category.title)),
      ("count", .integer(state.events[category.id]?.value.count ?? 0)),
      ("status", .string(failed ? "failed" : "ok")),
    ])
  }

  /// Says on stderr when the data is not live, and from when it is.
  private static func reportProvenance(_ state: EORefreshState) {
    let offline = state.events.values.filter { $0.source != .live }
    guard let oldest = offline.min(by: { $0.fetchedAt < $1.fetchedAt }) else { return }
    let sources = Set(offline.map(\.source.description)).sorted().joined(separator: " and ")
    Console.error("showing \(sources) data fetched \(EventsCommand.format(oldest.fetchedAt))")
  }
}
