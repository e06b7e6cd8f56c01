// Shared plumbing of the operators that combine a variable number of sources or that have no fast path
// (the collection forms of combineLatest and zip, withLatestFrom, sample): every source's events become
// messages of one enum that the sink handles through a single `SerialGate`, so the sink's state is only
// ever touched by one thread at a time and no lock is held while the observer is called. The fixed
// arities of combineLatest and zip (generated) use `CombiningSink` and their own typed inputs instead.

/// A message for the gate of a sink with several sources: a value of one source (cases of the
/// conforming enum), or how a source ended.
protocol CombiningMessage {
  /// Source `index` completed.
  static func completed(_ index: Int) -> Self
  /// A source failed with `error`.
  static func failed(_ error: Swift.Error) -> Self
}

/// A sink that receives the messages of all its sources.
protocol CombiningReceiver: AnyObject {
  associatedtype Message: CombiningMessage
  /// Handles `message` now or, when another thread is handling one, soon after, in order.
  func receive(_ message: Message)
}

/// The observer subscribed to source `index` of a combining sink: turns its events into messages.
///
/// Generic over the receiver, so delivery is a direct call, with no existential and no allocation.
struct CombiningObserver<Element, Receiver: CombiningReceiver>: ObserverType {
  let receiver: Receiver
  let index: Int
  let wrap: (Element) -> Receiver.Message

  init(_ receiver: Receiver, index: Int, wrap: @escaping (Element) -> Receiver.Message) {
    self.receiver = receiver
    self.index = index
    self.wrap = wrap
  }

  @inline(__always)
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value): receiver.receive(wrap(value))
    case .error(let error): receiver.receive(.failed(error))
    case .completed: receiver.receive(.completed(index))
    }
  }
}
