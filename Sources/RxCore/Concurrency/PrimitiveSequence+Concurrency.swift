extension PrimitiveSequenceType where Trait == SingleTrait {
  /// A single whose subscriptions each start a task running `work`; the task's result is the single's.
  ///
  /// Disposing the subscription cancels the task.
  ///
  /// ```swift
  /// let page = Single<Data>.create { try await session.data(from: url).0 }
  /// ```
  ///
  /// - Parameters:
  ///   - detached: Run `work` in a detached task rather than one that inherits the caller's context.
  ///   - priority: The task's priority.
  ///   - work: The operation; what it returns or throws ends the single.
  /// - Returns: The single.
  @_disfavoredOverload
  public static func create(
    detached: Bool = false, priority: TaskPriority? = nil,
    work: @Sendable @escaping () async throws -> Element
  ) -> Single<Element> {
    Single.create { single in
      // The observer ends the single once, from whichever thread the task finishes on.
      let observer = UncheckedSendable(single)
      let operation: @Sendable () async -> Void = {
        let result: SingleEvent<Element>
        do {
          result = .success(try await work())
        } catch {
          result = .failure(error)
        }
        observer.value(result)
      }
      let task =
        detached
        ? Task.detached(priority: priority, operation: operation)
        : Task(priority: priority, operation: operation)
      return Disposables.create { task.cancel() }
    }
  }

  /// Waits for the single's value.
  ///
  /// Cancelling the waiting task disposes the subscription and throws `CancellationError`, as does a
  /// subscription disposed from elsewhere.
  ///
  /// ```swift
  /// let catalog = try await client.categories().value
  /// ```
  ///
  /// - Throws: The single's error, or `CancellationError`.
  public var value: Element {
    get async throws {
      guard case .value(let element) = try await firstOutcome(of: primitiveSequence.source) else {
        rxFatalError("RxCore: a Single completed without a value")
      }
      return element
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// Waits for the maybe's value, or `nil` when it completes without one.
  ///
  /// Cancelling the waiting task disposes the subscription and throws `CancellationError`.
  ///
  /// - Throws: The maybe's error, or `CancellationError`.
  public var value: Element? {
    get async throws {
      switch try await firstOutcome(of: primitiveSequence.source) {
      case .value(let element): return element
      case .completed: return nil
      }
    }
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// Waits for the completable to complete.
  ///
  /// Cancelling the waiting task disposes the subscription and throws `CancellationError`.
  ///
  /// ```swift
  /// try await store.save(settings).value
  /// ```
  ///
  /// - Throws: The completable's error, or `CancellationError`.
  public var value: Void {
    get async throws {
      _ = try await firstOutcome(of: primitiveSequence.source)
    }
  }
}

/// How a trait's source ended first: with a value or with completion.
enum FirstOutcome<Element> {
  case value(Element)
  case completed
}

/// Subscribes to `source` and waits for its first value, its completion or its error; cancelling the
/// waiting task disposes the subscription.
func firstOutcome<Element>(of source: Observable<Element>) async throws -> FirstOutcome<Element> {
  let subscription = SingleAssignmentDisposable()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      let resume = ResumeOnce(continuation)
      subscription.setDisposable(
        source.subscribe(
          onNext: { resume.resume(with: .success(.value($0))) },
          onError: { resume.resume(with: .failure($0)) },
          onCompleted: { resume.resume(with: .success(.completed)) },
          onDisposed: { resume.resume(with: .failure(CancellationError())) }))
    }
  } onCancel: {
    subscription.dispose()
  }
}

/// A continuation that only its first caller resumes; the events that end a trait may come from any
/// thread, and a disposal after the end must not resume it twice.
// `@unchecked Sendable`: `continuation` is taken under `lock`.
private final class ResumeOnce<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var continuation: CheckedContinuation<Value, Swift.Error>?

  init(_ continuation: CheckedContinuation<Value, Swift.Error>) { self.continuation = continuation }

  func resume(with result: Result<Value, Swift.Error>) {
    let taken = lock.withLock { () -> CheckedContinuation<Value, Swift.Error>? in
      defer { continuation = nil }
      return continuation
    }
    taken?.resume(with: handOver(result))
  }
}
