/// A type that can be viewed as a sequence that never fails.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that never fails, like RxSwift's `Infallible`: values and perhaps completion, never an
/// error.
///
/// Make one from any sequence by saying what replaces an error, then subscribe without an error
/// handler:
/// ```swift
/// let names = api.names().asInfallible(onErrorJustReturn: [])
/// names.subscribe(onNext: { show($0) })
/// ```
public struct Infallible<Element>: InfallibleType {
  private let source: Observable<Element>

  /// Wraps `source`, which must never fail.
  init(_ source: Observable<Element>) {
    self.source = source
  }

  /// The sequence as a plain observable (which never fails).
  public func asObservable() -> Observable<Element> { source }
}

/// What an ``Infallible`` produces.
public enum InfallibleEvent<Element> {
  /// The next value.
  case next(Element)
  /// The sequence finished.
  case completed
}

extension InfallibleType {
  /// Subscribes closures for values, completion and disposal (there is no error to handle).
  ///
  /// `onDisposed` runs once, after completion or when the subscription is disposed.
  /// - Parameters:
  ///   - onNext: Receives each value.
  ///   - onCompleted: Runs when the sequence finishes.
  ///   - onDisposed: Runs when the subscription ends for any reason.
  /// - Returns: The subscription.
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Like ``subscribe(onNext:onCompleted:onDisposed:)``, passing `object` to each closure without
  /// retaining it; nothing is called once `object` is gone.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes a closure that receives every event.
  public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
    asObservable().subscribe { event in
      switch event {
      case .next(let element): on(.next(element))
      case .completed: on(.completed)
      case .error(let error): infallibleContractViolation(error)
      }
    }
  }
}

/// A source behind an `Infallible` failed: a bug in the code that built it.
func infallibleContractViolation(_ error: Swift.Error) {
  #if DEBUG
    rxFatalError("an Infallible failed with \(error)")
  #endif
}

// MARK: - Making infallibles

extension ObservableConvertibleType {
  /// This sequence, with an error replaced by `element` and completion.
  ///
  /// ```swift
  /// api.count().asInfallible(onErrorJustReturn: 0)
  /// ```
  public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
    Infallible(asObservable().catchAndReturn(element))
  }

  /// This sequence, continuing with `infallible` after an error.
  public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
    Infallible(asObservable().catch { _ in infallible.asObservable() })
  }

  /// This sequence, continuing with the infallible `onErrorRecover` makes from an error.
  public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<
    Element
  > {
    Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
  }
}

extension Infallible {
  /// The callback that `create` hands to its closure.
  public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

  /// An infallible whose subscriptions run `subscribe`; nothing after `.completed` counts.
  ///
  /// ```swift
  /// Infallible<Int>.create { observer in
  ///   observer(.next(1))
  ///   observer(.completed)
  ///   return Disposables.create()
  /// }
  /// ```
  public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable) -> Infallible<
    Element
  > {
    Infallible(
      AnonymousObservable { observer in
        subscribe { event in
          switch event {
          case .next(let element): observer.onNext(element)
          case .completed: observer.onCompleted()
          }
        }
      })
  }

  /// One value, then completion.
  public static func just(_ element: Element) -> Infallible<Element> {
    Infallible(Observable.just(element))
  }

  /// One value, then completion, on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
    Infallible(Observable.just(element, scheduler: scheduler))
  }

  /// Never sends anything.
  public static func never() -> Infallible<Element> {
    Infallible(Observable.never())
  }

  /// Completes at once.
  public static func empty() -> Infallible<Element> {
    Infallible(Observable.empty())
  }

  /// An infallible made anew by `observableFactory` for each subscriber.
  public static func deferred(_ observableFactory: @escaping () -> Infallible<Element>) -> Infallible<Element>
  {
    Infallible(Observable.deferred { observableFactory().asObservable() })
  }

  /// The given values, then completion, on `scheduler`.
  public static func of(
    _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(Observable.from(elements, scheduler: scheduler))
  }

  /// The elements of `array`, then completion, on `scheduler`.
  public static func from(
    _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(Observable.from(array, scheduler: scheduler))
  }

  /// The elements of `sequence`, then completion, on `scheduler`.
  public static func from<Source: Sequence>(
    _ sequence: Source, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> where Source.Element == Element {
    Infallible(Observable.from(sequence, scheduler: scheduler))
  }
}
