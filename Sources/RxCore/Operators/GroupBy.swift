extension ObservableType {
  /// Splits the values into groups by key: a ``GroupedObservable`` is sent for each new key, and every
  /// value goes to the group of its key.
  ///
  /// A group is sent when the first value of its key arrives, just before that value; groups are hot,
  /// so a subscriber sees the values of its key that arrive while it is subscribed. When this sequence
  /// completes or fails, every group (in the order they were made), then the result, completes or fails
  /// with it; an error thrown by `keySelector` does the same. The source stays subscribed while the
  /// result or any group is subscribed: disposing the result does not stop a subscribed group, but no
  /// new group is sent to it anymore.
  /// ```swift
  /// let byLevel = logLines.groupBy { $0.level }
  /// byLevel.filter { $0.key == .error }.flatMap { $0 }
  /// ```
  /// - Parameter keySelector: Gives the key of a value.
  /// - Returns: A sequence of groups, one per key.
  public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
    -> Observable<GroupedObservable<Key, Element>>
  {
    GroupBy(source: asObservable(), keySelector: keySelector)
  }
}

private final class GroupBy<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>> {
  private let source: Observable<Element>
  private let keySelector: (Element) throws -> Key

  init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key) {
    self.source = source
    self.keySelector = keySelector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == GroupedObservable<Key, Element> {
    let sink = GroupBySink(keySelector: keySelector, observer: observer, cancel: cancel)
    return (sink, sink.run(source))
  }
}

/// `groups` and `order` are only touched by the source's events, which arrive one at a time. They keep
/// arriving after the outer subscription was disposed while a group holds the shared subscription.
private final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == GroupedObservable<Key, Element> {
  private let keySelector: (Element) throws -> Key
  private let sourceSubscription = SingleAssignmentDisposable()
  private let shared: SharedSubscription
  private var groups: [Key: PublishSubject<Element>] = [:]
  /// The groups in the order they were made, which is the order they hear of the end.
  private var order: [PublishSubject<Element>] = []

  init(keySelector: @escaping (Element) throws -> Key, observer: Observer, cancel: Cancelable) {
    self.keySelector = keySelector
    shared = SharedSubscription(sourceSubscription)
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<Element>) -> Disposable {
    sourceSubscription.setDisposable(source.subscribe(self))
    return shared
  }

  func _deliverNext(_ value: Element) {
    let key: Key
    do {
      key = try keySelector(value)
    } catch {
      finish(failing: error)
      return
    }
    if let group = groups[key] {
      group.onNext(value)
      return
    }
    let group = PublishSubject<Element>()
    groups[key] = group
    order.append(group)
    forwardNext(GroupedObservable(key: key, source: RetainingObservable(subject: group, shared: shared)))
    group.onNext(value)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      _deliverNext(value)
    case .error(let error):
      finish(failing: error)
    case .completed:
      finish(failing: nil)
    }
  }

  /// Ends every group, then the result, with `error` or (when `nil`) completion; then releases the
  /// source, whoever still holds it.
  private func finish(failing error: Swift.Error?) {
    let ending = order
    order = []
    groups = [:]
    if let error {
      for group in ending { group.onError(error) }
      forwardOn(.error(error))
    } else {
      for group in ending { group.onCompleted() }
      forwardOn(.completed)
    }
    sourceSubscription.dispose()
    dispose()
  }
}
