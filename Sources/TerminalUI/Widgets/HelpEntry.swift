/// One line of the help overlay: the keys and what they do.
public struct HelpEntry: Hashable, Sendable {
  /// The keys, as the user types them ("↑/↓ k/j").
  public var keys: String
  /// What they do ("move").
  public var action: String

  /// Creates an entry.
  public init(keys: String, action: String) {
    self.keys = keys
    self.action = action
  }
}
