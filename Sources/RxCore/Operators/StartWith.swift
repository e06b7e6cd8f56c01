extension ObservableType {
  /// Sends `elements` first, then the values of this sequence.
  ///
  /// The values are sent synchronously during subscription, before this sequence is subscribed:
  /// `xs.startWith(1, 2, 3)` sends 1, 2 and 3 in that order, and `.startWith(3).startWith(2)` sends 2, 3.
  public func startWith(_ elements: Element...) -> Observable<Element> {
    StartWith(source: asObservable(), elements: elements)
  }
}

private final class StartWith<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let elements: [Element]

  init(source: Observable<Element>, elements: [Element]) {
    self.source = source
    self.elements = elements
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    // Nothing to adapt afterwards: the source talks to the observer directly.
    for element in elements { observer._deliverNext(element) }
    return (Disposables.create(), source.subscribe(observer))
  }
}
