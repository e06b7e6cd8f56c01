extension ObservableType {
  /// Maps a value to an observable sequence only while no inner sequence is running, and sends the
  /// values of that one; values arriving meanwhile are dropped (`selector` is not called for them).
  ///
  /// Completes once this sequence and the running inner sequence completed; any error (of this
  /// sequence, of the inner sequence, or thrown by `selector`) ends the result at once.
  /// ```swift
  /// // A tap while a request runs is ignored rather than queued or restarting it.
  /// taps.flatMapFirst { api.refresh() }
  /// ```
  /// - Parameter selector: Makes the inner sequence for a value that arrives while none runs.
  /// - Returns: The values of the inner sequences, one inner sequence at a time.
  public func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    FlatMap(source: asObservable(), rule: .first, selector: selector)
  }
}

/// Every event, outer and inner, is handled inside `gate`, so `active` and `stopped` are touched by one
/// thread at a time; the subscriptions are thread-safe disposables, reachable for disposal from any
/// thread.
final class FlatMapFirstSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
  SelectingSink<SourceElement, Inner, Observer>, ObserverType
where Observer.Element == Inner.Element {
  typealias Element = SourceElement

  enum Message {
    case outer(Event<SourceElement>)
    case inner(Event<Inner.Element>)
  }

  private let gate = SerialGate<Message>()
  private let innerSubscription = SerialDisposable()

  // Gate-protected state.
  private var active = false
  private var stopped = false

  func run(_ source: Observable<SourceElement>) -> Disposable {
    outerSubscription.setDisposable(source.subscribe(self))
    return Disposables.create(outerSubscription, innerSubscription)
  }

  func on(_ event: Event<SourceElement>) {
    gate.send(.outer(event)) { handle($0) }
  }

  func innerOn(_ event: Event<Inner.Element>) {
    gate.send(.inner(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .outer(.next(let value)):
      outerNext(value)
    case .outer(.error(let error)), .inner(.error(let error)):
      forwardError(error)
    case .outer(.completed):
      stopped = true
      outerSubscription.dispose()
      if !active { forwardCompleted() }
    case .inner(.next(let value)):
      forwardNext(value)
    case .inner(.completed):
      active = false
      // Releases the finished inner subscription (at once, or as soon as `subscribe` returns it).
      innerSubscription.disposable.dispose()
      if stopped { forwardCompleted() }
    }
  }

  private func outerNext(_ value: SourceElement) {
    if active { return }
    guard let source = innerSequence(for: value) else { return }
    active = true
    let subscription = SingleAssignmentDisposable()
    innerSubscription.disposable = subscription
    subscription.setDisposable(source.subscribe(FlatMapFirstInnerObserver(parent: self)))
  }
}

private struct FlatMapFirstInnerObserver<
  SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType
>: ObserverType where Observer.Element == Inner.Element {
  let parent: FlatMapFirstSink<SourceElement, Inner, Observer>

  func on(_ event: Event<Inner.Element>) { parent.innerOn(event) }
}
