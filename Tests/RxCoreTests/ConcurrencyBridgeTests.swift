import Dispatch
import RxCore
import Testing

/// A thread-safe log of what the sources did.
private final class Log: @unchecked Sendable {
  // Guarded by the semaphore used as a lock.
  private let lock = DispatchSemaphore(value: 1)
  private var entries: [String] = []

  func add(_ entry: String) {
    lock.wait()
    entries.append(entry)
    lock.signal()
  }

  var all: [String] {
    lock.wait()
    defer { lock.signal() }
    return entries
  }
}

/// Waits (without a fixed sleep) until `condition` holds, for at most ten seconds.
private func eventually(_ condition: () -> Bool) async -> Bool {
  let limit = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
  while DispatchTime.now().uptimeNanoseconds < limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

@Suite("async/await bridges", .resourceCheck, .mainLoopExclusive)
struct ConcurrencyBridgeTests {
  @Test("Observable.values yields every value and ends with the sequence")
  func observableValues() async throws {
    var received: [Int] = []
    for try await value in Observable.of(1, 2, 3).values { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test("Observable.values throws the sequence's error after its values")
  func observableValuesError() async {
    var received: [Int] = []
    await #expect(throws: TestError.self) {
      for try await value in Observable.of(1).concat(Observable<Int>.error(TestError.boom)).values {
        received.append(value)
      }
    }
    #expect(received == [1])
  }

  @Test("cancelling the task iterating Observable.values disposes the subscription")
  func observableValuesCancel() async throws {
    let log = Log()
    let subject = PublishSubject<Int>()
    let source = subject.do(onSubscribe: { log.add("subscribed") }, onDispose: { log.add("disposed") })
    let task = Task {
      var count = 0
      for try await _ in source.values { count += 1 }
      return count
    }
    #expect(await eventually { log.all == ["subscribed"] })
    subject.onNext(1)
    task.cancel()
    #expect(await eventually { log.all == ["subscribed", "disposed"] })
    _ = try? await task.value
  }

  @Test("Infallible.values and Driver.values yield every value without throwing")
  func infallibleAndDriverValues() async {
    var received: [Int] = []
    for await value in Infallible.from([1, 2]).values { received.append(value) }
    #expect(received == [1, 2])
    var driven: [Int] = []
    for await value in Observable.of(3, 4).asDriver(onErrorJustReturn: 0).values { driven.append(value) }
    #expect(driven == [3, 4])
    var signalled: [Int] = []
    for await value in Observable.of(5).asSignal(onErrorJustReturn: 0).values { signalled.append(value) }
    #expect(signalled == [5])
  }

  @Test("cancelling the task iterating Infallible.values disposes the subscription")
  func infallibleValuesCancel() async {
    let log = Log()
    let source = Infallible<Int>.never().asObservable()
      .do(onSubscribe: { log.add("subscribed") }, onDispose: { log.add("disposed") })
      .asInfallible(onErrorJustReturn: 0)
    let task = Task { for await _ in source.values {} }
    #expect(await eventually { log.all == ["subscribed"] })
    task.cancel()
    #expect(await eventually { log.all == ["subscribed", "disposed"] })
    await task.value
  }

  @Test("Single.value returns the value or throws the error")
  func singleValue() async throws {
    #expect(try await Single.just(42).value == 42)
    await #expect(throws: TestError.self) { try await Single<Int>.error(TestError.boom).value }
    let background = Single.just(7).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
    #expect(try await background.value == 7)
  }

  @Test("Maybe.value is the value, nil when empty, or throws")
  func maybeValue() async throws {
    #expect(try await Maybe.just(1).value == 1)
    #expect(try await Maybe<Int>.empty().value == nil)
    await #expect(throws: TestError.self) { try await Maybe<Int>.error(TestError.boom).value }
  }

  @Test("Completable.value returns on completion or throws")
  func completableValue() async throws {
    try await Completable.empty().value
    await #expect(throws: TestError.self) { try await Completable.error(TestError.boom).value }
  }

  @Test("cancelling the task awaiting Single.value disposes the subscription and throws CancellationError")
  func singleValueCancel() async {
    let log = Log()
    let source = Single<Int>.never().do(
      onSubscribe: { log.add("subscribed") }, onDispose: { log.add("disposed") })
    let task = Task { try await source.value }
    #expect(await eventually { log.all == ["subscribed"] })
    task.cancel()
    #expect(await eventually { log.all == ["subscribed", "disposed"] })
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("AsyncSequence.asObservable sends the values and completes")
  func asyncSequenceAsObservable() async throws {
    let stream = AsyncStream<Int> { continuation in
      for value in 1...3 { continuation.yield(value) }
      continuation.finish()
    }
    var received: [Int] = []
    for try await value in stream.asObservable().values { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test("AsyncSequence.asObservable fails with the sequence's error")
  func asyncSequenceAsObservableError() async {
    let stream = AsyncThrowingStream<Int, Swift.Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: TestError.boom)
    }
    await #expect(throws: TestError.self) { for try await _ in stream.asObservable().values {} }
  }

  @Test("disposing an AsyncSequence's observable cancels the iterating task")
  func asyncSequenceAsObservableDispose() async {
    let log = Log()
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.onTermination = { termination in
      if case .cancelled = termination { log.add("cancelled") }
    }
    let subscription = stream.asObservable().subscribe(onNext: { log.add("next \($0)") })
    continuation.yield(1)
    #expect(await eventually { log.all == ["next 1"] })
    subscription.dispose()
    #expect(await eventually { log.all == ["next 1", "cancelled"] })
  }

  @Test("Single.create with an async closure succeeds or fails with it")
  func singleCreateAsync() async throws {
    let answer = Single<Int>.create { () async throws -> Int in
      await Task.yield()
      return 42
    }
    #expect(try await answer.value == 42)
    let failing = Single<Int>.create { () async throws -> Int in throw TestError.boom }
    await #expect(throws: TestError.self) { try await failing.value }
    let detached = Single<Int>.create(detached: true) { () async throws -> Int in 5 }
    #expect(try await detached.value == 5)
  }

  @Test("disposing a Single made from an async closure cancels its task")
  func singleCreateAsyncCancels() async {
    let log = Log()
    let single = Single<Int>.create { () async throws -> Int in
      log.add("started")
      do {
        try await Task.sleep(nanoseconds: 60_000_000_000)
      } catch {
        log.add("cancelled")
        throw error
      }
      return 1
    }
    let subscription = single.subscribe(onSuccess: { _ in log.add("success") })
    #expect(await eventually { log.all == ["started"] })
    subscription.dispose()
    #expect(await eventually { log.all == ["started", "cancelled"] })
  }
}
