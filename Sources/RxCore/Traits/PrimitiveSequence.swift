/// An observable sequence with a narrower contract, described by `Trait`: ``Single``, ``Maybe`` or
/// ``Completable``.
///
/// The contract holds by construction: every way of making one (`create`, `just`, `asSingle()`, …)
/// yields a source that keeps it, and the operators only combine such sources, so nothing is re-checked
/// per element. Convert back with ``asObservable()``.
///
/// ```swift
/// let answer: Single<Int> = Single.just(41).map { $0 + 1 }
/// answer.subscribe(onSuccess: { print($0) })
/// ```
public struct PrimitiveSequence<Trait, Element> {
  let source: Observable<Element>

  /// Wraps `source`, which must already keep the trait's contract.
  init(raw source: Observable<Element>) {
    self.source = source
  }
}

/// A type that is, or can be viewed as, a ``PrimitiveSequence``.
public protocol PrimitiveSequenceType {
  /// The contract: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
  associatedtype Trait
  /// The type of the value.
  associatedtype Element

  /// The sequence itself.
  var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
  /// Returns itself.
  public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
  /// The sequence as a plain observable (which keeps the trait's contract).
  public func asObservable() -> Observable<Element> { source }
}

// MARK: - Operators every trait has

extension PrimitiveSequence {
  /// A sequence made anew by `observableFactory` for each subscriber; a thrown error becomes the
  /// subscriber's error.
  ///
  /// - Parameter observableFactory: Called once per subscription.
  public static func deferred(
    _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
  }

  /// Delays the events by `dueTime` on `scheduler`, as ``ObservableType/delay(_:scheduler:)`` does.
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes to the source `dueTime` after being subscribed, on `scheduler`.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Delivers the events on `scheduler`.
  public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Subscribes to (and disposes) the source on `scheduler`.
  public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// Continues with the sequence `handler` returns for the error when this one fails.
  ///
  /// - Parameter handler: Makes the replacement; an error it throws ends the result.
  public func `catch`(
    _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
  }

  /// Subscribes to the source up to `maxAttemptCount` times in all while it fails.
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Subscribes to the source again when it fails and the sequence made by `notificationHandler`
  /// sends a value; its completion or error ends the result (see ``ObservableType/retry(when:)``).
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// The same, for errors of type `Failure` only; any other error ends the result at once.
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Prints every event, the subscription and the disposal (see ``ObservableType/debug(_:trimOutput:file:line:function:)``).
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// Fails with `RxError.timeout` when the sequence does not end within `dueTime`.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<
    Trait, Element
  > {
    PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` when the sequence does not end within `dueTime`.
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
  }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
  /// Emits 0 after `dueTime` on `scheduler`, then completes.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<
    Trait, Element
  > {
    PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
  }
}
