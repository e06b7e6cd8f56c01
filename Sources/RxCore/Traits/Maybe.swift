/// The contract of ``Maybe``: one value, or completion without a value, or an error.
public enum MaybeTrait {}

/// A sequence that produces at most one value, like RxSwift's `Maybe`: it succeeds with a value,
/// completes empty, or fails.
///
/// ```swift
/// let cached = Maybe<String>.create { maybe in
///   if let hit = cache["key"] { maybe(.success(hit)) } else { maybe(.completed) }
///   return Disposables.create()
/// }
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` produces.
@frozen
public enum MaybeEvent<Element> {
  /// The value; the maybe is over.
  case success(Element)
  /// The error; the maybe is over.
  case error(Swift.Error)
  /// Completion without a value.
  case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// The callback that `create` hands to its closure.
  public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

  /// A maybe whose subscriptions run `subscribe`.
  ///
  /// Only the first call of the observer counts; the disposable `subscribe` returned is disposed once the
  /// maybe has produced its event.
  /// - Parameter subscribe: Starts the work for one subscriber and returns what cancels it.
  /// - Returns: The maybe.
  public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
    Maybe(raw: outcomeSource(subscribe))
  }

  /// Subscribes `observer`, which receives exactly one event.
  public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
    primitiveSequence.source.subscribe(
      FirstEventObserver { event in
        switch event {
        case .next(let element): observer(.success(element))
        case .error(let error): observer(.error(error))
        case .completed: observer(.completed)
        }
      })
  }

  /// Subscribes closures for the value, the error, empty completion and the disposal.
  ///
  /// Exactly one of `onSuccess`, `onError` and `onCompleted` runs, then `onDisposed` (which also runs
  /// when the subscription is disposed first). An error with no `onError` goes to
  /// ``Hooks/defaultErrorHandler``.
  /// ```swift
  /// cached.subscribe(onSuccess: { show($0) }, onCompleted: { showPlaceholder() })
  /// ```
  /// - Parameters:
  ///   - onSuccess: Receives the value.
  ///   - onError: Receives the error.
  ///   - onCompleted: Runs when the maybe completes without a value.
  ///   - onDisposed: Runs when the subscription ends for any reason.
  /// - Returns: The subscription.
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    subscribeFirstEvent(
      primitiveSequence.source, onValue: onSuccess, onError: onError, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }

  /// Like ``subscribe(onSuccess:onError:onCompleted:onDisposed:)``, passing `object` to each closure
  /// without retaining it; nothing is called once `object` is gone.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onSuccess: weakly(object, onSuccess),
      onError: weakly(object, onError),
      onCompleted: weakly(object, onCompleted),
      onDisposed: weakly(object, onDisposed))
  }
}

// MARK: - Making maybes

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// A maybe of `element`, produced during subscription.
  public static func just(_ element: Element) -> Maybe<Element> {
    Maybe(raw: Observable.just(element))
  }

  /// A maybe of `element`, produced on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
    Maybe(raw: Observable.just(element, scheduler: scheduler))
  }

  /// A maybe that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> Maybe<Element> {
    Maybe(raw: Observable.error(error))
  }

  /// A maybe that never produces anything.
  public static func never() -> Maybe<Element> {
    Maybe(raw: Observable.never())
  }

  /// A maybe that completes at once without a value.
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }
}

// MARK: - Operators

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// Runs side effects for the events and the lifetime of each subscription.
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Maybe<Element> {
    Maybe(
      raw: primitiveSequence.source.do(
        onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
        onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
        onSubscribed: onSubscribed, onDispose: onDispose))
  }

  /// The value when `predicate` accepts it, else empty.
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// The value transformed by `transform`; a thrown error becomes the maybe's error.
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.map(transform))
  }

  /// The non-`nil` result of `transform`, else empty.
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// Continues with the maybe `selector` makes from the value; empty stays empty.
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.flatMap(selector))
  }

  /// A single of the value, or of `default` when the maybe is empty.
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
  }

  /// Continues with `other` when the maybe is empty.
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }

  /// Continues with the single `other` when the maybe is empty.
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }

  /// Succeeds with `element` when this maybe fails.
  public func catchAndReturn(_ element: Element) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.catchAndReturn(element))
  }
}

// MARK: - Zip

// `Maybe.zip` of 2 to 8 maybes is generated, in `Maybe+Zip+Arity.swift`.
