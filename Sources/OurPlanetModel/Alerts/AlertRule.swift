import EONETKit
import Foundation

/// One `[[alert]]` of the config file: which changes it is about, and what to do for each.
///
/// Where, which categories and which magnitudes are an ``EventScope`` (its region, categories and
/// magnitude bounds), so an alert and a list filter agree on what "within 300 km" or "over 1,000
/// acres" means; the rule adds only the kinds of change it fires on. The days window is not the
/// rule's: `watch` looks at its own.
///
/// ```toml
/// [[alert]]
/// name = "fires near home"
/// near = "home"
/// categories = ["wildfires"]
/// min-magnitude = 1000
/// changes = ["new", "updated"]
/// exec = ["/usr/local/bin/page-me", "--urgent"]
/// ```
package struct AlertRule: Equatable, Sendable {
  /// The name the rule is shown and told by (`[fires near home]`), unique among the rules.
  package let name: String
  /// The events it is about: region, categories, magnitude bounds (the window is not used).
  package let scope: EventScope
  /// What `near` said (a place's name or coordinates), for messages; `nil` without one.
  package let place: String?
  /// The kinds of change it fires on.
  package let changes: Set<EventChange>
  /// Whether a matching change rings the terminal bell.
  package let bell: Bool
  /// Whether a matching change shows a desktop notification (`notify-send`).
  package let notify: Bool
  /// The program and its arguments run for a matching change (no shell); `nil`: none.
  package let exec: [String]?
  /// The line of the rule's `[[alert]]` header, for messages about it.
  package let line: Int

  /// A rule of the given parts.
  package init(
    name: String, scope: EventScope, place: String? = nil,
    changes: Set<EventChange> = Set(EventChange.allCases),
    bell: Bool = false, notify: Bool = false, exec: [String]? = nil, line: Int = 0
  ) {
    self.name = name
    self.scope = scope
    self.place = place
    self.changes = changes
    self.bell = bell
    self.notify = notify
    self.exec = exec
    self.line = line
  }

  /// Whether `change` of `event` is one this rule fires on: a kind it names, and the event inside
  /// its scope (``EventScope/containsIgnoringWindow(_:title:)``).
  package func matches(_ event: EOEvent, change: EventChange) -> Bool {
    changes.contains(change) && scope.containsIgnoringWindow(event)
  }

  /// Whether the UI marks `event` for this rule, whatever changed: an open event when the rule
  /// fires on new or updated events, a closed one when it fires on closings; and the event inside
  /// its scope.
  package func marks(_ event: EOEvent) -> Bool {
    let kinds: Set<EventChange> = event.isOpen ? [.new, .updated] : [.closed]
    return !changes.isDisjoint(with: kinds) && scope.containsIgnoringWindow(event)
  }
}
