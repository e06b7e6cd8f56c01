/// How a ``SharedSequence`` shares its source among subscribers: ``DriverSharingStrategy`` or
/// ``SignalSharingStrategy``.
public protocol SharingStrategyProtocol {
  /// `source` shared among its subscribers.
  static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A sequence for user interface that never errors, delivers on ``MainScheduler/instance`` and shares
/// one subscription among its subscribers as `SharingStrategy` says, like RxCocoa's `SharedSequence`.
///
/// Use it as ``Driver`` (state: the latest value is replayed) or ``Signal`` (events: nothing is
/// replayed); the API they have in common is written once, here.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: ObservableConvertibleType {
  let source: Observable<Element>

  /// Wraps `source` (which must never error and must deliver on the main scheduler) and shares it.
  init(_ source: Observable<Element>) {
    self.source = SharingStrategy.share(source)
  }

  /// Wraps `source` as it is, without sharing (for `just`, `empty`, `never`, `of` and `from`).
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// Wraps `source`, delivered on the main scheduler, with an error replaced by the sequence `fallback`
  /// makes from it, and shares it: what every `asDriver(onError…)` and `asSignal(onError…)` makes.
  init(_ source: Observable<Element>, onError fallback: @escaping (Swift.Error) -> Observable<Element>) {
    self.init(ObserveOnMain(source: source).catch(fallback))
  }

  /// The shared sequence behind this one.
  public func asObservable() -> Observable<Element> { source }
}

// MARK: - Making shared sequences

extension SharedSequence {
  /// A sequence that emits `element` (on the main scheduler) and completes.
  public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: SubscribeOnMain(source: Observable.just(element)))
  }

  /// A sequence that completes at once (on the main scheduler).
  public static func empty() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: SubscribeOnMain(source: Observable.empty()))
  }

  /// A sequence that never emits.
  public static func never() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.never())
  }
}

// MARK: - Operators

extension SharedSequence {
  /// The values transformed by `selector`.
  public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<
    SharingStrategy, Result
  > {
    SharedSequence<SharingStrategy, Result>(source.map(selector))
  }

  /// The values `predicate` accepts.
  public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(source.filter(predicate))
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

/// Delivers every event of `source` through ``MainScheduler/instance``: at once when already on the main
/// thread with nothing queued, else in order through the main queue (or the attached run loop).
final class ObserveOnMain<Element>: Producer<Element> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ObserveOnMainSink(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// Each event is handed to the main scheduler, which runs its actions one at a time, in order; the sink
// itself holds no mutable state.
private final class ObserveOnMainSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  func on(_ event: Event<Observer.Element>) {
    _ = MainScheduler.instance.schedule(event) { [self] event in
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

/// Subscribes to `source` from ``MainScheduler/instance`` (at once when already on the main thread).
final class SubscribeOnMain<Element>: Producer<Element> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    let subscription = SerialDisposable()
    let source = self.source
    let scheduled = MainScheduler.instance.schedule(()) { _ in
      subscription.disposable = source.subscribe(sink)
      return Disposables.create()
    }
    return (sink, Disposables.create(scheduled, subscription))
  }
}
