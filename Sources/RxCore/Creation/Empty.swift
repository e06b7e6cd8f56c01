extension ObservableType {
  /// A sequence that completes at once.
  public static func empty() -> Observable<Element> { EmptyProducer() }

  /// A sequence that never sends anything.
  public static func never() -> Observable<Element> { NeverProducer() }

  /// A sequence that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> Observable<Element> { ErrorProducer(error) }
}

private final class EmptyProducer<Element>: Producer<Element> {
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    observer.on(.completed)
    return Disposables.create()
  }
}

private final class NeverProducer<Element>: Producer<Element> {
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    Disposables.create()
  }
}

private final class ErrorProducer<Element>: Producer<Element> {
  private let error: Swift.Error

  init(_ error: Swift.Error) { self.error = error }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    observer.on(.error(error))
    return Disposables.create()
  }
}
