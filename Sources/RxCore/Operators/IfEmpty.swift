extension ObservableType {
  /// The sequence, or `defaultValue` alone when it completes without a value.
  public func ifEmpty(default defaultValue: Element) -> Observable<Element> {
    IfEmpty(source: asObservable(), fallback: .just(defaultValue))
  }

  /// The sequence, or `other` when it completes without a value.
  public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    IfEmpty(source: asObservable(), fallback: other)
  }
}

private final class IfEmpty<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let fallback: Observable<Element>

  init(source: Observable<Element>, fallback: Observable<Element>) {
    self.source = source
    self.fallback = fallback
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = IfEmptySink(fallback: fallback, observer: observer, cancel: cancel)
    return (sink, sink.run(source))
  }
}

/// Forwards the source; on an empty completion, releases the source and switches to the fallback at
/// that tick.
private final class IfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let fallback: Observable<Element>
  private let subscription = SerialDisposable()
  private var isEmpty = true

  init(fallback: Observable<Element>, observer: Observer, cancel: Cancelable) {
    self.fallback = fallback
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<Element>) -> Disposable {
    let first = SingleAssignmentDisposable()
    subscription.disposable = first
    first.setDisposable(source.subscribe(self))
    return subscription
  }

  func _deliverNext(_ element: Element) {
    isEmpty = false
    forwardNext(element)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      _deliverNext(element)
    case .error:
      forwardTerminal(event)
    case .completed:
      if isEmpty {
        subscription.disposable = fallback.subscribe(FallbackObserver(sink: self))
      } else {
        forwardTerminal(event)
      }
    }
  }

  fileprivate func forwardFallback(_ event: Event<Element>) {
    if event.isStopEvent { forwardTerminal(event) } else { forwardOn(event) }
  }
}

private struct FallbackObserver<Observer: ObserverType>: ObserverType {
  let sink: IfEmptySink<Observer>

  func on(_ event: Event<Observer.Element>) { sink.forwardFallback(event) }
}
