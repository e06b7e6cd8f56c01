import EONETKit
import Foundation

/// Which events of a category the events screen shows: a days window and a title search.
public struct EventFilter: Equatable, Sendable {
  /// The window: events of the last `days` days, counting back from the data's fetch time.
  public var days: Int
  /// Keep titles containing this text (case- and diacritic-insensitive); empty keeps all.
  public var query: String

  /// A filter for `days` days and `query`.
  public init(days: Int, query: String = "") {
    self.days = days
    self.query = query
  }

  /// The trimmed search text.
  public var needle: String { query.trimmingCharacters(in: .whitespaces) }

  /// Whether `title` matches the search.
  public func matches(title: String) -> Bool {
    let needle = Self.fold(self.needle)
    return needle.isEmpty || Self.fold(title).contains(needle)
  }

  /// `text` without case or diacritics, for comparing ("São" and "SAO" fold alike).
  public static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The events of `item` inside the window whose title matches, newest first.
  public func apply(to item: CategoryItem) -> [EOEvent] {
    let window = item.events(inLast: days)
    if needle.isEmpty { return Array(window) }
    return window.filter { matches(title: $0.title) }
  }
}
