import RxCore

extension BlockingObservable {
  /// Blocks until the sequence ends and returns every element.
  ///
  /// - Throws: The sequence's error, or `RxError.timeout`.
  public func toArray() throws -> [Element] {
    try elementsOrThrow(collect())
  }

  /// Blocks until the first element or the end, and returns that element, or `nil` when the sequence
  /// completed empty. The subscription is disposed after the first element.
  ///
  /// - Throws: The sequence's error if it failed before any element, or `RxError.timeout`.
  public func first() throws -> Element? {
    try elementsOrThrow(collect(max: 1)).first
  }

  /// Blocks until the sequence ends and returns its last element, or `nil` when it was empty.
  ///
  /// - Throws: The sequence's error, or `RxError.timeout`.
  public func last() throws -> Element? {
    try elementsOrThrow(collect()).last
  }

  /// Blocks until the sequence ends and returns its only element.
  ///
  /// - Throws: `RxError.noElements` when it was empty, `RxError.moreThanOneElement` as soon as a
  ///   second element arrives, the sequence's error, or `RxError.timeout`.
  public func single() throws -> Element {
    try single { _ in true }
  }

  /// Blocks until the sequence ends and returns its only element that satisfies `predicate`.
  ///
  /// - Parameter predicate: Chooses the elements that count; an error it throws is rethrown.
  /// - Throws: `RxError.noElements` when none matched, `RxError.moreThanOneElement` as soon as a second
  ///   one matches, the sequence's or the predicate's error, or `RxError.timeout`.
  public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
    let elements = try elementsOrThrow(collect(max: 2, predicate: predicate))
    if elements.count > 1 { throw RxError.moreThanOneElement }
    guard let only = elements.first else { throw RxError.noElements }
    return only
  }

  /// Blocks until the sequence ends and returns how it ended with its elements; never throws.
  ///
  /// ```swift
  /// if case .failed(let elements, let error) = source.toBlocking(timeout: 1).materialize() { … }
  /// ```
  public func materialize() -> MaterializedSequenceResult<Element> {
    collect()
  }

  private func elementsOrThrow(_ result: MaterializedSequenceResult<Element>) throws -> [Element] {
    switch result {
    case .completed(let elements): return elements
    case .failed(_, let error): throw error
    }
  }

  /// Subscribes, keeps the elements `predicate` accepts, and stops at the end, at `max` accepted
  /// elements, or at the timeout.
  private func collect(max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true })
    -> MaterializedSequenceResult<Element>
  {
    let gate = BlockingGate()
    let run = BlockingRun<Element>(gate: gate, max: max, predicate: predicate)
    let subscription = SingleAssignmentDisposable()
    run.subscription = subscription
    subscription.setDisposable(source.subscribe { event in run.on(event) })
    let finished = gate.wait(timeout: timeout)
    subscription.dispose()
    return run.result(timedOut: !finished)
  }
}

/// What one blocking operator has collected so far; events may come from any thread.
// `@unchecked Sendable`: `elements`, `error` and `done` are guarded by `lock`.
private final class BlockingRun<Element>: @unchecked Sendable {
  private let gate: BlockingGate
  private let max: Int?
  private let predicate: (Element) throws -> Bool
  private let lock = Lock()
  private var elements: [Element] = []
  private var error: Swift.Error?
  private var done = false
  var subscription: SingleAssignmentDisposable?

  init(gate: BlockingGate, max: Int?, predicate: @escaping (Element) throws -> Bool) {
    self.gate = gate
    self.max = max
    self.predicate = predicate
  }

  func on(_ event: Event<Element>) {
    if lock.withLock({ done }) { return }
    switch event {
    case .next(let element):
      // The predicate is user code, so it runs outside the lock.
      let accepted: Bool
      do {
        accepted = try predicate(element)
      } catch {
        finish(error: error)
        return
      }
      let full = lock.withLock { () -> Bool in
        if accepted { elements.append(element) }
        if let max { return elements.count >= max }
        return false
      }
      if full { finish(error: nil) }
    case .error(let error):
      finish(error: error)
    case .completed:
      finish(error: nil)
    }
  }

  private func finish(error: Swift.Error?) {
    let first = lock.withLock { () -> Bool in
      if done { return false }
      done = true
      self.error = error
      return true
    }
    guard first else { return }
    subscription?.dispose()
    gate.open()
  }

  func result(timedOut: Bool) -> MaterializedSequenceResult<Element> {
    lock.withLock {
      if timedOut && !done {
        done = true
        return .failed(elements: elements, error: RxError.timeout)
      }
      if let error { return .failed(elements: elements, error: error) }
      return .completed(elements: elements)
    }
  }
}
