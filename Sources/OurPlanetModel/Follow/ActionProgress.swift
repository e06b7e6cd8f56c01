import EONETKit
import Foundation

/// Which of one change's actions `watch` has finished: kept in `actions.json` beside
/// `announced.json`, so a restart after a kill -9 re-runs only the action it cut, never one that
/// ran to its end.
///
/// `announced.json` is committed once a change's every action has run; before that, each action
/// that ends is added here and committed at once. On restart the same change (the same event, kind
/// of change and fingerprint) skips what this lists; an event that changed again meanwhile is a
/// new change, and everything runs for it.
///
/// ```swift
/// var progress = ActionProgress(event, change: .new)
/// if !progress.hasDone("exec") { run(); progress.done.append("exec"); file.write(progress) }
/// ```
package struct ActionProgress: Codable, Sendable, Equatable {
  /// The event's id.
  package var event: String
  /// The kind of change.
  package var change: String
  /// The event as it was announced.
  package var fingerprint: EventFingerprint
  /// The finished actions' names (`exec`, `alert:fires near home:notify`), in the order they ran.
  package var done: [String]

  /// No action done yet for `change` of `event`.
  package init(_ event: EOEvent, change: EventChange) {
    self.event = event.id
    self.change = change.rawValue
    fingerprint = EventFingerprint(event)
    done = []
  }

  /// Whether this is the progress of `change` of `event` as it is now.
  package func isFor(_ event: EOEvent, change: EventChange) -> Bool {
    self.event == event.id && self.change == change.rawValue && fingerprint == EventFingerprint(event)
  }

  /// Whether the action `name` has finished.
  package func hasDone(_ name: String) -> Bool {
    done.contains(name)
  }
}
