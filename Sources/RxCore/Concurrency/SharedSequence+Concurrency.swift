extension SharedSequence {
  /// The values of a ``Driver`` or ``Signal`` as an `AsyncSequence` that cannot throw, for `for await`.
  ///
  /// The values arrive on the sequence's scheduler and are handed to the loop from there; cancelling
  /// the iterating task disposes the subscription.
  ///
  /// ```swift
  /// for await title in viewModel.title.values { print(title) }
  /// ```
  public var values: AsyncStream<Element> {
    nonThrowingValues(of: asObservable())
  }
}
