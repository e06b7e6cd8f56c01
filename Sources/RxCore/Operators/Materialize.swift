extension ObservableType {
  /// Turns every event, the terminal one included, into a value; then completes.
  ///
  /// The result never fails: an error of this sequence becomes a `.next(.error(…))` followed by
  /// completion.
  /// ```swift
  /// request.materialize()  // Observable<Event<Response>>
  /// ```
  public func materialize() -> Observable<Event<Element>> {
    Materialize(source: asObservable())
  }
}

/// A value that carries an ``Event``, such as an event itself; what ``ObservableType/dematerialize()``
/// unpacks.
public protocol EventConvertible {
  /// The type of the event's value.
  associatedtype Element

  /// The event.
  var event: Event<Element> { get }
}

extension Event: EventConvertible {
  /// The event itself.
  public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
  /// Turns values that carry events back into those events: the inverse of
  /// ``ObservableType/materialize()``.
  ///
  /// A carried terminal event ends the result and releases this sequence.
  public func dematerialize() -> Observable<Element.Element> {
    Dematerialize(source: asObservable())
  }
}

private final class Materialize<Element>: Producer<Event<Element>> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Event<Element> {
    let sink = MaterializeSink<Element, Observer>(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class MaterializeSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Event<Element> {
  func on(_ event: Event<Element>) {
    forwardNext(event)
    if event.isStopEvent { forwardCompleted() }
  }
}

private final class Dematerialize<Carrier: EventConvertible>: Producer<Carrier.Element> {
  private let source: Observable<Carrier>

  init(source: Observable<Carrier>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Carrier.Element {
    let sink = DematerializeSink<Carrier, Observer>(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class DematerializeSink<Carrier: EventConvertible, Observer: ObserverType>: Sink<Observer>,
  ObserverType
where Observer.Element == Carrier.Element {
  func on(_ event: Event<Carrier>) {
    switch event {
    case .next(let carrier):
      let inner = carrier.event
      if inner.isStopEvent {
        forwardTerminal(inner)
      } else {
        forwardOn(inner)
      }
    case .error(let error):
      forwardError(error)
    case .completed:
      forwardCompleted()
    }
  }
}
