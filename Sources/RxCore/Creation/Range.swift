extension ObservableType where Element: RxAbstractInteger {
  /// The integers `start`, `start + 1`, …, `count` of them, then completion.
  ///
  /// Sent on `scheduler` like `from(_:scheduler:)`: one trampoline step per value by default.
  public static func range(
    start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    precondition(count >= 0, "RxCore: range needs a count of zero or more, got \(count)")
    return ObservableSequence(
      SequenceElements(RangeSequence(start: start, count: count)), scheduler: scheduler)
  }
}

extension ObservableType {
  /// The same value for ever, sent on `scheduler` (the current thread's trampoline by default).
  ///
  /// Combine it with an operator that ends it, such as `take(_:)`.
  public static func repeatElement(
    _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    ObservableSequence(SequenceElements(Swift.repeatElement(element, count: Int.max)), scheduler: scheduler)
  }
}

/// `count` integers from `start`, without overflowing past the last one.
private struct RangeSequence<Value: RxAbstractInteger>: Sequence, IteratorProtocol {
  private var upcoming: Value
  private var remaining: Value

  init(start: Value, count: Value) {
    upcoming = start
    remaining = count
  }

  mutating func next() -> Value? {
    guard remaining > 0 else { return nil }
    let value = upcoming
    remaining -= 1
    if remaining > 0 { upcoming += 1 }
    return value
  }
}
