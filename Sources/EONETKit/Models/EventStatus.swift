import Foundation

/// Which events by their state: the one status of every layer (a request's halves, a scope's filter,
/// a record's field), and its one reading from text (the command line, the config, the filter form).
///
/// ```swift
/// let status = try EventStatus(parsing: "Open")  // .open
/// status.contains(event)                         // event.isOpen
/// ```
package enum EventStatus: String, CaseIterable, Hashable, Sendable {
  /// Open and closed events.
  case all
  /// Events still open.
  case open
  /// Closed events.
  case closed

  /// The status `text` names (`open`, `closed`, `all`; case and spaces around it ignored).
  ///
  /// - Throws: ``EventStatusError`` naming the words it takes.
  package init(parsing text: String) throws(EventStatusError) {
    let word = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let status = Self(rawValue: word) else { throw EventStatusError(text: text) }
    self = status
  }

  /// The words ``init(parsing:)`` takes, in the order help and completions list them.
  package static let words = [open, closed, all].map(\.rawValue)

  /// The status of `event`: ``closed`` once it has a closed date, else ``open``.
  package init(of event: EOEvent) {
    self = event.closed == nil ? .open : .closed
  }

  /// Whether `event` has this status.
  package func contains(_ event: EOEvent) -> Bool {
    switch self {
    case .all: return true
    case .open: return event.isOpen
    case .closed: return !event.isOpen
    }
  }
}

/// Text that names no status.
package struct EventStatusError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text as given.
  package let text: String

  /// `'opn' is not one of open, closed, all`.
  package var description: String { "'\(text)' is not one of \(EventStatus.words.joined(separator: ", "))" }
}
