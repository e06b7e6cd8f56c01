/// A sequence of events for user interface: it never errors, delivers on ``MainScheduler/instance``,
/// and shares one subscription among its subscribers without replaying anything
/// (`share(scope: .whileConnected)`), like RxCocoa's `Signal`.
///
/// Where a ``Driver`` models state (a new subscriber gets the latest value at once), a signal models
/// things that happen (taps, notifications): a new subscriber hears only what comes after it. Make one
/// with `asSignal(onErrorJustReturn:)` (or the other `asSignal` variants, or `PublishRelay.asSignal()`)
/// and consume it with `emit`:
/// ```swift
/// let taps = viewModel.taps.asSignal()
/// taps.emit(onNext: { router.open($0) }).disposed(by: bag)
/// ```
public struct Signal<Element>: ObservableConvertibleType {
  private let source: Observable<Element>

  /// Wraps `source` (which must never error and must deliver on the main scheduler) and shares it.
  init(_ source: Observable<Element>) {
    self.source = source.share(scope: .whileConnected)
  }

  /// Wraps `source` as it is, without sharing (for `just`, `empty`, `never`, `of` and `from`).
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// The shared sequence behind this signal.
  public func asObservable() -> Observable<Element> { source }

  /// Returns itself.
  public func asSignal() -> Signal<Element> { self }
}

// MARK: - Making signals

extension Signal {
  /// A signal that emits `element` (on the main scheduler) and completes.
  public static func just(_ element: Element) -> Signal<Element> {
    Signal(raw: SubscribeOnMain(source: Observable.just(element)))
  }

  /// A signal that completes at once (on the main scheduler).
  public static func empty() -> Signal<Element> {
    Signal(raw: SubscribeOnMain(source: Observable.empty()))
  }

  /// A signal that never emits.
  public static func never() -> Signal<Element> {
    Signal(raw: Observable.never())
  }

  /// A signal that makes a new signal with `factory` for each subscriber.
  public static func deferred(_ factory: @escaping () -> Signal<Element>) -> Signal<Element> {
    Signal(Observable.deferred { factory().asObservable() })
  }

  /// A signal of the given values, sent one by one on the main scheduler, then completion.
  public static func of(_ elements: Element...) -> Signal<Element> {
    Signal(raw: Observable.from(elements, scheduler: MainScheduler.instance))
  }

  /// A signal of the elements of `array`, sent one by one on the main scheduler, then completion.
  public static func from(_ array: [Element]) -> Signal<Element> {
    Signal(raw: Observable.from(array, scheduler: MainScheduler.instance))
  }

  /// A signal of the elements of `sequence`, sent one by one on the main scheduler, then completion.
  public static func from<Source: Sequence>(_ sequence: Source) -> Signal<Element>
  where Source.Element == Element {
    Signal(raw: Observable.from(sequence, scheduler: MainScheduler.instance))
  }

  /// A signal of the value in `optional`, if any, on the main scheduler, then completion.
  public static func from(optional: Element?) -> Signal<Element> {
    Signal(raw: Observable.from(optional: optional, scheduler: MainScheduler.instance))
  }
}

extension ObservableConvertibleType {
  /// A signal of this sequence that replaces an error with `onErrorJustReturn`, then completes.
  public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
    let source = ObserveOnMain(source: asObservable())
    return Signal(CatchToObservable(source: source) { _ in Observable.just(onErrorJustReturn) })
  }

  /// A signal of this sequence that continues with `onErrorSignalWith` after an error.
  public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
    let source = ObserveOnMain(source: asObservable())
    return Signal(CatchToObservable(source: source) { _ in onErrorSignalWith.asObservable() })
  }

  /// A signal of this sequence that continues with the signal `onErrorRecover` makes from an error.
  public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element>
  {
    let source = ObserveOnMain(source: asObservable())
    return Signal(CatchToObservable(source: source) { onErrorRecover($0).asObservable() })
  }
}

extension PublishRelay {
  /// A signal of the values the relay accepts from now on.
  public func asSignal() -> Signal<Element> {
    Signal(ObserveOnMain(source: asObservable()))
  }
}

// MARK: - Operators

extension Signal {
  /// A signal of the values transformed by `selector`.
  public func map<Result>(_ selector: @escaping (Element) -> Result) -> Signal<Result> {
    Signal<Result>(source.map(selector))
  }

  /// A signal of the values `predicate` accepts.
  public func filter(_ predicate: @escaping (Element) -> Bool) -> Signal<Element> {
    Signal(source.filter(predicate))
  }
}

// MARK: - Emitting

extension Signal {
  /// Sends every event to each observer.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    source.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every event to each observer of optionals.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    source.map { $0 as Element? }.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends).
  public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
    emit(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays of optionals.
  public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
    emit(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends).
  public func emit(to relays: PublishRelay<Element>...) -> Disposable {
    emit(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays of optionals.
  public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
    emit(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends).
  public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
    emit(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Sends every value to the relays of optionals.
  public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
    emit(onNext: { value in relays.forEach { $0.accept(value) } })
  }

  /// Calls the closures for values, completion and disposal.
  ///
  /// `onDisposed` runs once, after completion or when the subscription is disposed.
  public func emit(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Like ``emit(onNext:onCompleted:onDisposed:)``, passing `object` to each closure without retaining
  /// it; events stop once `object` is gone.
  public func emit<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    source.subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes and ignores every event (for the side effects of the chain).
  public func emit() -> Disposable {
    source.subscribe { _ in }
  }
}
