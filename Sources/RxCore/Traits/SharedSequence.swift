/// How a ``SharedSequence`` shares its source among subscribers and where it delivers:
/// ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
public protocol SharingStrategyProtocol {
  /// The scheduler a new shared sequence delivers on (by default a new ``MainScheduler`` from
  /// ``SharingScheduler/make``); each call may return a new one.
  static var scheduler: SchedulerType { get }

  /// `source` shared among its subscribers.
  static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be turned into a ``SharedSequence`` of its sharing strategy.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
  /// How the sequence is shared.
  associatedtype SharingStrategy: SharingStrategyProtocol

  /// This sequence as a ``SharedSequence``.
  func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
  public func asObservable() -> Observable<Element> {
    asSharedSequence().asObservable()
  }
}

/// A sequence for user interface that never errors, delivers on the sharing scheduler (the main
/// thread) and shares one subscription among its subscribers as `SharingStrategy` says, like RxCocoa's
/// `SharedSequence`.
///
/// Use it as ``Driver`` (state: the latest value is replayed) or ``Signal`` (events: nothing is
/// replayed); the API they have in common is written once, here.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType
{
  let source: Observable<Element>

  /// Wraps `source` (which must never error and must deliver on the sharing scheduler) and shares it.
  init(_ source: Observable<Element>) {
    self.source = SharingStrategy.share(source)
  }

  /// Wraps `source` as it is, without sharing (for `just`, `empty`, `never`, `of` and `from`).
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// Wraps `source`, delivered on a new sharing scheduler, with an error replaced by the sequence
  /// `fallback` makes from it, and shares it: what every `asDriver(onError…)` and `asSignal(onError…)`
  /// makes.
  init(_ source: Observable<Element>, onError fallback: @escaping (Swift.Error) -> Observable<Element>) {
    self.init(ObserveOnMain(source: source, scheduler: SharingStrategy.scheduler).catch(fallback))
  }

  /// Wraps `source` without checking it: the caller promises that it never errors and delivers on the
  /// sharing scheduler.
  public static func createUnsafe<Source: ObservableType>(source: Source) -> SharedSequence<
    SharingStrategy, Source.Element
  > {
    SharedSequence<SharingStrategy, Source.Element>(raw: source.asObservable())
  }

  /// The shared sequence behind this one.
  public func asObservable() -> Observable<Element> { source }

  /// Returns itself.
  public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }

  /// This sequence as an ``Infallible``.
  public func asInfallible() -> Infallible<Element> {
    Infallible(source)
  }
}

// MARK: - Making shared sequences

extension SharedSequence {
  /// A sequence that emits `element` (on the sharing scheduler) and completes.
  public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      raw: SubscribeOnMain(source: Observable.just(element), scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that completes at once (on the sharing scheduler).
  public static func empty() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: SubscribeOnMain(source: Observable.empty(), scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that never emits.
  public static func never() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.never())
  }

  /// A sequence that makes a new sequence with `factory` for each subscriber.
  public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(Observable.deferred { factory().asObservable() })
  }

  /// A sequence of the given values, sent one by one on the sharing scheduler, then completion.
  public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence of the elements of `array`, sent one by one on the sharing scheduler, then completion.
  public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence of the elements of `sequence`, sent one by one on the sharing scheduler, then
  /// completion.
  public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence<SharingStrategy, Element>
  where Source.Element == Element {
    SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence of the value in `optional`, if any, on the sharing scheduler, then completion.
  public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
  }
}

extension ObservableConvertibleType {
  /// A shared sequence of this one that replaces an error with `onErrorJustReturn`, then completes.
  public func asSharedSequence<S>(sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element)
    -> SharedSequence<S, Element>
  {
    SharedSequence<S, Element>(asObservable()) { _ in Observable.just(onErrorJustReturn) }
  }

  /// A shared sequence of this one that continues with `onErrorDriveWith` after an error.
  public func asSharedSequence<S>(
    sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
  ) -> SharedSequence<S, Element> {
    SharedSequence<S, Element>(asObservable()) { _ in onErrorDriveWith.asObservable() }
  }

  /// A shared sequence of this one that continues with the one `onErrorRecover` makes from an error.
  public func asSharedSequence<S>(
    sharingStrategy _: S.Type = S.self,
    onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<S, Element>
  ) -> SharedSequence<S, Element> {
    SharedSequence<S, Element>(asObservable()) { onErrorRecover($0).asObservable() }
  }
}

// MARK: - Subscribing

// The plumbing of `drive` and `emit`.
extension SharedSequence {
  /// Sends every event to each observer.
  func send<Observer: ObserverType>(to observers: [Observer]) -> Disposable
  where Observer.Element == Element {
    source.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every event to each observer of optionals.
  func send<Observer: ObserverType>(to observers: [Observer]) -> Disposable
  where Observer.Element == Element? {
    source.map { $0 as Element? }.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Calls `accept` with every value; completion is dropped (for relays, which never end).
  func sendValues(to accept: @escaping (Element) -> Void) -> Disposable {
    source.subscribe(onNext: accept)
  }
}

// MARK: - The producers behind every shared sequence

/// Delivers every event of `source` through `scheduler` (a shared sequence's own ``MainScheduler``: at
/// once when on the main queue with nothing of its own queued, else in order through the main queue or
/// the attached run loop).
final class ObserveOnMain<Element>: SchedulingProducer<Element> {
  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ObserveOnMainSink(observer: observer, scheduler: scheduler, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// Each event is handed to the scheduler, which runs its actions one at a time, in order; the sink
// itself holds no mutable state.
private final class ObserveOnMainSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  private let scheduler: ImmediateSchedulerType

  init(observer: Observer, scheduler: ImmediateSchedulerType, cancel: Cancelable) {
    self.scheduler = scheduler
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    _ = scheduler.schedule(event) { [self] event in
      if isDisposed { return Disposables.create() }
      if event.isStopEvent {
        forwardTerminal(event)
      } else {
        forwardOn(event)
      }
      return Disposables.create()
    }
  }
}

/// Subscribes to `source` from `scheduler` (at once when already on the main queue).
final class SubscribeOnMain<Element>: SchedulingProducer<Element> {
  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    let subscription = SerialDisposable()
    let source = self.source
    let scheduled = scheduler.schedule(()) { _ in
      subscription.disposable = source.subscribe(sink)
      return Disposables.create()
    }
    return (sink, Disposables.create(scheduled, subscription))
  }
}
