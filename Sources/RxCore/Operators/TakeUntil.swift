extension ObservableType {
  /// The source's values until `other` emits a value; then completes.
  ///
  /// An error from `other` ends the sequence with that error; `other` completing without a value only
  /// releases it, and the source goes on. `other` is subscribed before the source.
  public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
    TakeUntil(source: asObservable(), other: other.asObservable())
  }
}

private final class TakeUntil<Element, Other>: Producer<Element> {
  private let source: Observable<Element>
  private let other: Observable<Other>

  init(source: Observable<Element>, other: Observable<Other>) {
    self.source = source
    self.other = other
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = TakeUntilSink<Observer, Other>(observer: observer, cancel: cancel)
    sink.otherSubscription.setDisposable(other.subscribe(TakeUntilOtherObserver(sink: sink)))
    let sourceSubscription = source.subscribe(sink)
    return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
  }
}

// Both sources' events are serialised by `gate`; nothing else is mutable.
private final class TakeUntilSink<Observer: ObserverType, Other>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  typealias Element = Observer.Element

  enum Message {
    case source(Event<Element>)
    case other(Event<Other>)
  }

  private let gate = SerialGate<Message>()
  let otherSubscription = SingleAssignmentDisposable()

  func on(_ event: Event<Element>) {
    gate.send(.source(event)) { handle($0) }
  }

  func onOther(_ event: Event<Other>) {
    gate.send(.other(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .source(let event):
      if event.isStopEvent {
        forwardTerminal(event)
      } else {
        forwardOn(event)
      }
    case .other(.next):
      forwardTerminal(.completed)
    case .other(.error(let error)):
      forwardTerminal(.error(error))
    case .other(.completed):
      otherSubscription.dispose()
    }
  }
}

private struct TakeUntilOtherObserver<Observer: ObserverType, Other>: ObserverType {
  let sink: TakeUntilSink<Observer, Other>

  func on(_ event: Event<Other>) { sink.onOther(event) }
}
