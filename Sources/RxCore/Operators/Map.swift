extension ObservableType {
  /// Transforms each value with `transform`; a thrown error ends the sequence with that error.
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
    Map(source: asObservable(), transform: transform)
  }
}

private final class Map<Source, Result>: Producer<Result> {
  private let source: Observable<Source>
  private let transform: (Source) throws -> Result

  init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
    self.source = source
    self.transform = transform
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class MapSink<Source, Observer: ObserverType>: Sink<Observer>, ValueSink {
  private let transform: (Source) throws -> Observer.Element

  init(transform: @escaping (Source) throws -> Observer.Element, observer: Observer, cancel: Cancelable) {
    self.transform = transform
    super.init(observer: observer, cancel: cancel)
  }

  func _deliverNext(_ value: Source) {
    let result: Observer.Element
    do {
      result = try transform(value)
    } catch {
      forwardError(error)
      return
    }
    forwardNext(result)
  }
}
