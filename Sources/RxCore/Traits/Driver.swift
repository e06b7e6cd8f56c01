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
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing of a ``Driver``: one subscription, replaying the latest value to each new subscriber
/// while connected.
public enum DriverSharingStrategy: SharingStrategyProtocol {
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(replay: 1, scope: .whileConnected)
  }
}

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
  /// Returns itself.
  public func asDriver() -> Driver<Element> { self }
}

extension ObservableConvertibleType {
  /// A driver of this sequence that replaces an error with `onErrorJustReturn`, then completes.
  public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
    Driver(asObservable()) { _ in Observable.just(onErrorJustReturn) }
  }

  /// A driver of this sequence that continues with `onErrorDriveWith` after an error.
  public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
    Driver(asObservable()) { _ in onErrorDriveWith.asObservable() }
  }

  /// A driver of this sequence that continues with the driver `onErrorRecover` makes from an error.
  public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element>
  {
    Driver(asObservable()) { onErrorRecover($0).asObservable() }
  }
}

extension BehaviorRelay {
  /// A driver of the relay's values, starting with the current one.
  public func asDriver() -> Driver<Element> {
    Driver(ObserveOnMain(source: asObservable(), scheduler: DriverSharingStrategy.scheduler))
  }
}

extension InfallibleType {
  /// A driver of this sequence (which cannot fail, so needs no error handling).
  public func asDriver() -> Driver<Element> {
    Driver(ObserveOnMain(source: asObservable(), scheduler: DriverSharingStrategy.scheduler))
  }
}

// MARK: - Driving

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
  /// Sends every event to each observer.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element {
    send(to: observers)
  }

  /// Sends every event to each observer of optionals.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    send(to: observers)
  }

  /// Sends every value to the relays.
  public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays.
  public func drive(_ relays: PublishRelay<Element>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func drive(_ relays: PublishRelay<Element?>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays.
  public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
  }

  /// Sends every value to the relays of optionals.
  public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
    sendValues { value in relays.forEach { $0.accept(value) } }
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
