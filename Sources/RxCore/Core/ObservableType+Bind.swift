extension ObservableType {
  /// Sends every value to each observer. An error is a programming error: bindings must not fail.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    subscribe { event in
      if case .error(let error) = event { bindingError(error) }
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every value to each observer of optionals.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    map { $0 as Element? }.subscribe { event in
      if case .error(let error) = event { bindingError(error) }
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends) and an error is a
  /// programming error.
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    bindValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
    bindValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays; completion is dropped and an error is a programming error.
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    bindValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
    bindValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends) and an error is a
  /// programming error.
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    bindValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
    bindValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Calls `accept` with every value; completion is dropped and an error is a programming error (the
  /// plumbing of `bind(to:)` for relays).
  func bindValues(_ accept: @escaping (Element) -> Void) -> Disposable {
    // Through `asObservable()`, as RxSwift does, so that any source is released when it completes.
    asObservable().subscribe { event in
      switch event {
      case .next(let value): accept(value)
      case .error(let error): bindingError(error)
      case .completed: break
      }
    }
  }

  /// Calls `binder` with this sequence and returns what it returns.
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Calls `binder` with this sequence, then what it returns with `argument`.
  public func bind<Argument, Result>(to binder: (Self) -> (Argument) -> Result, _ argument: Argument)
    -> Result
  {
    binder(self)(argument)
  }

  /// Calls `onNext` for each value; an error is a programming error.
  public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
    subscribe(onNext: onNext, onError: { bindingError($0) })
  }

  /// Calls `onNext` with `object` and each value, as long as `object` is alive; it is held weakly, so
  /// the binding never keeps it alive. An error is a programming error.
  public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void)
    -> Disposable
  {
    subscribe(
      onNext: { [weak object] value in
        guard let object else { return }
        onNext(object, value)
      },
      onError: { bindingError($0) })
  }
}

func bindingError(_ error: Swift.Error, file: StaticString = #file, line: UInt = #line) {
  #if DEBUG
    rxFatalError("binding error: \(error)", file: file, line: line)
  #else
    print("RxCore: binding error: \(error)")
  #endif
}
