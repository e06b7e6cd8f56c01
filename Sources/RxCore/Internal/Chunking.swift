/// What a chunking operator makes of the values: ``BufferChunks`` (arrays) or ``WindowChunks``
/// (sequences).
protocol ChunkKind {
  associatedtype Element
  associatedtype Chunk

  /// The sink that makes the chunks for `observer`.
  static func makeSink<Observer: ObserverType>(limits: ChunkLimits, observer: Observer, cancel: Cancelable)
    -> ChunkingSink<Element, Observer>
  where Observer.Element == Chunk
}

/// When a chunk closes: when it holds `count` values, or when `timeSpan` has passed on `scheduler` since
/// it opened, whichever comes first. A `count` of zero or less never fills.
struct ChunkLimits {
  let timeSpan: RxTimeInterval
  let count: Int
  let scheduler: SchedulerType
}

/// The producer of `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)`.
final class Chunking<Kind: ChunkKind>: Producer<Kind.Chunk> {
  private let source: Observable<Kind.Element>
  private let limits: ChunkLimits

  init(source: Observable<Kind.Element>, limits: ChunkLimits) {
    self.source = source
    self.limits = limits
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Kind.Chunk {
    let sink = Kind.makeSink(limits: limits, observer: observer, cancel: cancel)
    return (sink, sink.run(source))
  }
}

/// The base of the sinks of ``Chunking``: counts the values of the current chunk and runs the timer of
/// its span; a subclass says what a value, the closing of a chunk and the end of the source do.
///
/// Source events and span ends are serialised by `gate`; the state here and in a subclass is only
/// touched inside its handlers (or in `run` before the source is subscribed).
class ChunkingSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  private enum Message {
    case event(Event<Element>)
    case spanEnded(UInt64)
  }

  private let limits: ChunkLimits
  private let gate = SerialGate<Message>()
  /// The timer of the current span.
  final let timer = SerialDisposable()
  /// How many values the current chunk holds.
  private var received = 0
  /// Identifies the current span, so that the end of a span closed early by a full chunk is ignored.
  private var span: UInt64 = 0

  init(limits: ChunkLimits, observer: Observer, cancel: Cancelable) {
    self.limits = limits
    super.init(observer: observer, cancel: cancel)
  }

  /// Starts the first span, then subscribes to `source`.
  ///
  /// The first span starts before the source is subscribed, so that a timer and a source event due at
  /// the same instant run in the order they were scheduled in.
  /// - Returns: What disposes the subscription and the timer.
  func run(_ source: Observable<Element>) -> Disposable {
    startFirstSpan()
    let subscription = source.subscribe(self)
    return Disposables.create(timer, subscription)
  }

  final func _deliverNext(_ value: Element) {
    gate.send(.event(.next(value)), to: handle) { receive(value) }
  }

  final func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      receive(value)
    case .event(.error(let error)):
      sourceFailed(error)
    case .event(.completed):
      sourceCompleted()
    case .spanEnded(let id):
      if id == span { closeChunk() }
    }
  }

  private func receive(_ value: Element) {
    add(value)
    received += 1
    if received == limits.count { closeChunk() }
  }

  private func closeChunk() {
    received = 0
    span &+= 1
    let current = span
    chunkClosed()
    startSpan(current)
  }

  /// Schedules the end of the first span.
  final func startFirstSpan() {
    startSpan(span)
  }

  /// Schedules the end of span `id`, replacing (and so cancelling) the previous span's timer.
  private func startSpan(_ id: UInt64) {
    if timer.isDisposed || id != span { return }
    let end = SingleAssignmentDisposable()
    timer.disposable = end
    end.setDisposable(
      limits.scheduler.scheduleRelative(self, dueTime: limits.timeSpan) { sink in
        sink.gate.send(.spanEnded(id)) { sink.handle($0) }
        return Disposables.create()
      })
  }

  /// Adds a value to the current chunk.
  func add(_ value: Element) { rxAbstractMethod() }

  /// Sends the current chunk, full or at the end of its span, and opens the next one.
  func chunkClosed() { rxAbstractMethod() }

  /// Ends the chunks with the source's error.
  func sourceFailed(_ error: Swift.Error) { rxAbstractMethod() }

  /// Ends the chunks with the source's completion.
  func sourceCompleted() { rxAbstractMethod() }
}
