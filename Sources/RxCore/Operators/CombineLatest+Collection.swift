extension ObservableType {
  /// Combines the latest values of every source of `collection` with `resultSelector`.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``, for any number of sources. An empty
  /// collection emits `resultSelector([])` at subscription, then completes (as RxSwift 6 does).
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    CombiningCollection(collection.map { $0.asObservable() }, rule: .combineLatest, resultSelector)
  }

  /// Combines the latest values of every source of `collection` into an array.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``, for any number of sources. An empty
  /// collection emits `[]` at subscription, then completes (as RxSwift 6 does).
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    CombiningCollection(collection.map { $0.asObservable() }, rule: .combineLatest, { $0 })
  }
}

/// The sink of `combineLatest` over a collection, made by ``CombiningCollection``; `values` and
/// `valueCount` are only touched inside the gate.
final class CombineLatestCollectionSink<SourceElement, Observer: ObserverType>:
  CollectionCombiningSink<SourceElement, Observer>
{
  private var values: [SourceElement?]
  private var valueCount = 0

  override init(
    count: Int, selector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
    cancel: Cancelable
  ) {
    values = Array(repeating: nil, count: count)
    super.init(count: count, selector: selector, observer: observer, cancel: cancel)
  }

  override func runEmpty() {
    if emit([]) { forwardTerminal(.completed) }
  }

  override func received(_ value: SourceElement, from index: Int) {
    if values[index] == nil { valueCount += 1 }
    values[index] = value
    if valueCount < values.count {
      let othersDone = doneCount - (isDone(index) ? 1 : 0)
      if othersDone == values.count - 1 { forwardTerminal(.completed) }
      return
    }
    emit(values.map { $0.unsafelyUnwrapped })
  }
}
