extension ObservableType {
  /// Drops the source's values until `other` emits a value, then sends them all.
  ///
  /// An error from `other` ends the sequence with that error; `other` completing without a value only
  /// releases it. As in RxSwift, a source that completes before `other` emitted ends the subscription
  /// without a completion event.
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    SkipUntil(source: asObservable(), other: other.asObservable())
  }
}

private final class SkipUntil<Element, Other>: Producer<Element> {
  private let source: Observable<Element>
  private let other: Observable<Other>

  init(source: Observable<Element>, other: Observable<Other>) {
    self.source = source
    self.other = other
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = SkipUntilSink<Observer, Other>(observer: observer, cancel: cancel)
    let sourceSubscription = source.subscribe(sink)
    sink.otherSubscription.setDisposable(other.subscribe(SkipUntilOtherObserver(sink: sink)))
    return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
  }
}

// Both sources' events are serialised by `gate`; `open` is only touched inside its handler.
private final class SkipUntilSink<Observer: ObserverType, Other>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  typealias Element = Observer.Element

  enum Message {
    case source(Event<Element>)
    case other(Event<Other>)
  }

  private let gate = SerialGate<Message>()
  let otherSubscription = SingleAssignmentDisposable()
  private var open = false

  func on(_ event: Event<Element>) {
    gate.send(.source(event)) { handle($0) }
  }

  func onOther(_ event: Event<Other>) {
    gate.send(.other(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .source(.next(let value)):
      if open { forwardOn(.next(value)) }
    case .source(.error(let error)):
      forwardTerminal(.error(error))
    case .source(.completed):
      if open {
        forwardTerminal(.completed)
      } else {
        dispose()
      }
    case .other(.next):
      open = true
      otherSubscription.dispose()
    case .other(.error(let error)):
      forwardTerminal(.error(error))
    case .other(.completed):
      otherSubscription.dispose()
    }
  }
}

private struct SkipUntilOtherObserver<Observer: ObserverType, Other>: ObserverType {
  let sink: SkipUntilSink<Observer, Other>

  func on(_ event: Event<Other>) { sink.onOther(event) }
}
