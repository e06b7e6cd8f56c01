import RxCore

/// Events are equal when their kinds are and their values are; errors are compared by their
/// description, as RxTest does on Linux.
extension Event: Equatable where Element: Equatable {
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let left), .next(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}

func errorsMatch(_ left: Swift.Error, _ right: Swift.Error) -> Bool {
  String(describing: left) == String(describing: right)
}
