// The operators of `Infallible`. Each wraps the observable operator of the same name; closures cannot
// throw, so no operator can introduce an error. As in RxSwift, the operators that take other sequences
// accept any `ObservableConvertibleType`: the caller promises that those never fail either.

extension InfallibleType {
  /// The values `predicate` accepts.
  public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
    Infallible(asObservable().filter(predicate))
  }

  /// Each value transformed by `transform`.
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
    Infallible(asObservable().map(transform))
  }

  /// The non-`nil` results of `transform`.
  public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
    Infallible(asObservable().compactMap(transform))
  }

  /// Drops each value equal (by `comparer`) to the one before it.
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> Infallible<Element> {
    Infallible(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops each value whose key equals the previous value's key.
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> Infallible<
    Element
  > {
    Infallible(asObservable().distinctUntilChanged(keySelector))
  }

  /// Sends a value only after `dueTime` passed without another one.
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
    Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
  }

  /// Sends at most one value per `dueTime`.
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
    -> Infallible<Element>
  {
    Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
  }

  /// Merges the infallibles `selector` makes from the values.
  public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
    -> Infallible<
      Source.Element
    >
  {
    Infallible<Source.Element>(asObservable().flatMap(selector))
  }

  /// Sends the values of the infallible made from the latest value only.
  public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(asObservable().flatMapLatest(selector))
  }

  /// Sends the values of the infallible made from a value only while none runs; values arriving meanwhile
  /// are dropped.
  public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(asObservable().flatMapFirst(selector))
  }

  /// Concatenates the infallibles `selector` makes from the values.
  public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
    -> Infallible<
      Source.Element
    >
  {
    Infallible<Source.Element>(asObservable().concatMap(selector))
  }

  /// This sequence, then `second`.
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
  where Source.Element == Element {
    Infallible(asObservable().concat(second.asObservable()))
  }

  /// Runs side effects for the events and the lifetime of each subscription.
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Infallible<Element> {
    Infallible(
      asObservable().do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
  }

  /// Each intermediate result of folding the values into `seed`.
  public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
    Infallible<Seed>(asObservable().scan(seed, accumulator: accumulator))
  }

  /// Each intermediate result of folding the values into `seed` in place.
  public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<
    Seed
  > {
    Infallible<Seed>(asObservable().scan(into: seed, accumulator: accumulator))
  }

  /// `element` first, then this sequence.
  public func startWith(_ element: Element) -> Infallible<Element> {
    Infallible(asObservable().startWith(element))
  }

  /// The first `count` values, then completion.
  public func take(_ count: Int) -> Infallible<Element> {
    Infallible(asObservable().take(count))
  }

  /// The values until `other` sends a value.
  public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
    Infallible(asObservable().take(until: other.asObservable()))
  }

  /// The values until `other` sends a value (an error of `other` would end the infallible: the caller
  /// promises there is none).
  public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
    Infallible(asObservable().take(until: other))
  }

  /// The values from the first one `predicate` refuses on.
  public func skip(while predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
    Infallible(asObservable().skip(while: predicate))
  }

  /// Shares one subscription among all subscribers (see ``ObservableType/share(replay:scope:)``).
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
    Infallible(asObservable().share(replay: replay, scope: scope))
  }

  /// Each value combined with the latest value of `second`.
  public func withLatestFrom<Source: InfallibleType, Result>(
    _ second: Source, resultSelector: @escaping (Element, Source.Element) -> Result
  ) -> Infallible<Result> {
    Infallible<Result>(asObservable().withLatestFrom(second, resultSelector: resultSelector))
  }

  /// The latest value of `second` at each value.
  public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
    Infallible<Source.Element>(asObservable().withLatestFrom(second))
  }
}

extension InfallibleType where Element: Equatable {
  /// Drops each value equal to the one before it.
  public func distinctUntilChanged() -> Infallible<Element> {
    Infallible(asObservable().distinctUntilChanged())
  }
}

extension Infallible {
  /// Merges the values of every infallible of `sources`.
  public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
    Infallible(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the values of every infallible of `sources`.
  public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
    Infallible(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Concatenates the infallibles of `sources`.
  public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
    Infallible(Observable.concat(sources.map { $0.asObservable() }))
  }
}

// MARK: - Binding

extension InfallibleType {
  /// Sends every event to each observer.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    asObservable().subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every event to each observer of optionals.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    asObservable().map { $0 as Element? }.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Calls `binder` with this sequence and returns what it returns.
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Calls `onNext` for each value.
  public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
    subscribe(onNext: onNext)
  }

  /// Sends every value to the relays.
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    subscribe(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays.
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    subscribe(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays.
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    subscribe(onNext: { value in relays.forEach { $0.accept(value) } })
  }
}
