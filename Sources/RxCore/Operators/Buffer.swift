extension ObservableType {
  /// Collects values into arrays, each sent when it holds `count` values or when `timeSpan` has passed
  /// since the previous array was sent, whichever comes first.
  ///
  /// The first time span starts at subscription. A span that ends with nothing collected sends an empty
  /// array; an array sent because it was full starts a new span from that moment. On completion the
  /// values collected so far are sent (an empty array if there are none), then the completion; an error
  /// is forwarded at once and the collected values are dropped. A `count` of zero or less never fills,
  /// so arrays are then sent on time alone.
  /// ```swift
  /// // Up to 50 log lines per write, and at least one write a second.
  /// lines.buffer(timeSpan: .seconds(1), count: 50, scheduler: scheduler)
  /// ```
  /// - Parameters:
  ///   - timeSpan: The longest time an array collects values.
  ///   - count: The most values an array holds.
  ///   - scheduler: Where the time spans are measured and their ends are delivered.
  /// - Returns: A sequence of the collected arrays.
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]>
  {
    Chunking<BufferChunks<Element>>(
      source: asObservable(), limits: ChunkLimits(timeSpan: timeSpan, count: count, scheduler: scheduler))
  }
}

/// `buffer` collects the values of a chunk into an array.
enum BufferChunks<Element>: ChunkKind {
  typealias Chunk = [Element]

  static func makeSink<Observer: ObserverType>(limits: ChunkLimits, observer: Observer, cancel: Cancelable)
    -> ChunkingSink<Element, Observer>
  where Observer.Element == [Element] {
    BufferSink(limits: limits, observer: observer, cancel: cancel)
  }
}

// `collected` is only touched inside the gate of ``ChunkingSink``.
private final class BufferSink<Element, Observer: ObserverType>: ChunkingSink<Element, Observer>,
  @unchecked Sendable
where Observer.Element == [Element] {
  private var collected: [Element] = []

  override func add(_ value: Element) {
    collected.append(value)
  }

  override func chunkClosed() {
    let full = collected
    collected = []
    forwardNext(full)
  }

  override func sourceFailed(_ error: Swift.Error) {
    collected = []
    forwardError(error)
  }

  override func sourceCompleted() {
    let last = collected
    collected = []
    forwardNext(last)
    forwardCompleted()
  }
}
