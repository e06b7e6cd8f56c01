import Dispatch
import RxBlocking
import RxCore
import Testing

private enum Failure: Error, CustomStringConvertible {
  case boom
  var description: String { "boom" }
}

/// Thread-safe counter for work done on other threads.
private final class Counter: @unchecked Sendable {
  // Guarded by the semaphore used as a lock.
  private let lock = DispatchSemaphore(value: 1)
  private var count = 0

  func add() {
    lock.wait()
    count += 1
    lock.signal()
  }

  var value: Int {
    lock.wait()
    defer { lock.signal() }
    return count
  }
}

@Suite("BlockingObservable")
struct BlockingObservableTests {
  @Test("toArray returns every element of a synchronous sequence")
  func toArraySynchronous() throws {
    #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
    #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
  }

  @Test("toArray waits for a sequence produced on another thread")
  func toArrayAsynchronous() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let values = try Observable.of(1, 2, 3).observe(on: scheduler).toBlocking(timeout: 10).toArray()
    #expect(values == [1, 2, 3])
  }

  @Test("toArray rethrows the sequence's error")
  func toArrayError() {
    let failing = Observable.of(1, 2).concat(Observable<Int>.error(Failure.boom))
    #expect(throws: Failure.self) { try failing.toBlocking().toArray() }
  }

  @Test("first returns the first element and disposes the subscription; nil when empty")
  func first() throws {
    let disposed = Counter()
    let endless = Observable<Int>.create { observer in
      observer.onNext(7)
      observer.onNext(8)
      return Disposables.create { disposed.add() }
    }
    #expect(try endless.toBlocking(timeout: 10).first() == 7)
    #expect(disposed.value == 1)
    #expect(try Observable<Int>.empty().toBlocking().first() == nil)
  }

  @Test("first throws an error that comes before any element")
  func firstError() {
    #expect(throws: Failure.self) { try Observable<Int>.error(Failure.boom).toBlocking().first() }
  }

  @Test("last returns the last element; nil when empty")
  func last() throws {
    #expect(try Observable.of(1, 2, 3).toBlocking().last() == 3)
    #expect(try Observable<Int>.empty().toBlocking().last() == nil)
  }

  @Test("single returns the only element and rejects none or several")
  func single() throws {
    #expect(try Observable.just(5).toBlocking().single() == 5)
    #expect(throws: RxError.self) { try Observable<Int>.empty().toBlocking().single() }
    do {
      _ = try Observable.of(1, 2).toBlocking().single()
      Issue.record("two elements did not throw")
    } catch let error as RxError {
      guard case .moreThanOneElement = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
  }

  @Test("single stops at the second element instead of waiting for the end")
  func singleStopsEarly() {
    let neverEnding = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      return Disposables.create()
    }
    // An operator that waited for the end would throw `.timeout` after the 10 s, also an RxError:
    // the case and the time taken tell the two apart.
    let clock = ContinuousClock()
    let start = clock.now
    do {
      _ = try neverEnding.toBlocking(timeout: 10).single()
      Issue.record("two elements made a single element")
    } catch let error as RxError {
      guard case .moreThanOneElement = error else {
        Issue.record("expected moreThanOneElement, got \(error)")
        return
      }
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(clock.now - start < .seconds(5), "it waited for the timeout")
  }

  @Test("single(predicate) counts only the matching elements and rethrows the predicate's error")
  func singlePredicate() throws {
    #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
    do {
      _ = try Observable.of(1, 2, 3).toBlocking().single { $0 == 4 }
      Issue.record("no match did not throw")
    } catch let error as RxError {
      guard case .noElements = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(throws: Failure.self) {
      try Observable.of(1, 2).toBlocking().single { _ in throw Failure.boom }
    }
  }

  @Test("materialize reports completion and failure with the elements before it")
  func materialize() {
    guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
      Issue.record("a completed sequence did not materialize as completed")
      return
    }
    #expect(elements == [1, 2])
    let failing = Observable.of(1).concat(Observable<Int>.error(Failure.boom))
    guard case .failed(let before, let error) = failing.toBlocking().materialize() else {
      Issue.record("a failed sequence did not materialize as failed")
      return
    }
    #expect(before == [1])
    #expect(error is Failure)
  }

  @Test("a sequence that never ends throws RxError.timeout, with what it sent before, and is disposed")
  func timeout() {
    let disposed = Counter()
    let stuck = Observable<Int>.create { observer in
      observer.onNext(1)
      return Disposables.create { disposed.add() }
    }
    guard case .failed(let elements, let error) = stuck.toBlocking(timeout: 0.05).materialize() else {
      Issue.record("a stuck sequence did not time out")
      return
    }
    #expect(elements == [1])
    guard let rxError = error as? RxError, case .timeout = rxError else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(disposed.value == 1)
    #expect(throws: RxError.self) { try Observable<Int>.never().toBlocking(timeout: 0.05).toArray() }
  }
}
