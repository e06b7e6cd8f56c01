/// The contract of ``Single``: exactly one value, or an error.
public enum SingleTrait {}

/// A sequence that produces exactly one value or an error, like RxSwift's `Single`.
///
/// ```swift
/// let request = Single<Int>.create { single in
///   single(.success(42))
///   return Disposables.create()
/// }
/// request.map { $0 * 2 }.subscribe(onSuccess: { print($0) }, onFailure: { print($0) })
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` produces: its value or its error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// The callback that `create` hands to its closure.
  public typealias SingleObserver = (SingleEvent<Element>) -> Void

  /// A single whose subscriptions run `subscribe`.
  ///
  /// Only the first call of the observer counts: a second `.success` or a `.failure` after a success is
  /// ignored, and the disposable `subscribe` returned is disposed once the single has produced its event.
  /// ```swift
  /// Single<String>.create { single in
  ///   single(.success("done"))
  ///   return Disposables.create()
  /// }
  /// ```
  /// - Parameter subscribe: Starts the work for one subscriber and returns what cancels it.
  /// - Returns: The single.
  public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element>
  {
    let source = outcomeSource { (report: @escaping (MaybeEvent<Element>) -> Void) in
      subscribe { result in
        switch result {
        case .success(let element): report(.success(element))
        case .failure(let error): report(.error(error))
        }
      }
    }
    return PrimitiveSequence(raw: source)
  }

  /// Subscribes `observer`, which receives exactly one event.
  ///
  /// - Returns: The subscription; disposing it cancels the work.
  public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
    primitiveSequence.source.subscribe(
      FirstEventObserver { event in
        switch event {
        case .next(let element):
          observer(.success(element))
        case .error(let error):
          observer(.failure(error))
        case .completed:
          singleContractViolation()
        }
      })
  }

  /// Subscribes closures for the value, the error and the disposal.
  ///
  /// `onDisposed` runs once: right after `onSuccess` or `onFailure`, or when the subscription is
  /// disposed first. An error with no `onFailure` goes to ``Hooks/defaultErrorHandler``.
  /// ```swift
  /// fetchUser.subscribe(onSuccess: { show($0) }, onFailure: { report($0) }).disposed(by: bag)
  /// ```
  /// - Parameters:
  ///   - onSuccess: Receives the value.
  ///   - onFailure: Receives the error.
  ///   - onDisposed: Runs when the subscription ends for any reason.
  /// - Returns: The subscription.
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onFailure: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    subscribeFirstEvent(
      primitiveSequence.source, onValue: onSuccess, onError: onFailure, onCompleted: singleContractViolation,
      onDisposed: onDisposed)
  }

  /// The RxSwift 5 spelling of ``subscribe(onSuccess:onFailure:onDisposed:)``.
  @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: @escaping (Swift.Error) -> Void,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
  }

  /// Like ``subscribe(onSuccess:onFailure:onDisposed:)``, passing `object` to each closure without
  /// retaining it; nothing is called once `object` is gone.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onFailure: ((Object, Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onSuccess: weakly(object, onSuccess),
      onFailure: weakly(object, onFailure),
      onDisposed: weakly(object, onDisposed))
  }
}

/// A source behind a `Single` completed without a value: a bug in the code that built it.
private func singleContractViolation() {
  #if DEBUG
    rxFatalError("a Single completed without a value")
  #endif
}

// MARK: - Making singles

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// A single of `element`, produced during subscription.
  public static func just(_ element: Element) -> Single<Element> {
    PrimitiveSequence(raw: Observable.just(element))
  }

  /// A single of `element`, produced on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
    PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
  }

  /// A single that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> Single<Element> {
    PrimitiveSequence(raw: Observable.error(error))
  }

  /// A single that never produces anything.
  public static func never() -> Single<Element> {
    PrimitiveSequence(raw: Observable.never())
  }
}

// MARK: - Operators

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// Runs side effects for the value, the error and the lifetime of each subscription.
  ///
  /// See ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
  public func `do`(
    onSuccess: ((Element) throws -> Void)? = nil,
    afterSuccess: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Single<Element> {
    Single(
      raw: primitiveSequence.source.do(
        onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
  }

  /// A maybe of the value when `predicate` accepts it, else empty.
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// A single of the value transformed by `transform`; a thrown error becomes the single's error.
  ///
  /// ```swift
  /// Single.just(2).map { $0 * 10 }  // succeeds with 20
  /// ```
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
    Single(raw: primitiveSequence.source.map(transform))
  }

  /// A maybe of the non-`nil` result of `transform`, else empty.
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// Continues with the single `selector` makes from the value.
  ///
  /// ```swift
  /// userID.flatMap { id in api.profile(for: id) }  // Single<Profile>
  /// ```
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
    Single(raw: primitiveSequence.source.flatMap(selector))
  }

  /// Continues with the maybe `selector` makes from the value.
  public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.flatMap(selector))
  }

  /// Continues with the completable `selector` makes from the value.
  public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
    Completable(raw: primitiveSequence.source.flatMap(selector))
  }

  /// Succeeds with `element` when this single fails.
  public func catchAndReturn(_ element: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.catchAndReturn(element))
  }

  /// The same sequence as a ``Maybe``.
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source)
  }

  /// A completable that completes when this single succeeds, dropping the value.
  public func asCompletable() -> Completable {
    Completable(raw: primitiveSequence.source.ignoreElements())
  }
}

// MARK: - Zip

// `Single.zip` of 2 to 8 singles is generated, in `Single+Zip+Arity.swift`; the collection forms are here.

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// Succeeds with `resultSelector` of every value, in the collection's order, once all succeeded; an
  /// empty collection succeeds with `resultSelector([])`.
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
  ) -> Single<Result> where Collection.Element == Single<Element> {
    if collection.isEmpty {
      return Single<Result>.deferred { Single<Result>.just(try resultSelector([])) }
    }
    return Single(raw: Observable.zip(collection.map { $0.source }, resultSelector: resultSelector))
  }

  /// Succeeds with every value, in the collection's order, once all succeeded; an empty collection
  /// succeeds with `[]`.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Single<[Element]>
  where Collection.Element == Single<Element> {
    if collection.isEmpty { return Single<[Element]>.just([]) }
    return Single(raw: Observable.zip(collection.map { $0.source }))
  }
}
