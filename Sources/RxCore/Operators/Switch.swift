extension ObservableType {
  /// Maps each value to an observable sequence and sends the values of the most recent one only.
  ///
  /// A new value disposes the previous inner sequence at once. Completes when this sequence and the
  /// current inner sequence completed; an error of either, or one thrown by `selector`, ends it.
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    FlatMap(source: asObservable(), rule: .latest, selector: selector)
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Sends the values of the most recent inner sequence only, disposing the previous one when a new
  /// one arrives.
  ///
  /// Completes when this sequence and the current inner sequence completed.
  public func switchLatest() -> Observable<Element.Element> {
    FlatMap(source: asObservable(), rule: .latest, selector: { $0 })
  }
}

/// Every event is handled inside `gate`, so `latest`, `hasLatest` and `stopped` are touched by one
/// thread at a time.
/// `innerSerial` (its own lock) holds the current inner subscription for disposal from any thread.
final class SwitchSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
  SelectingSink<SourceElement, Inner, Observer>, ObserverType
where Observer.Element == Inner.Element {
  typealias Element = SourceElement
  typealias InnerObserver = SwitchInnerObserver<SourceElement, Inner, Observer>

  enum Message {
    case outer(Event<SourceElement>)
    case inner(InnerObserver, Event<Inner.Element>)
  }

  let gate = SerialGate<Message>()
  private let innerSerial = SerialDisposable()

  // Gate-protected state. Inner sequences are told apart by id so that the sink does not retain them.
  private var latest = 0
  private var hasLatest = false
  private var stopped = false

  func run(_ source: Observable<SourceElement>) -> Disposable {
    outerSubscription.setDisposable(source.subscribe(self))
    return Disposables.create(outerSubscription, innerSerial)
  }

  func _deliverNext(_ value: SourceElement) {
    gate.send(.outer(.next(value)), to: handle) { outerNext(value) }
  }

  func on(_ event: Event<SourceElement>) {
    if case .next(let value) = event {
      _deliverNext(value)
    } else {
      send(.outer(event))
    }
  }

  // Whatever touches `Message` stays out of line, so that the hot paths need no metadata for it.
  @inline(never)
  private func send(_ message: Message) {
    gate.send(message) { handle($0) }
  }

  /// A value of an inner sequence, inside the gate.
  @inline(__always)
  func innerNext(_ inner: InnerObserver, _ value: Inner.Element) {
    if inner.id == latest { forwardNext(value) }
  }

  func handle(_ message: Message) {
    switch message {
    case .outer(.next(let value)):
      outerNext(value)
    case .outer(.error(let error)):
      forwardTerminal(.error(error))
    case .outer(.completed):
      if isDisposed { return }
      stopped = true
      outerSubscription.dispose()
      if !hasLatest { forwardTerminal(.completed) }
    case .inner(let inner, let event):
      innerEvent(inner, event)
    }
  }

  private func outerNext(_ value: SourceElement) {
    if isDisposed { return }
    guard let source = innerSequence(for: value) else { return }
    latest &+= 1
    hasLatest = true
    let inner = InnerObserver(parent: self, id: latest)
    // Disposes the previous inner subscription now, before the new one starts.
    innerSerial.disposable = inner
    inner.attach(source.subscribe(inner))
  }

  /// An event of an inner sequence, inside the gate.
  func innerEvent(_ inner: InnerObserver, _ event: Event<Inner.Element>) {
    if event.isStopEvent { inner.finish() }
    if inner.id != latest { return }
    switch event {
    case .next(let value):
      forwardNext(value)
    case .error:
      forwardTerminal(event)
    case .completed:
      hasLatest = false
      if stopped { forwardTerminal(.completed) }
    }
  }
}

/// Receives the events of one inner sequence of a ``SwitchSink``.
final class SwitchInnerObserver<
  SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType
>: InnerSubscription, ObserverType
where Observer.Element == Inner.Element {
  typealias Element = Inner.Element

  private let parent: SwitchSink<SourceElement, Inner, Observer>
  let id: Int

  init(parent: SwitchSink<SourceElement, Inner, Observer>, id: Int) {
    self.parent = parent
    self.id = id
  }

  func _deliverNext(_ value: Element) {
    let parent = self.parent
    parent.gate.send(.inner(self, .next(value)), to: parent.handle) { parent.innerNext(self, value) }
  }

  func on(_ event: Event<Element>) {
    let parent = self.parent
    parent.gate.send(.inner(self, event), to: parent.handle) { parent.innerEvent(self, event) }
  }
}
