extension AsyncSequence {
  /// An observable that iterates this sequence in a detached task for each subscriber.
  ///
  /// Each value becomes `onNext`; the end of the sequence, or its `CancellationError`, completes the
  /// observable, and any other error fails it. Disposing the subscription cancels the task.
  ///
  /// ```swift
  /// let lines = FileHandle.standardInput.bytes.lines.asObservable()
  /// ```
  ///
  /// - Parameter priority: The task's priority.
  /// - Returns: The observable.
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    Observable.create { observer in
      // Erased to a non-generic protocol so that the task does not capture this sequence's metatypes,
      // which need not be Sendable.
      let pump: any AsyncSequencePumping = AsyncSequencePump(sequence: self, observer: observer)
      let task = Task.detached(priority: priority) { await pump.run() }
      return Disposables.create { task.cancel() }
    }
  }
}

/// Work a detached task can run without knowing the sequence's type.
private protocol AsyncSequencePumping: Sendable {
  func run() async
}

/// Iterates one subscription's sequence into its observer.
// `@unchecked Sendable`: the sequence and the observer are handed to the one task that runs `run()` and
// used only there; RxCore observers accept events from any thread.
private final class AsyncSequencePump<Sequence: AsyncSequence>: AsyncSequencePumping, @unchecked Sendable {
  private let sequence: Sequence
  private let observer: AnyObserver<Sequence.Element>

  init(sequence: Sequence, observer: AnyObserver<Sequence.Element>) {
    self.sequence = sequence
    self.observer = observer
  }

  func run() async {
    do {
      for try await value in sequence {
        observer.onNext(value)
      }
      observer.onCompleted()
    } catch is CancellationError {
      observer.onCompleted()
    } catch {
      observer.onError(error)
    }
  }
}
