extension ObservableType {
  /// Combines the values of every source of `collection` by index with `resultSelector`.
  ///
  /// Completes when every source has completed, or when a value arrives that cannot be paired while
  /// all the other sources have completed. An empty collection completes at once without a value.
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    CombiningCollection(collection.map { $0.asObservable() }, rule: .zip, resultSelector)
  }

  /// Combines the values of every source of `collection` by index into arrays.
  ///
  /// Same rules as ``zip(_:resultSelector:)``.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    CombiningCollection(collection.map { $0.asObservable() }, rule: .zip, { $0 })
  }
}

/// The sink of `zip` over a collection, made by ``CombiningCollection``; the queues and `nonEmptyCount`
/// are only touched inside the gate.
final class ZipCollectionSink<SourceElement, Observer: ObserverType>:
  CollectionCombiningSink<SourceElement, Observer>
{
  private var queues: [CombiningQueue<SourceElement>]
  private var nonEmptyCount = 0

  override init(
    count: Int, selector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
    cancel: Cancelable
  ) {
    queues = Array(repeating: CombiningQueue(), count: count)
    super.init(count: count, selector: selector, observer: observer, cancel: cancel)
  }

  override func runEmpty() {
    forwardTerminal(.completed)
  }

  override func received(_ value: SourceElement, from index: Int) {
    queues[index].enqueue(value)
    if queues[index].count == 1 { nonEmptyCount += 1 }
    if nonEmptyCount < queues.count {
      if doneCount == queues.count - 1 { forwardTerminal(.completed) }
      return
    }
    var arguments: [SourceElement] = []
    arguments.reserveCapacity(queues.count)
    nonEmptyCount = 0
    for queueIndex in queues.indices {
      arguments.append(queues[queueIndex].dequeue())
      if !queues[queueIndex].isEmpty { nonEmptyCount += 1 }
    }
    emit(arguments)
  }
}
