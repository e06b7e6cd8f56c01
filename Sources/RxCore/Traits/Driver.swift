/// A sequence for driving user interface: it never errors, delivers on ``MainScheduler/instance``, and
/// shares one subscription among its subscribers, replaying the latest value to each new one
/// (`share(replay: 1, scope: .whileConnected)`), like RxCocoa's `Driver`.
///
/// Make one with `asDriver(onErrorJustReturn:)` (or the other `asDriver` variants) and consume it with
/// `drive`:
/// ```swift
/// let title = viewModel.title.asDriver(onErrorJustReturn: "")
/// title.drive(onNext: { header.title = $0 }).disposed(by: bag)
/// ```
public struct Driver<Element>: ObservableConvertibleType {
  private let source: Observable<Element>

  /// Wraps `source` (which must never error and must deliver on the main scheduler) and shares it.
  init(_ source: Observable<Element>) {
    self.source = source.share(replay: 1, scope: .whileConnected)
  }

  /// Wraps `source` as it is, without sharing (for `just`, `empty`, `never`).
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// The shared sequence behind this driver.
  public func asObservable() -> Observable<Element> { source }

  /// Returns itself.
  public func asDriver() -> Driver<Element> { self }
}

// MARK: - Making drivers

extension Driver {
  /// A driver that emits `element` (on the main scheduler) and completes.
  public static func just(_ element: Element) -> Driver<Element> {
    Driver(raw: SubscribeOnMain(source: Observable.just(element)))
  }

  /// A driver that completes at once (on the main scheduler).
  public static func empty() -> Driver<Element> {
    Driver(raw: SubscribeOnMain(source: Observable.empty()))
  }

  /// A driver that never emits.
  public static func never() -> Driver<Element> {
    Driver(raw: Observable.never())
  }
}

extension ObservableConvertibleType {
  /// A driver of this sequence that replaces an error with `onErrorJustReturn`, then completes.
  public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
    let source = ObserveOnMain(source: asObservable())
    return Driver(CatchToObservable(source: source) { _ in Observable.just(onErrorJustReturn) })
  }

  /// A driver of this sequence that continues with `onErrorDriveWith` after an error.
  public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
    let source = ObserveOnMain(source: asObservable())
    return Driver(CatchToObservable(source: source) { _ in onErrorDriveWith.asObservable() })
  }

  /// A driver of this sequence that continues with the driver `onErrorRecover` makes from an error.
  public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element>
  {
    let source = ObserveOnMain(source: asObservable())
    return Driver(CatchToObservable(source: source) { onErrorRecover($0).asObservable() })
  }
}

extension BehaviorRelay {
  /// A driver of the relay's values, starting with the current one.
  public func asDriver() -> Driver<Element> {
    Driver(ObserveOnMain(source: asObservable()))
  }
}

// MARK: - Operators

extension Driver {
  /// A driver of the values transformed by `selector`.
  public func map<Result>(_ selector: @escaping (Element) -> Result) -> Driver<Result> {
    Driver<Result>(source.map(selector))
  }

  /// A driver of the values `predicate` accepts.
  public func filter(_ predicate: @escaping (Element) -> Bool) -> Driver<Element> {
    Driver(source.filter(predicate))
  }
}

// MARK: - Driving

extension Driver {
  /// Sends every event to each observer.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element {
    source.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every event to each observer of optionals.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    source.map { $0 as Element? }.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every value to the relays.
  public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
    drive(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays of optionals.
  public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
    drive(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays.
  public func drive(_ relays: PublishRelay<Element>...) -> Disposable {
    drive(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays of optionals.
  public func drive(_ relays: PublishRelay<Element?>...) -> Disposable {
    drive(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Calls `transformation` with the underlying sequence and returns what it returns.
  public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
    transformation(source)
  }

  /// Calls `with(source)(curriedArgument)`.
  public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    with(source)(curriedArgument)
  }

  /// Calls the closures for values, completion and disposal.
  ///
  /// `onDisposed` runs once, after completion or when the subscription is disposed.
  public func drive(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Like ``drive(onNext:onCompleted:onDisposed:)``, passing `object` to each closure without
  /// retaining it; events stop once `object` is gone.
  public func drive<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    source.subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes and ignores every event (for the side effects of the chain).
  public func drive() -> Disposable {
    source.subscribe { _ in }
  }
}

// MARK: - Operators shared with Signal

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

/// Replaces an error of `source` with the sequence `handler` makes from it.
final class CatchToObservable<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let handler: (Swift.Error) -> Observable<Element>

  init(source: Observable<Element>, handler: @escaping (Swift.Error) -> Observable<Element>) {
    self.source = source
    self.handler = handler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = CatchToObservableSink(handler: handler, observer: observer, cancel: cancel)
    sink.subscription.disposable = source.subscribe(sink)
    return (sink, sink.subscription)
  }
}

// The source delivers serially and the fallback is only subscribed after the source ended, so the
// sink's events never overlap; `subscription` is thread-safe.
private final class CatchToObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  let subscription = SerialDisposable()
  private let handler: (Swift.Error) -> Observable<Observer.Element>

  init(
    handler: @escaping (Swift.Error) -> Observable<Observer.Element>, observer: Observer, cancel: Cancelable
  ) {
    self.handler = handler
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next:
      forwardOn(event)
    case .completed:
      forwardTerminal(event)
    case .error(let error):
      let fallback = handler(error)
      subscription.disposable = fallback.subscribe(CatchFallbackObserver(sink: self))
    }
  }

  /// An event of the fallback sequence: passed on as it is.
  func fallbackOn(_ event: Event<Observer.Element>) {
    if event.isStopEvent {
      forwardTerminal(event)
    } else {
      forwardOn(event)
    }
  }
}

private struct CatchFallbackObserver<Observer: ObserverType>: ObserverType {
  let sink: CatchToObservableSink<Observer>

  func on(_ event: Event<Observer.Element>) { sink.fallbackOn(event) }
}
