import Synchronization

/// The per-subscription worker of an operator: forwards events to the observer until disposed.
class Sink<Observer: ObserverType>: Disposable {
  // The flag comes first: stored before `observer`, whose size depends on the generic parameter, it
  // sits at a fixed offset, so the per-value check reads it without looking its offset up in metadata.
  private let disposedFlag = Atomic<Bool>(false)
  final let cancel: Cancelable
  final let observer: Observer
  // Counted in `Resources.total` in a TRACE_RESOURCES build; nothing otherwise.
  private let traced = TracedResource()

  init(observer: Observer, cancel: Cancelable) {
    self.observer = observer
    self.cancel = cancel
  }

  /// Sends `event` downstream unless the sink was disposed.
  @inline(__always)
  final func forwardOn(_ event: Event<Observer.Element>) {
    if disposedFlag.load(ordering: .relaxed) { return }
    observer.on(event)
  }

  /// Sends a value downstream unless the sink was disposed, without wrapping it in an `Event`.
  @inline(__always)
  final func forwardNext(_ element: Observer.Element) {
    if disposedFlag.load(ordering: .relaxed) { return }
    observer._deliverNext(element)
  }

  /// Sends a terminal event downstream and releases the sources at the same tick.
  final func forwardTerminal(_ event: Event<Observer.Element>) {
    forwardOn(event)
    dispose()
  }

  /// Ends the sequence with `error`. Kept out of line so that hot paths never touch `Event`'s type
  /// metadata unless they actually fail.
  @inline(never)
  final func forwardError(_ error: Swift.Error) {
    forwardTerminal(.error(error))
  }

  /// Completes the sequence (out of line, like ``forwardError(_:)``).
  @inline(never)
  final func forwardCompleted() {
    forwardTerminal(.completed)
  }

  /// Ends the sequence with the terminal `event` of a source, whose values may be of another type.
  ///
  /// For sinks that take values in `_deliverNext` and whose `on` only passes termination on.
  final func forwardStop<SourceElement>(_ event: Event<SourceElement>) {
    switch event {
    case .next:
      preconditionFailure("RxCore: forwardStop takes a terminal event")
    case .error(let error):
      forwardError(error)
    case .completed:
      forwardCompleted()
    }
  }

  final var isDisposed: Bool { disposedFlag.load(ordering: .relaxed) }

  func dispose() {
    disposedFlag.store(true, ordering: .relaxed)
    cancel.dispose()
  }
}

/// A sink that takes values in `_deliverNext` and only passes termination on: its `on` is this one.
protocol ValueSink: ObserverType {
  func _deliverNext(_ value: Element)
  func forwardStop<SourceElement>(_ event: Event<SourceElement>)
}

extension ValueSink {
  func on(_ event: Event<Element>) {
    if case .next(let value) = event {
      _deliverNext(value)
    } else {
      forwardStop(event)
    }
  }
}

/// A sink that passes the source's values straight through and decides what the source's end does:
/// its `_deliverNext` and `on` are these.
protocol PassThroughSink: ObserverType {
  func forwardNext(_ element: Element)
  /// The source ended with `event`, an error or the completion.
  func sourceEnded(_ event: Event<Element>)
}

extension PassThroughSink {
  func _deliverNext(_ value: Element) {
    forwardNext(value)
  }

  func on(_ event: Event<Element>) {
    if case .next(let value) = event {
      forwardNext(value)
    } else {
      sourceEnded(event)
    }
  }
}
