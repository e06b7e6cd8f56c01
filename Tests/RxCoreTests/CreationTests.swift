import RxCore
import RxTesting
import Testing

@Suite("creation", .resourceCheck)
struct CreationTests {
  @Test("create: events after a terminal event are dropped, and the subscription is released")
  func createEnforcesGrammar() {
    var disposed = false
    var events: [Event<Int>] = []
    _ = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onCompleted()
      observer.onNext(2)
      observer.onError(TestError.boom)
      return Disposables.create { disposed = true }
    }.subscribe { events.append($0) }
    #expect(events == [.next(1), .completed])
    #expect(disposed)
  }

  @Test("create in virtual time: disposal runs the returned disposable")
  func createDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    var disposedAt: Int?
    let res = scheduler.start(disposed: 300) {
      Observable<Int>.create { observer in
        let pending = scheduler.scheduleRelative((), dueTime: .seconds(50)) { _ in
          observer.onNext(7)
          return Disposables.create()
        }
        return Disposables.create {
          pending.dispose()
          disposedAt = scheduler.clock
        }
      }
    }
    #expect(res.events == [.next(250, 7)])
    #expect(disposedAt == 300)
  }

  @Test("just, empty, error and never")
  func simpleFactories() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(
      TestScheduler(initialClock: 0).start { Observable.just(42) }.events == [
        .next(200, 42), .completed(200),
      ])
    #expect(TestScheduler(initialClock: 0).start { Observable<Int>.empty() }.events == [.completed(200)])
    #expect(
      TestScheduler(initialClock: 0).start { Observable<Int>.error(TestError.boom) }.events == [
        .error(200, TestError.boom)
      ])
    #expect(scheduler.start { Observable<Int>.never() }.events.isEmpty)
  }

  @Test("of and from emit in order, then complete; from(optional:) emits zero or one value")
  func ofAndFrom() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(
      scheduler.start { Observable.of(1, 2, 3) }.events
        == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    #expect(
      TestScheduler(initialClock: 0).start { Observable.from(Set([5])) }.events == [
        .next(200, 5), .completed(200),
      ])
    #expect(
      TestScheduler(initialClock: 0).start { Observable<Int>.from(optional: nil) }.events == [.completed(200)]
    )
    #expect(
      TestScheduler(initialClock: 0).start { Observable.from(optional: 9) }.events == [
        .next(200, 9), .completed(200),
      ])
  }

  @Test("from on a scheduler emits one value per scheduled step")
  func fromOnScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }
    #expect(res.events == [.next(201, 1), .next(202, 2), .completed(203)])
  }

  @Test("from on a scheduler stops when disposed")
  func fromDisposedMidway() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 202) { Observable.from([1, 2, 3], scheduler: scheduler) }
    #expect(res.events == [.next(201, 1)])
  }

  @Test("from interleaves with other trampolined work exactly like recursive scheduling")
  func trampolineOrder() {
    var log: [String] = []
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      _ = Observable.of(1, 2, 3).subscribe(onNext: { log.append("a\($0)") })
      _ = Observable.of(1, 2, 3).subscribe(onNext: { log.append("b\($0)") })
      return Disposables.create()
    }
    #expect(log == ["a1", "b1", "a2", "b2", "a3", "b3"])
  }

  @Test("from a sequence iterates it afresh for each subscription, and only as far as the values are taken")
  func fromSequenceIteratesLazily() {
    let counting = CountingSequence()
    let source = Observable.from(counting).take(2)
    var received: [Int] = []
    _ = source.subscribe(onNext: { received.append($0) })
    _ = source.subscribe(onNext: { received.append($0) })
    #expect(received == [0, 1, 0, 1])
    #expect(counting.counter.iterators == 2)
    #expect(counting.counter.elements == 4)
    #expect(
      TestScheduler(initialClock: 0).start { Observable.from(stride(from: 10, to: 40, by: 10)) }.events == [
        .next(200, 10), .next(200, 20), .next(200, 30), .completed(200),
      ])
  }

  @Test("a million elements through of/from do not grow the stack")
  func longSequence() {
    var count = 0
    _ = Observable.from(0..<1_000_000).subscribe(onNext: { _ in count += 1 })
    #expect(count == 1_000_000)
  }

  @Test("deferred builds a new sequence per subscriber and turns a thrown error into the sequence's error")
  func deferred() {
    var made = 0
    let source = Observable<Int>.deferred {
      made += 1
      return Observable.just(made)
    }
    var values: [Int] = []
    _ = source.subscribe(onNext: { values.append($0) })
    _ = source.subscribe(onNext: { values.append($0) })
    #expect(values == [1, 2])
    var events: [Event<Int>] = []
    _ = Observable<Int>.deferred { throw TestError.boom }.subscribe { events.append($0) }
    #expect(events == [.error(TestError.boom)])
  }
}

/// How often a ``CountingSequence`` was iterated.
private final class IterationCounter {
  var iterators = 0
  var elements = 0
}

/// The natural numbers, without end, counting the iterators made and the elements taken.
private struct CountingSequence: Sequence {
  let counter = IterationCounter()

  func makeIterator() -> AnyIterator<Int> {
    counter.iterators += 1
    var next = 0
    return AnyIterator { [counter] in
      counter.elements += 1
      defer { next += 1 }
      return next
    }
  }
}
