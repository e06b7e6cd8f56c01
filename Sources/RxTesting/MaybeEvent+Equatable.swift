import RxCore

/// Maybe events are equal when their kinds and values are; errors are compared by their description,
/// as for ``RxCore/Event``.
extension MaybeEvent: Equatable where Element: Equatable {
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}
