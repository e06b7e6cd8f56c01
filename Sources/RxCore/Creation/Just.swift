extension ObservableType {
  /// A sequence of one value, then completion, delivered during subscription.
  public static func just(_ element: Element) -> Observable<Element> {
    Just(element)
  }

  /// A sequence of one value, then completion, delivered on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ObservableSequence(ArrayElements([element]), scheduler: scheduler)
  }
}

private final class Just<Element>: Producer<Element> {
  private let element: Element

  init(_ element: Element) { self.element = element }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    observer._deliverNext(element)
    observer.on(.completed)
    return Disposables.create()
  }
}
