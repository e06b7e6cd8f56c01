/// The values of a source that share one key, as sent by ``ObservableType/groupBy(keySelector:)``.
///
/// A grouped observable is an ordinary sequence that also carries its ``key``.
/// ```swift
/// words.groupBy { $0.first }
///   .flatMap { group in group.reduce(0) { count, _ in count + 1 }.map { (group.key, $0) } }
/// ```
public struct GroupedObservable<Key, Element>: ObservableType {
  /// The key every value of this group shares.
  public let key: Key

  private let source: Observable<Element>

  /// A group of the values of `source`, all sharing `key`.
  ///
  /// - Parameters:
  ///   - key: The key of the group.
  ///   - source: The values of the group.
  public init(key: Key, source: Observable<Element>) {
    self.key = key
    self.source = source
  }

  /// Subscribes `observer` to the values of the group.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// The values of the group, without the key.
  public func asObservable() -> Observable<Element> { source }
}
