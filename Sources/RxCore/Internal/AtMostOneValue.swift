/// The producer of `asSingle()` and `asMaybe()`: the source's only value, sent when it completes.
///
/// A second value fails the result with `RxError.moreThanOneElement` at once (releasing the source);
/// completing empty fails it with `RxError.noElements` when `requiresValue`, else completes it.
final class AtMostOneValue<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let requiresValue: Bool

  init(source: Observable<Element>, requiresValue: Bool) {
    self.source = source
    self.requiresValue = requiresValue
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = AtMostOneValueSink(requiresValue: requiresValue, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `value` is only touched by one event at a time.
private final class AtMostOneValueSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  private let requiresValue: Bool
  private var value: Observer.Element?

  init(requiresValue: Bool, observer: Observer, cancel: Cancelable) {
    self.requiresValue = requiresValue
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      if value != nil {
        forwardError(RxError.moreThanOneElement)
        return
      }
      value = element
    case .error(let error):
      forwardError(error)
    case .completed:
      guard let value else {
        if requiresValue {
          forwardError(RxError.noElements)
        } else {
          forwardCompleted()
        }
        return
      }
      self.value = nil
      forwardNext(value)
      forwardCompleted()
    }
  }
}
