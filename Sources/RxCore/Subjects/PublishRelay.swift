/// A ``PublishSubject`` that never terminates: it only accepts values.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
  // The subject is thread-safe.
  private let subject = PublishSubject<Element>()

  /// A relay with no observers.
  public init() {}

  /// Sends `event` to the current observers.
  public func accept(_ event: Element) { subject._deliverNext(event) }

  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  public func asObservable() -> Observable<Element> { subject.asObservable() }
}

/// A ``BehaviorSubject`` that never terminates: it holds a value and only accepts new ones.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
  // The subject is thread-safe.
  private let subject: BehaviorSubject<Element>

  /// A relay holding `value`.
  public init(value: Element) { subject = BehaviorSubject(value: value) }

  /// The current value.
  public var value: Element {
    // A relay's subject is never terminated nor disposed, so `value()` cannot throw.
    try! subject.value()
  }

  /// Replaces the value and sends it to the observers.
  public func accept(_ event: Element) { subject._deliverNext(event) }

  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  public func asObservable() -> Observable<Element> { subject.asObservable() }
}
