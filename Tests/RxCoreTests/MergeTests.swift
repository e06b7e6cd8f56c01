import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("merge", .resourceCheck)
struct MergeTests {
  @Test("merge() flattens an observable of observables and completes after the outer and every inner")
  func mergeInstance() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(5, 3), .completed(50)])
    let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])
    let res = scheduler.start { xs.merge() }
    #expect(res.events == [.next(220, 1), .next(225, 3), .next(240, 2), .completed(270)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 250)])
    #expect(ys2.subscriptions == [Subscription(220, 270)])
  }

  @Test("merge() ends at once on an inner error")
  func mergeInstanceInnerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(5, 3), .error(10, TestError.boom)])
    let ys3 = scheduler.createColdObservable([.next(5, 4)])
    let xs = scheduler.createHotObservable([
      .next(210, ys1), .next(220, ys2), .next(240, ys3), .completed(250),
    ])
    let res = scheduler.start { xs.merge() }
    #expect(res.events == [.next(220, 1), .next(225, 3), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
    #expect(ys2.subscriptions == [Subscription(220, 230)])
    #expect(ys3.subscriptions == [])
  }

  @Test("Observable.merge subscribes every source at once and completes after the last")
  func staticVariadic() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(20, 2), .completed(30)])
    let ys3 = scheduler.createHotObservable([.next(190, 0), .next(215, 3), .completed(260)])
    let res = scheduler.start {
      Observable.merge(ys1.asObservable(), ys2.asObservable(), ys3.asObservable())
    }
    #expect(res.events == [.next(210, 1), .next(215, 3), .next(220, 2), .completed(260)])
    #expect(ys1.subscriptions == [Subscription(200, 240)])
    #expect(ys2.subscriptions == [Subscription(200, 230)])
    #expect(ys3.subscriptions == [Subscription(200, 260)])
  }

  @Test("Observable.merge of an array ends at once on an error")
  func staticArrayError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(20, 2), .error(25, TestError.boom)])
    let ys3 = scheduler.createHotObservable([.next(215, 3), .next(240, 4), .completed(260)])
    let res = scheduler.start {
      Observable.merge([ys1.asObservable(), ys2.asObservable(), ys3.asObservable()])
    }
    #expect(res.events == [.next(210, 1), .next(215, 3), .next(220, 2), .error(225, TestError.boom)])
    #expect(ys1.subscriptions == [Subscription(200, 225)])
    #expect(ys2.subscriptions == [Subscription(200, 225)])
    #expect(ys3.subscriptions == [Subscription(200, 225)])
  }

  @Test("Observable.merge of a collection, and of nothing")
  func staticCollection() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(20, 2), .completed(30)])
    let ys3 = scheduler.createColdObservable([.next(30, 3), .completed(50)])
    let all = [ys1.asObservable(), ys2.asObservable(), ys3.asObservable()]
    let res = scheduler.start { Observable.merge(all[1...]) }
    #expect(res.events == [.next(220, 2), .next(230, 3), .completed(250)])
    #expect(ys1.subscriptions == [])
    #expect(ys2.subscriptions == [Subscription(200, 230)])
    #expect(ys3.subscriptions == [Subscription(200, 250)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let res2 = scheduler2.start { Observable<Int>.merge([]) }
    #expect(res2.events == [.completed(200)])
  }

  @Test("disposal releases every source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
    let ys2 = scheduler.createHotObservable([.next(220, 2), .next(260, 3)])
    let res = scheduler.start(disposed: 250) { Observable.merge(ys1.asObservable(), ys2.asObservable()) }
    #expect(res.events == [.next(210, 1), .next(220, 2)])
    #expect(ys1.subscriptions == [Subscription(200, 250)])
    #expect(ys2.subscriptions == [Subscription(200, 250)])
  }

  @Test("synchronous sources merge in subscription order")
  func synchronousSources() {
    var received: [Int] = []
    var completions = 0
    _ = Observable.merge(Observable.just(1), Observable.just(2), Observable.empty(), Observable.just(3))
      .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [1, 2, 3])
    #expect(completions == 1)
  }

  @Test("8 subjects fed from 8 threads: no value lost, one completion after all, never re-entered")
  func concurrentSubjects() {
    let sourceCount = 8
    let perSource = 10_000
    let subjects = (0..<sourceCount).map { _ in PublishSubject<Int>() }
    let probe = ConcurrencyProbe()
    let done = DispatchSemaphore(value: 0)
    let lastSeen = Mutex<[Int]>(Array(repeating: -1, count: sourceCount))
    let outOfOrder = Atomic<Int>(0)
    let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(
      onNext: { value in
        probe.enter()
        probe.values.add(1, ordering: .relaxed)
        let source = value / perSource
        let index = value % perSource
        lastSeen.withLock { seen in
          if seen[source] != index - 1 { outOfOrder.add(1, ordering: .relaxed) }
          seen[source] = index
        }
        probe.exit()
      },
      onCompleted: {
        probe.complete()
        done.signal()
      })
    let feeders = UncheckedSendable(subjects)
    DispatchQueue.concurrentPerform(iterations: sourceCount) { source in
      let subject = feeders.value[source]
      for index in 0..<perSource { subject.onNext(source * perSource + index) }
      subject.onCompleted()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(probe.values.load(ordering: .relaxed) == sourceCount * perSource)
    #expect(probe.valuesAtCompletion.load(ordering: .relaxed) == sourceCount * perSource)
    #expect(probe.completions.load(ordering: .relaxed) == 1)
    #expect(probe.maxInFlight.load(ordering: .relaxed) == 1)
    #expect(outOfOrder.load(ordering: .relaxed) == 0)
    subscription.dispose()
  }

  @Test("flatMap of inners emitting on other threads: every value, one completion, never re-entered")
  func concurrentInners() {
    let innerCount = 64
    let perInner = 500
    let probe = ConcurrencyProbe()
    let done = DispatchSemaphore(value: 0)
    let subscription = Observable.from(0..<innerCount).flatMap { inner in
      Observable<Int>.create { observer in
        let box = UncheckedSendable(observer)
        DispatchQueue.global().async {
          for index in 0..<perInner { box.value.onNext(inner * perInner + index) }
          box.value.onCompleted()
        }
        return Disposables.create()
      }
    }.subscribe(
      onNext: { _ in
        probe.enter()
        probe.values.add(1, ordering: .relaxed)
        probe.exit()
      },
      onCompleted: {
        probe.complete()
        done.signal()
      })
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(probe.valuesAtCompletion.load(ordering: .relaxed) == innerCount * perInner)
    #expect(probe.completions.load(ordering: .relaxed) == 1)
    #expect(probe.maxInFlight.load(ordering: .relaxed) == 1)
    subscription.dispose()
  }

  @Test("disposing from another thread while inners emit stops delivery without crashing")
  func concurrentDisposal() {
    let subjects = (0..<4).map { _ in PublishSubject<Int>() }
    let probe = ConcurrencyProbe()
    let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(onNext: { _ in
      probe.enter()
      probe.values.add(1, ordering: .relaxed)
      probe.exit()
    })
    let feeders = UncheckedSendable((subjects, subscription))
    DispatchQueue.concurrentPerform(iterations: 5) { worker in
      if worker == 4 {
        feeders.value.1.dispose()
      } else {
        for index in 0..<5_000 { feeders.value.0[worker].onNext(index) }
      }
    }
    let after = probe.values.load(ordering: .relaxed)
    for subject in subjects { subject.onNext(1) }
    #expect(probe.values.load(ordering: .relaxed) == after)
    #expect(probe.maxInFlight.load(ordering: .relaxed) <= 1)
    #expect(subjects.allSatisfy { !$0.hasObservers })
  }
}

