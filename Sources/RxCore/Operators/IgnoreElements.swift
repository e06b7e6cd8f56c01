extension ObservableType {
  /// Drops every value and passes on only how the sequence ends.
  ///
  /// As in RxSwift 6 the result is an `Observable<Never>`, which ``ObservableType/asCompletable()``
  /// turns into a ``Completable``.
  /// ```swift
  /// upload.ignoreElements().asCompletable()
  /// ```
  public func ignoreElements() -> Observable<Never> {
    IgnoreElements(source: asObservable())
  }
}

extension ObservableType where Element == Never {
  /// The sequence as a ``Completable``.
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}

private final class IgnoreElements<SourceElement>: Producer<Never> {
  private let source: Observable<SourceElement>

  init(source: Observable<SourceElement>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Never {
    let sink = IgnoreElementsSink<SourceElement, Observer>(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class IgnoreElementsSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Never {
  func _deliverNext(_ value: SourceElement) {}

  func on(_ event: Event<SourceElement>) {
    switch event {
    case .next: break
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
