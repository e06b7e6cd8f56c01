/// The contract of ``Completable``: no value, only completion or an error.
public enum CompletableTrait {}

/// A sequence that only completes or fails, like RxSwift's `Completable`.
///
/// ```swift
/// let save = Completable.create { completable in
///   store.write(settings)
///   completable(.completed)
///   return Disposables.create()
/// }
/// save.andThen(Single.just("saved")).subscribe(onSuccess: { print($0) })
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a ``Completable`` produces.
@frozen
public enum CompletableEvent {
  /// The error; the completable is over.
  case error(Swift.Error)
  /// Successful completion.
  case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// The callback that `create` hands to its closure.
  public typealias CompletableObserver = (CompletableEvent) -> Void

  /// A completable whose subscriptions run `subscribe`.
  ///
  /// Only the first call of the observer counts; the disposable `subscribe` returned is disposed once the
  /// completable has ended.
  /// - Parameter subscribe: Starts the work for one subscriber and returns what cancels it.
  /// - Returns: The completable.
  public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable
  {
    let source = AnonymousObservable<Never> { observer in
      subscribe { event in
        switch event {
        case .error(let error): observer.onError(error)
        case .completed: observer.onCompleted()
        }
      }
    }
    return Completable(raw: source)
  }

  /// Subscribes `observer`, which receives exactly one event.
  public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
    primitiveSequence.source.subscribe(
      FirstEventObserver { event in
        switch event {
        case .error(let error): observer(.error(error))
        case .completed: observer(.completed)
        }
      })
  }

  /// Subscribes closures for completion, the error and the disposal.
  ///
  /// Exactly one of `onCompleted` and `onError` runs, then `onDisposed` (which also runs when the
  /// subscription is disposed first). An error with no `onError` goes to ``Hooks/defaultErrorHandler``.
  /// ```swift
  /// save.subscribe(onCompleted: { print("saved") }, onError: { print($0) })
  /// ```
  /// - Parameters:
  ///   - onCompleted: Runs on completion.
  ///   - onError: Receives the error.
  ///   - onDisposed: Runs when the subscription ends for any reason.
  /// - Returns: The subscription.
  public func subscribe(
    onCompleted: (() -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    subscribeFirstEvent(
      primitiveSequence.source, onValue: nil, onError: onError, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }

  /// Like ``subscribe(onCompleted:onError:onDisposed:)``, passing `object` to each closure without
  /// retaining it; nothing is called once `object` is gone.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onCompleted: ((Object) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onCompleted: weakly(object, onCompleted),
      onError: weakly(object, onError),
      onDisposed: weakly(object, onDisposed))
  }
}

// MARK: - Making completables

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// A completable that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> Completable {
    Completable(raw: Observable.error(error))
  }

  /// A completable that never ends.
  public static func never() -> Completable {
    Completable(raw: Observable.never())
  }

  /// A completable that completes at once.
  public static func empty() -> Completable {
    Completable(raw: Observable.empty())
  }
}

// MARK: - Operators

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// Runs side effects for the events and the lifetime of each subscription.
  public func `do`(
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Completable {
    Completable(
      raw: primitiveSequence.source.do(
        onError: onError, afterError: afterError, onCompleted: onCompleted,
        afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// Runs `second` after this completable completed.
  public func concat(_ second: Completable) -> Completable {
    Completable.concat(primitiveSequence, second)
  }

  /// Runs the completables one after the other; the first error ends the result.
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
  where Sequence.Element == Completable {
    Completable(raw: Observable.concat(sequence.map { $0.source }))
  }

  /// Runs the completables one after the other; the first error ends the result.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.concat(collection.map { $0.source }))
  }

  /// Runs the completables one after the other; the first error ends the result.
  public static func concat(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.concat(sources.map { $0.source }))
  }

  /// Runs the completables at once; completes when all completed, fails with the first error.
  public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }

  /// Runs the completables at once; completes when all completed, fails with the first error.
  public static func zip(_ sources: [Completable]) -> Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }

  /// Runs the completables at once; completes when all completed, fails with the first error.
  public static func zip(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }
}
