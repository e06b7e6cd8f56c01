extension ObservableType {
  /// Combines each value with `object`, held weakly, through `resultSelector`; completes as soon as a
  /// value arrives after `object` is gone.
  ///
  /// ```swift
  /// taps.withUnretained(self) { owner, _ in owner.title }
  /// ```
  /// - Parameters:
  ///   - object: The object to pass along without retaining it.
  ///   - resultSelector: Combines the object and a value.
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) -> Out
  ) -> Observable<Out> {
    WithUnretained(source: asObservable(), object: object, resultSelector: resultSelector)
  }

  /// Pairs each value with `object`, held weakly; completes as soon as a value arrives after `object` is
  /// gone.
  ///
  /// ```swift
  /// taps.withUnretained(self).subscribe(onNext: { owner, _ in owner.refresh() })
  /// ```
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
    WithUnretained(source: asObservable(), object: object, resultSelector: { ($0, $1) })
  }
}

extension InfallibleType {
  /// Combines each value with `object`, held weakly; completes once `object` is gone.
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) -> Out
  ) -> Infallible<Out> {
    Infallible(asObservable().withUnretained(object, resultSelector: resultSelector))
  }

  /// Pairs each value with `object`, held weakly; completes once `object` is gone.
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
    Infallible(asObservable().withUnretained(object))
  }
}

private final class WithUnretained<Element, Object: AnyObject, Out>: Producer<Out> {
  private let source: Observable<Element>
  private weak var object: Object?
  private let resultSelector: (Object, Element) -> Out

  init(source: Observable<Element>, object: Object, resultSelector: @escaping (Object, Element) -> Out) {
    self.source = source
    self.object = object
    self.resultSelector = resultSelector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Out {
    let sink = WithUnretainedSink<Element, Object, Observer>(
      object: object, resultSelector: resultSelector, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class WithUnretainedSink<Element, Object: AnyObject, Observer: ObserverType>: Sink<Observer>,
  ObserverType
{
  private weak var object: Object?
  private let resultSelector: (Object, Element) -> Observer.Element

  init(
    object: Object?, resultSelector: @escaping (Object, Element) -> Observer.Element, observer: Observer,
    cancel: Cancelable
  ) {
    self.object = object
    self.resultSelector = resultSelector
    super.init(observer: observer, cancel: cancel)
  }

  func _deliverNext(_ value: Element) {
    guard let object else {
      forwardCompleted()
      return
    }
    forwardNext(resultSelector(object, value))
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value): _deliverNext(value)
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
