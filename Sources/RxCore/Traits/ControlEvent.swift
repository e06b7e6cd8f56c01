/// A sequence of user-interface events, like RxCocoa's `ControlEvent`: it never errors, subscribes on
/// the main thread (through ``ConcurrentMainScheduler``) and replays nothing.
public protocol ControlEventType: ObservableType {
  /// This sequence as a ``ControlEvent``.
  func asControlEvent() -> ControlEvent<Element>
}

/// A sequence of user-interface events: it never errors, never replays, and is subscribed to on the
/// main thread, like RxCocoa's `ControlEvent`.
public struct ControlEvent<PropertyType>: ControlEventType {
  public typealias Element = PropertyType

  let events: Observable<PropertyType>

  /// Wraps `events`, which must never error.
  public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
    self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
  }

  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    events.subscribe(observer)
  }

  public func asObservable() -> Observable<Element> { events }

  public func asControlEvent() -> ControlEvent<Element> { self }
}

extension ControlEvent {
  /// The events as a ``Driver``; an error traps, since a control event never fails.
  public func asDriver() -> Driver<Element> {
    asDriver { error -> Driver<Element> in
      rxFatalError("ControlEvent failed: \(error)")
    }
  }

  /// The events as a ``Signal``; an error traps, since a control event never fails.
  public func asSignal() -> Signal<Element> {
    asSignal { error -> Signal<Element> in
      rxFatalError("ControlEvent failed: \(error)")
    }
  }
}
