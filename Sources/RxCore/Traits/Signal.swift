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
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing of a ``Signal``: one subscription while connected, replaying nothing.
public enum SignalSharingStrategy: SharingStrategyProtocol {
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(scope: .whileConnected)
  }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
  /// Returns itself.
  public func asSignal() -> Signal<Element> { self }
}

extension ObservableConvertibleType {
  /// A signal of this sequence that replaces an error with `onErrorJustReturn`, then completes.
  public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
    Signal(asObservable()) { _ in Observable.just(onErrorJustReturn) }
  }

  /// A signal of this sequence that continues with `onErrorSignalWith` after an error.
  public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
    Signal(asObservable()) { _ in onErrorSignalWith.asObservable() }
  }

  /// A signal of this sequence that continues with the signal `onErrorRecover` makes from an error.
  public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element>
  {
    Signal(asObservable()) { onErrorRecover($0).asObservable() }
  }
}

extension PublishRelay {
  /// A signal of the values the relay accepts from now on.
  public func asSignal() -> Signal<Element> {
    Signal(ObserveOnMain(source: asObservable(), scheduler: SignalSharingStrategy.scheduler))
  }
}

// MARK: - Emitting

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
  /// Sends every event to each observer.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    send(to: observers)
  }

  /// Sends every event to each observer of optionals.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    send(to: observers)
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends).
  public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends).
  public func emit(to relays: PublishRelay<Element>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays; completion is dropped (a relay never ends).
  public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
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
