/// One line of the help overlay: the keys and what they do.
package struct HelpEntry: Hashable, Sendable {
  /// The keys, as the user types them ("↑/↓ k/j").
  package var keys: String
  /// What they do ("move").
  package var action: String
  /// Whether it is a group's heading ("Navigate", in `keys`): drawn apart, with a blank row before it.
  package var isHeading: Bool

  /// Creates an entry.
  package init(keys: String, action: String, isHeading: Bool = false) {
    self.keys = keys
    self.action = action
    self.isHeading = isHeading
  }
}
