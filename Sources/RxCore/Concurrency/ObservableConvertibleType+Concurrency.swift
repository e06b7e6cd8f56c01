extension ObservableConvertibleType {
  /// The sequence's values as an `AsyncThrowingSequence`, for `for try await`.
  ///
  /// Each iteration subscribes once. The loop ends when the sequence completes and throws its error
  /// when it fails; cancelling the iterating task disposes the subscription, and a subscription
  /// disposed from elsewhere ends the loop with `CancellationError`. Values are buffered without limit
  /// while the loop is busy, as in RxSwift.
  ///
  /// ```swift
  /// for try await event in client.events(in: .wildfires).values {
  ///   print(event.title)
  /// }
  /// ```
  public var values: AsyncThrowingStream<Element, Swift.Error> {
    let source = asObservable()
    return AsyncThrowingStream { continuation in
      // A stream ignores everything after its first finish, so the disposal hook can always try: it only
      // counts when the subscription ended without completing or failing.
      let subscription = source.subscribe(
        onNext: { continuation.yield(handOver($0)) },
        onError: { continuation.finish(throwing: $0) },
        onCompleted: { continuation.finish() },
        onDisposed: { continuation.finish(throwing: CancellationError()) })
      continuation.onTermination = disposeOnCancel(subscription)
    }
  }
}

/// The values of a sequence that cannot fail, as an `AsyncStream`; shared by ``Infallible`` and
/// ``SharedSequence``.
func nonThrowingValues<Element>(of source: Observable<Element>) -> AsyncStream<Element> {
  AsyncStream { continuation in
    let subscription = source.subscribe(
      onNext: { continuation.yield(handOver($0)) },
      onCompleted: { continuation.finish() },
      onDisposed: { continuation.finish() })
    continuation.onTermination = disposeOnCancel(subscription)
  }
}

/// The termination handler of a bridged stream: a cancelled loop disposes its subscription.
private func disposeOnCancel<Termination>(_ subscription: Disposable) -> @Sendable (Termination) -> Void {
  // The subscription is only disposed here, and disposing is thread-safe in RxCore.
  let box = UncheckedSendable(subscription)
  return { _ in box.value.dispose() }
}

/// Lets a value cross into a stream or a continuation, which take it `sending`.
///
/// The observer hands each value over and keeps no reference to it; whether the value itself may be
/// shared between threads is the element type's business, as everywhere else in RxCore.
@inline(__always)
func handOver<Value>(_ value: Value) -> sending Value {
  UncheckedSendable(value).value
}
