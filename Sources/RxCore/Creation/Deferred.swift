extension ObservableType {
  /// A sequence made anew by `observableFactory` for each subscriber; a thrown error becomes the
  /// subscriber's error.
  public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>)
    -> Observable<Element>
  {
    Deferred(observableFactory)
  }
}

private final class Deferred<Element>: Producer<Element> {
  private let factory: () throws -> Observable<Element>

  init(_ factory: @escaping () throws -> Observable<Element>) { self.factory = factory }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    do {
      let source = try factory()
      return (sink, source.subscribe(sink))
    } catch {
      sink.forwardTerminal(.error(error))
      return (sink, Disposables.create())
    }
  }
}
