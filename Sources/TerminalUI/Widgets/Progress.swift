/// How much of a batch of work is done: "5/13".
package struct Progress: Hashable, Sendable {
  /// Units finished.
  package var completed: Int
  /// Units in all.
  package var total: Int

  /// Creates a progress figure; `completed` is clamped to `0...total`.
  package init(completed: Int, total: Int) {
    self.total = max(0, total)
    self.completed = min(max(0, completed), self.total)
  }

  /// Completed as a fraction of the total (1 when there is nothing to do).
  package var fraction: Double {
    total == 0 ? 1 : Double(completed) / Double(total)
  }

  /// Whether all the work is done.
  package var isComplete: Bool { completed >= total }
}
