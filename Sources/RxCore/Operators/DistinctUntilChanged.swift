extension ObservableType where Element: Equatable {
  /// Drops each value equal to the one before it.
  ///
  /// Example: 1, 1, 2, 2, 1 gives 1, 2, 1.
  public func distinctUntilChanged() -> Observable<Element> {
    DistinctUntilChanged(source: asObservable(), key: { $0 }, comparer: ==)
  }
}

extension ObservableType {
  /// Drops each value whose key, computed by `keySelector`, equals the key of the value before it.
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
    -> Observable<Element>
  {
    DistinctUntilChanged(source: asObservable(), key: keySelector, comparer: ==)
  }

  /// Drops each value that `comparer` finds equal to the last value sent.
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<
    Element
  > {
    DistinctUntilChanged(source: asObservable(), key: { $0 }, comparer: comparer)
  }

  /// Drops each value whose key, computed by `keySelector`, `comparer` finds equal to the last key sent.
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    DistinctUntilChanged(source: asObservable(), key: keySelector, comparer: comparer)
  }

  /// Drops each value whose property at `keyPath` equals that of the value before it.
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> Observable<Element>
  {
    DistinctUntilChanged(source: asObservable(), key: { $0[keyPath: keyPath] }, comparer: ==)
  }
}

private final class DistinctUntilChanged<Element, Key>: Producer<Element> {
  private let source: Observable<Element>
  private let key: (Element) throws -> Key
  private let comparer: (Key, Key) throws -> Bool

  init(
    source: Observable<Element>, key: @escaping (Element) throws -> Key,
    comparer: @escaping (Key, Key) throws -> Bool
  ) {
    self.source = source
    self.key = key
    self.comparer = comparer
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = DistinctUntilChangedSink(key: key, comparer: comparer, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let key: (Element) throws -> Key
  private let comparer: (Key, Key) throws -> Bool
  private var lastKey: Key?

  init(
    key: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
    observer: Observer, cancel: Cancelable
  ) {
    self.key = key
    self.comparer = comparer
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      do {
        let newKey = try key(value)
        if let lastKey, try comparer(lastKey, newKey) { return }
        lastKey = newKey
        forwardOn(event)
      } catch {
        forwardTerminal(.error(error))
      }
    case .error, .completed:
      forwardTerminal(event)
    }
  }
}
