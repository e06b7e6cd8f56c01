import RxCore

/// Completable events are equal when their kinds are; errors are compared by their description, as
/// for ``RxCore/Event``.
extension CompletableEvent: Equatable {
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}