@Suite("merge(maxConcurrent:)", .resourceCheck)
struct MergeMaxConcurrentTests {
  @Test("queues inners beyond the limit in arrival order and subscribes the next in the tick a slot frees")
  func queuesInOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(30)])
    let ys2 = scheduler.createColdObservable([.next(5, 2), .next(50, 22), .completed(60)])
    let ys3 = scheduler.createColdObservable([.next(5, 3), .completed(10)])
    let ys4 = scheduler.createColdObservable([.next(5, 4), .completed(20)])
    let xs = scheduler.createHotObservable([
      .next(210, ys1), .next(220, ys2), .next(230, ys3), .next(235, ys4), .completed(250),
    ])
    let res = scheduler.start { xs.merge(maxConcurrent: 2) }
    #expect(
      res.events == [
        .next(220, 1), .next(225, 2), .next(245, 3), .next(255, 4), .next(270, 22), .completed(280),
      ])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys1.subscriptions == [Subscription(210, 240)])
    #expect(ys2.subscriptions == [Subscription(220, 280)])
    #expect(ys3.subscriptions == [Subscription(240, 250)])
    #expect(ys4.subscriptions == [Subscription(250, 270)])
  }

  @Test("completes when the outer completes with nothing running")
  func completesWithOuter() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let xs = scheduler.createHotObservable([.next(210, ys1), .completed(250)])
    let res = scheduler.start { xs.merge(maxConcurrent: 3) }
    #expect(res.events == [.next(220, 1), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
  }

  @Test("an inner error ends everything; queued inners are never subscribed")
  func innerErrorDropsQueue() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.boom)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let ys3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
    let xs = scheduler.createHotObservable([
      .next(210, ys1), .next(215, ys2), .next(220, ys3), .completed(300),
    ])
    let res = scheduler.start { xs.merge(maxConcurrent: 1) }
    #expect(res.events == [.next(220, 1), .error(240, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys1.subscriptions == [Subscription(210, 240)])
    #expect(ys2.subscriptions == [])
    #expect(ys3.subscriptions == [])
  }

  @Test("an outer error ends everything; queued inners are never subscribed")
  func outerErrorDropsQueue() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .error(230, TestError.other)])
    let res = scheduler.start { xs.merge(maxConcurrent: 1) }
    #expect(res.events == [.next(220, 1), .error(230, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
    #expect(ys2.subscriptions == [])
  }

  @Test("disposal releases the running inners; queued ones are never subscribed")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(100)])
    let ys3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
    let xs = scheduler.createHotObservable([
      .next(210, ys1), .next(215, ys2), .next(220, ys3), .completed(230),
    ])
    let res = scheduler.start(disposed: 260) { xs.merge(maxConcurrent: 2) }
    #expect(res.events == [.next(220, 1), .next(225, 2)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 260)])
    #expect(ys2.subscriptions == [Subscription(215, 260)])
    #expect(ys3.subscriptions == [])
  }

  @Test("100,000 synchronous inners through merge(maxConcurrent: 2) keep order and a flat stack")
  func manySynchronousInners() {
    let probe = StackProbe()
    var received: [Int] = []
    received.reserveCapacity(100_000)
    var completions = 0
    _ = Observable.from((0..<100_000).map { Observable.just($0) }).merge(maxConcurrent: 2).subscribe(
      onNext: { value in
        probe.mark()
        received.append(value)
      },
      onCompleted: { completions += 1 })
    #expect(received == Array(0..<100_000))
    #expect(completions == 1)
    #expect(probe.spread < 64 * 1024)
  }

  @Test("100,000 queued synchronous inners drain in one loop when a slot frees")
  func manyQueuedInners() {
    let outer = PublishSubject<Observable<Int>>()
    let blockers = [PublishSubject<Int>(), PublishSubject<Int>()]
    let probe = StackProbe()
    var received: [Int] = []
    received.reserveCapacity(100_000)
    var completions = 0
    let subscription = outer.merge(maxConcurrent: 2).subscribe(
      onNext: { value in
        probe.mark()
        received.append(value)
      },
      onCompleted: { completions += 1 })
    for blocker in blockers { outer.onNext(blocker.asObservable()) }
    for value in 0..<100_000 { outer.onNext(Observable.just(value)) }
    outer.onCompleted()
    #expect(received.isEmpty)
    blockers[0].onCompleted()
    #expect(received == Array(0..<100_000))
    #expect(completions == 0)
    blockers[1].onCompleted()
    #expect(completions == 1)
    #expect(probe.spread < 64 * 1024)
    subscription.dispose()
  }

  @Test("10,000 trampolined inners of 10 values through merge(maxConcurrent: 2) lose nothing")
  func manyTrampolinedInners() {
    var perInner: [Int: [Int]] = [:]
    var completions = 0
    let probe = StackProbe()
    _ = Observable.from((0..<10_000).map { inner in Observable.from((0..<10).map { inner * 10 + $0 }) })
      .merge(maxConcurrent: 2)
      .subscribe(
        onNext: { value in
          probe.mark()
          perInner[value / 10, default: []].append(value % 10)
        },
        onCompleted: { completions += 1 })
    #expect(perInner.count == 10_000)
    #expect(perInner.values.allSatisfy { $0 == Array(0..<10) })
    #expect(completions == 1)
    #expect(probe.spread < 64 * 1024)
  }

  @Test("trampolined inners take turns one value per step, and a queued inner starts as one completes")
  func trampolinedInnersOrder() {
    var log: [Int] = []
    var completed = false
    _ = Observable.from((1...4).map { inner in Observable.from((0..<3).map { inner * 10 + $0 }) })
      .merge(maxConcurrent: 2)
      .subscribe(onNext: { log.append($0) }, onCompleted: { completed = true })
    #expect(log == [10, 11, 20, 12, 21, 22, 30, 31, 40, 32, 41, 42])
    #expect(completed)
  }

  @Test("a subject of subjects, never more than the limit subscribed")
  func limitHolds() {
    let outer = PublishSubject<PublishSubject<Int>>()
    let inners = (0..<4).map { _ in PublishSubject<Int>() }
    var received: [Int] = []
    var completed = false
    let subscription = outer.merge(maxConcurrent: 2).subscribe(
      onNext: { received.append($0) }, onCompleted: { completed = true })
    for inner in inners { outer.onNext(inner) }
    #expect(inners.map(\.hasObservers) == [true, true, false, false])
    inners[2].onNext(99)  // not subscribed yet: lost
    inners[1].onNext(1)
    inners[1].onCompleted()
    #expect(inners.map(\.hasObservers) == [true, false, true, false])
    outer.onCompleted()
    inners[0].onCompleted()
    inners[2].onNext(2)
    #expect(inners.map(\.hasObservers) == [false, false, true, true])
    inners[2].onCompleted()
    #expect(!completed)
    inners[3].onCompleted()
    #expect(received == [1, 2])
    #expect(completed)
    subscription.dispose()
  }
}

/// Counts observer entries and the most that were ever in flight at once.
final class ConcurrencyProbe: Sendable {
  let inFlight = Atomic<Int>(0)
  let maxInFlight = Atomic<Int>(0)
  let values = Atomic<Int>(0)
  let completions = Atomic<Int>(0)
  let valuesAtCompletion = Atomic<Int>(-1)

  func enter() {
    let now = inFlight.add(1, ordering: .acquiringAndReleasing).newValue
    var seen = maxInFlight.load(ordering: .relaxed)
    while now > seen {
      let (exchanged, original) = maxInFlight.compareExchange(
        expected: seen, desired: now, ordering: .relaxed)
      if exchanged { break }
      seen = original
    }
  }

  func exit() {
    inFlight.subtract(1, ordering: .acquiringAndReleasing)
  }

  /// Records the completion, inside the probe, with how many values came before it.
  func complete() {
    enter()
    completions.add(1, ordering: .relaxed)
    valuesAtCompletion.store(values.load(ordering: .relaxed), ordering: .relaxed)
    exit()
  }
}
