extension ObservableType {
  /// A sequence of one value, then completion, delivered during subscription.
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    // Inlinable so that the caller, which knows `Element`, has the metadata of `Just<Element>` at hand
    // instead of looking it up at run time on every call (`flatMap { .just($0) }` makes one per value).
    Just(element)
  }

  /// A sequence of one value, then completion, delivered on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ObservableSequence(ArrayElements([element]), scheduler: scheduler)
  }
}

@usableFromInline
final class Just<Element>: Producer<Element> {
  private let element: Element

  @usableFromInline
  init(_ element: Element) { self.element = element }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    observer._deliverNext(element)
    observer.on(.completed)
    return Disposables.create()
  }
}
