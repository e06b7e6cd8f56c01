extension ObservableType {
  /// Emits the latest value of this sequence each time `sampler` ticks, if a new one arrived since the
  /// previous tick; otherwise emits `defaultValue` when there is one.
  ///
  /// The sampler completing counts as a last tick. This sequence completing releases it; the result
  /// then completes at the next tick of the sampler (after emitting a pending value). An error from
  /// either sequence ends the result at once.
  /// ```swift
  /// positions.sample(Observable<Int>.interval(.seconds(1), scheduler: scheduler))
  /// ```
  public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil)
    -> Observable<Element>
  {
    Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
  }
}

private final class Sample<Element, SamplerElement>: Producer<Element> {
  private let source: Observable<Element>
  private let sampler: Observable<SamplerElement>
  private let defaultValue: Element?

  init(source: Observable<Element>, sampler: Observable<SamplerElement>, defaultValue: Element?) {
    self.source = source
    self.sampler = sampler
    self.defaultValue = defaultValue
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = SampleSink<SamplerElement, Observer>(
      defaultValue: defaultValue, observer: observer, cancel: cancel)
    return (sink, sink.run(source: source, sampler: sampler))
  }
}

// `pending` and `sourceDone` are only touched inside `gate`.
private final class SampleSink<SamplerElement, Observer: ObserverType>: Sink<Observer>, CombiningReceiver {
  typealias Element = Observer.Element

  enum Message: CombiningMessage {
    case value(Element)
    case tick
    case completed(Int)
    case failed(Swift.Error)
  }

  private static var sourceIndex: Int { 0 }
  private static var samplerIndex: Int { 1 }

  private let gate = SerialGate<Message>()
  private let defaultValue: Element?
  private let sourceSubscription = SingleAssignmentDisposable()
  private var pending: Element?
  private var sourceDone = false

  init(defaultValue: Element?, observer: Observer, cancel: Cancelable) {
    self.defaultValue = defaultValue
    super.init(observer: observer, cancel: cancel)
  }

  func run(source: Observable<Element>, sampler: Observable<SamplerElement>) -> Disposable {
    let sourceObserver = CombiningObserver(self, index: Self.sourceIndex, wrap: Message.value)
    sourceSubscription.setDisposable(source.subscribe(sourceObserver))
    let samplerObserver = CombiningObserver<SamplerElement, SampleSink>(self, index: Self.samplerIndex) { _ in
      Message.tick
    }
    let samplerSubscription = sampler.subscribe(samplerObserver)
    return Disposables.create(sourceSubscription, samplerSubscription)
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value(let value):
      pending = value
    case .tick:
      sampleTick()
    case .completed(let index):
      if index == Self.sourceIndex {
        sourceDone = true
        sourceSubscription.dispose()
      } else {
        sampleTick()
      }
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }

  private func sampleTick() {
    if let value = pending {
      pending = nil
      forwardOn(.next(value))
    } else if let defaultValue {
      forwardOn(.next(defaultValue))
    }
    if sourceDone { forwardTerminal(.completed) }
  }
}
