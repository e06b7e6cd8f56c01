/// A subject's events, handed out by an operator whose source subscription is a ``SharedSubscription``:
/// each subscriber holds a handle of it until it unsubscribes or the subject terminates.
///
/// The windows of `window(timeSpan:count:scheduler:)` and the groups of `groupBy(keySelector:)` are
/// these, so the source keeps running while any of them is subscribed.
final class RetainingObservable<Element>: Producer<Element> {
  private let subject: PublishSubject<Element>
  private let shared: SharedSubscription

  init(subject: PublishSubject<Element>, shared: SharedSubscription) {
    self.subject = subject
    self.shared = shared
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let handle = shared.retain()
    let sink = RetainingSink(observer: observer, cancel: cancel)
    return (sink, Disposables.create(handle, subject.subscribe(sink)))
  }
}

/// Passes the subject's events on; a terminal event also lets go of the handle.
private final class RetainingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  func _deliverNext(_ value: Observer.Element) { forwardNext(value) }

  func on(_ event: Event<Observer.Element>) {
    if case .next(let value) = event {
      forwardNext(value)
    } else {
      forwardTerminal(event)
    }
  }
}
