import RxCore

// `SingleEvent` is `Result<Element, Error>`, which the standard library already makes `Equatable` only
// for an `Equatable` error type, so it cannot conform a second time. These operators give Swift Testing
// suites the comparison instead: `#expect(events == [.success(1)])`.

/// `true` when both are successes with equal values, or failures whose errors describe alike.
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
  switch (lhs, rhs) {
  case (.success(let left), .success(let right)): return left == right
  case (.failure(let left), .failure(let right)): return errorsMatch(left, right)
  default: return false
  }
}

/// `true` when the lists have the same length and their events are pairwise equal.
public func == <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

/// The negation of `==` for single events.
public func != <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
  !(lhs == rhs)
}

/// The negation of `==` for lists of single events.
public func != <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
  !(lhs == rhs)
}
