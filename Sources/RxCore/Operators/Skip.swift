extension ObservableType {
  /// Drops the first `count` values and sends the rest.
  public func skip(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "RxCore: skip count can't be negative")
    return CountedValues(source: asObservable(), count: count, rule: .skip)
  }

  /// Drops values while `predicate` holds; from the first value that fails it on, sends everything.
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Filter(source: asObservable(), rule: .skipWhile, predicate: predicate)
  }

  /// Drops the values sent during `duration` after subscription.
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TimedOperator(source: asObservable(), dueTime: duration, scheduler: scheduler, rule: .skipDuration)
  }
}

/// The sink of `skip(while:)`, made by ``Filter``.
final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let predicate: (Element) throws -> Bool
  private var skipping = true

  init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
    self.predicate = predicate
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      if skipping {
        do {
          skipping = try predicate(value)
        } catch {
          forwardTerminal(.error(error))
          return
        }
        if skipping { return }
      }
      forwardOn(event)
    case .error, .completed:
      forwardTerminal(event)
    }
  }
}
