extension ObservableType {
  /// An observable sequence whose subscriptions run `subscribe`.
  ///
  /// The observer passed to `subscribe` enforces the grammar: events after a terminal event are
  /// dropped, and the subscription is released when the sequence terminates.
  /// Example:
  /// ```swift
  /// let numbers = Observable<Int>.create { observer in
  ///   observer.onNext(1)
  ///   observer.onCompleted()
  ///   return Disposables.create()
  /// }
  /// ```
  public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<
    Element
  > {
    AnonymousObservable(subscribe)
  }
}

final class AnonymousObservable<Element>: Producer<Element> {
  private let subscribeHandler: (AnyObserver<Element>) -> Disposable

  init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
    self.subscribeHandler = subscribeHandler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = AnonymousSink(observer: observer, cancel: cancel)
    let subscription = subscribeHandler(AnyObserver(sink))
    return (sink, subscription)
  }
}

private final class AnonymousSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private var stopped = false

  func _deliverNext(_ element: Element) {
    if stopped { return }
    forwardNext(element)
  }

  func on(_ event: Event<Element>) {
    if stopped { return }
    switch event {
    case .next:
      forwardOn(event)
    case .error, .completed:
      stopped = true
      forwardTerminal(event)
    }
  }
}
