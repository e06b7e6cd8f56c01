extension ObservableType {
  /// Continues with the sequence `handler` returns for the error when this sequence fails.
  ///
  /// This sequence is released at the tick it fails; an error thrown by `handler` ends the result.
  public func `catch`(
    _ handler: @escaping (Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    Catch(source: asObservable(), handler: handler)
  }

  /// Sends `element` and completes when this sequence fails.
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    Catch(source: asObservable(), handler: { _ in Observable.just(element) })
  }

  /// Subscribes to the sequences of `sequence` in turn, moving to the next one when one fails.
  ///
  /// Completes when one of them completes; when the sequences run out, the last error ends it.
  public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    SourceChain(sequence, count: nil, onError: .moveOn)
  }

  /// Subscribes to this sequence again each time it fails.
  public func retry() -> Observable<Element> {
    SourceChain(RepeatForever(asObservable()), count: nil, onError: .moveOn)
  }

  /// Subscribes to this sequence up to `maxAttemptCount` times in all while it fails.
  ///
  /// `retry(3)` subscribes at most three times, then sends the last error.
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    SourceChain(
      Swift.repeatElement(asObservable(), count: max(maxAttemptCount, 0)), count: nil, onError: .moveOn)
  }
}

/// The same element forever.
private struct RepeatForever<Element>: Sequence, IteratorProtocol {
  let element: Element

  init(_ element: Element) { self.element = element }

  mutating func next() -> Element? { element }
}

private final class Catch<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let handler: (Swift.Error) throws -> Observable<Element>

  init(source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
    self.source = source
    self.handler = handler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
    return (sink, sink.run(source))
  }
}

private final class CatchSink<Observer: ObserverType>: Sink<Observer>, PassThroughSink {
  typealias Element = Observer.Element

  private let handler: (Swift.Error) throws -> Observable<Element>
  private let current = SerialDisposable()

  init(
    handler: @escaping (Swift.Error) throws -> Observable<Element>, observer: Observer,
    cancel: Cancelable
  ) {
    self.handler = handler
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<Element>) -> Disposable {
    // The source may fail during `subscribe`; its slot must not overwrite the replacement's.
    let sourceSubscription = SingleAssignmentDisposable()
    current.disposable = sourceSubscription
    sourceSubscription.setDisposable(source.subscribe(self))
    return current
  }

  func sourceEnded(_ event: Event<Element>) {
    guard case .error(let error) = event else {
      forwardTerminal(event)
      return
    }
    let replacement: Observable<Element>
    do {
      replacement = try handler(error)
    } catch {
      forwardTerminal(.error(error))
      return
    }
    // Replaces (and so releases) the failed source's subscription.
    current.disposable = replacement.subscribe(CatchReplacementObserver(parent: self))
  }

  /// Events of the replacement sequence go straight downstream.
  func forwardReplacement(_ event: Event<Element>) {
    if case .next(let value) = event {
      forwardNext(value)
    } else {
      forwardTerminal(event)
    }
  }

  override func dispose() {
    super.dispose()
    current.dispose()
  }
}

private final class CatchReplacementObserver<Observer: ObserverType>: ObserverType {
  typealias Element = Observer.Element

  private let parent: CatchSink<Observer>

  init(parent: CatchSink<Observer>) { self.parent = parent }

  func _deliverNext(_ value: Element) { parent.forwardNext(value) }

  func on(_ event: Event<Element>) { parent.forwardReplacement(event) }
}
