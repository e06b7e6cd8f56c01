import RxCore

/// An observable that sends prerecorded events in virtual time and records its subscriptions.
public class TestableObservable<Element>: ObservableType {
  /// The events it was created with.
  public let recordedEvents: [Recorded<Event<Element>>]
  /// Every subscription so far, with its disposal time once disposed.
  public internal(set) var subscriptions: [Subscription] = []

  unowned let testScheduler: TestScheduler

  init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    self.testScheduler = testScheduler
    self.recordedEvents = recordedEvents
  }

  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    fatalError("RxTesting: abstract method")
  }

  func recordUnsubscribe(at index: Int) {
    let old = subscriptions[index]
    subscriptions[index] = Subscription(old.subscribe, testScheduler.clock)
  }
}

/// Sends its events at their absolute times to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element> {
  private var observers: [(id: Int, observer: AnyObserver<Element>)] = []
  private var nextID = 0

  override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
    for recorded in recordedEvents {
      testScheduler.scheduleAt(recorded.time) { [weak self] in
        guard let self else { return }
        for entry in self.observers { entry.observer.on(recorded.value) }
      }
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let id = nextID
    nextID += 1
    observers.append((id, AnyObserver(observer)))
    subscriptions.append(Subscription(testScheduler.clock))
    let index = subscriptions.count - 1
    return Disposables.create { [weak self] in
      guard let self else { return }
      if let position = self.observers.firstIndex(where: { $0.id == id }) {
        self.observers.remove(at: position)
      }
      self.recordUnsubscribe(at: index)
    }
  }
}

/// Sends its events relative to each subscription's time, to that subscriber only.
final class ColdObservable<Element>: TestableObservable<Element> {
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subscriptions.append(Subscription(testScheduler.clock))
    let index = subscriptions.count - 1
    let pending = CompositeDisposable()
    for recorded in recordedEvents {
      let item = testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
        observer.on(recorded.value)
        return Disposables.create()
      }
      pending.insert(item)
    }
    return Disposables.create { [weak self] in
      pending.dispose()
      self?.recordUnsubscribe(at: index)
    }
  }
}
