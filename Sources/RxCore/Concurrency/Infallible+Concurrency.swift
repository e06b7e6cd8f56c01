extension InfallibleType {
  /// The sequence's values as an `AsyncSequence` that cannot throw, for `for await`.
  ///
  /// The loop ends when the sequence completes or its subscription is disposed; cancelling the
  /// iterating task disposes the subscription.
  ///
  /// ```swift
  /// for await count in relay.asInfallible().values { print(count) }
  /// ```
  public var values: AsyncStream<Element> {
    nonThrowingValues(of: asObservable())
  }
}
