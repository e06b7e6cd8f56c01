import Dispatch
import RxTesting
import Synchronization
import Testing

@testable import RxCore

/// A pair that can be compared in recorded events (tuples are not `Equatable`).
private struct Pair: Equatable, CustomStringConvertible {
  let first: Int
  let second: String
  init(_ first: Int, _ second: String) {
    self.first = first
    self.second = second
  }
  var description: String { "(\(first), \(second))" }
}

@Suite("combineLatest", .resourceCheck)
struct CombineLatestTests {
  // MARK: Values

  @Test("emits once every source has a value, then on each new value of any source")
  func emitsLatestCombination() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(230, 2), .next(260, 3), .completed(400),
    ])
    let ys = scheduler.createHotObservable([
      .next(150, "z"), .next(220, "a"), .next(240, "b"), .completed(300),
    ])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { Pair($0, $1) } }
    #expect(
      res.events == [
        .next(220, Pair(1, "a")), .next(230, Pair(2, "a")), .next(240, Pair(2, "b")),
        .next(260, Pair(3, "b")), .completed(400),
      ])
    #expect(xs.subscriptions == [Subscription(200, 400)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("the form without a selector emits tuples")
  func tupleForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
    let ys = scheduler.createHotObservable([.next(220, "a"), .completed(240)])
    let res = scheduler.start { Observable.combineLatest(xs, ys).map { Pair($0.0, $0.1) } }
    #expect(res.events == [.next(220, Pair(1, "a")), .next(230, Pair(2, "a")), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 240)])
  }

  @Test("simultaneous values at one tick each produce a combination, in arrival order")
  func sameTick() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let ys = scheduler.createHotObservable([.next(210, 10), .next(220, 20)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(210, 11), .next(220, 12), .next(220, 22)])
  }

  // MARK: Completion rules

  @Test("completes when all sources completed; each source is released when it completes")
  func completesWhenAllComplete() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let ys = scheduler.createHotObservable([.next(220, 2), .next(260, 3), .completed(300)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 3), .next(260, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("a source completing empty does not complete it alone (RxSwift 6)")
  func emptySourceAloneDoesNotComplete() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let never = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { Observable.combineLatest(empty, never) { $0 + $1 } }
    #expect(res.events == [])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(never.subscriptions == [Subscription(200, 1000)])
  }

  @Test("a value that can never be combined (every other source finished) completes it at that tick")
  func valueThatCanNeverBeCombinedCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .next(218, 3), .completed(220)])
    let res = scheduler.start { Observable.combineLatest(empty, other) { $0 + $1 } }
    #expect(res.events == [.completed(215)])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(other.subscriptions == [Subscription(200, 215)])
  }

  @Test("the same rule applies whichever position the empty source is in")
  func valueThatCanNeverBeCombinedOtherOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(210, Int.self)])
    let other = scheduler.createHotObservable([.next(215, 2), .completed(220)])
    let res = scheduler.start { Observable.combineLatest(other, empty) { $0 + $1 } }
    #expect(res.events == [.completed(215)])
    #expect(other.subscriptions == [Subscription(200, 215)])
  }

  @Test("an empty source completing after the other completed ends it (all done)")
  func bothCompleteWithoutCombination() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let ys = scheduler.createHotObservable([.completed(230, Int.self)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(200, 230)])
  }

  @Test("a completed source keeps its last value in the combination")
  func completedSourceKeepsLastValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(250)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(230, 11), .next(240, 21), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("never and never: nothing, both subscribed until disposal")
  func neverNever() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1)])
    let ys = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    #expect(ys.subscriptions == [Subscription(200, 1000)])
  }

  // MARK: Errors

  @Test("an error ends it at once and releases every source at that tick")
  func errorEndsAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(400)])
    let ys = scheduler.createHotObservable([.next(220, 10), .error(240, TestError.boom)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 11), .next(230, 12), .error(240, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(200, 240)])
  }

  @Test("an error before any value still ends it, even when another source never emits")
  func errorBeforeValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let never = scheduler.createHotObservable([.next(150, 1)])
    let failing = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])
    let res = scheduler.start { Observable.combineLatest(never, failing) { $0 + $1 } }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(never.subscriptions == [Subscription(200, 220)])
    #expect(failing.subscriptions == [Subscription(200, 220)])
  }

  @Test("the first error wins")
  func firstErrorWins() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.error(230, TestError.other, Int.self)])
    let ys = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("a throwing resultSelector errors at that tick and releases the sources")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
    let ys = scheduler.createHotObservable([.next(220, 10), .completed(400)])
    let res = scheduler.start {
      Observable.combineLatest(xs, ys) { x, y -> Int in
        if x == 2 { throw TestError.boom }
        return x + y
      }
    }
    #expect(res.events == [.next(220, 11), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(200, 230)])
  }

  // MARK: Disposal and synchronous sources

  @Test("disposal stops delivery and releases every source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
    let ys = scheduler.createHotObservable([.next(220, 10), .next(270, 20)])
    let res = scheduler.start(disposed: 250) { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 11)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("cold sources start at subscription")
  func coldSources() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
    let ys = scheduler.createColdObservable([.next(20, 10), .completed(50)])
    let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 11), .next(230, 12), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("synchronous sources interleave through the current-thread trampoline, as in RxSwift")
  func synchronousSources() {
    var received: [Int] = []
    var completed = false
    _ = Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20)) { $0 + $1 }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [11, 12, 22])
    #expect(completed)
  }

  @Test("just and just combine once and complete")
  func justAndJust() {
    var received: [Int] = []
    var completed = false
    _ = Observable.combineLatest(Observable.just(1), Observable.just(2)) { $0 * 10 + $1 }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [12])
    #expect(completed)
  }

  // MARK: Arity 3 and 4

  @Test("three sources, with a selector and as a tuple")
  func threeSources() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 10), .completed(260)])
    let c = scheduler.createHotObservable([.next(230, 100), .next(250, 200), .completed(280)])
    let res = scheduler.start { Observable.combineLatest(a, b, c) { $0 + $1 + $2 } }
    #expect(res.events == [.next(230, 111), .next(240, 112), .next(250, 212), .completed(300)])
    #expect(a.subscriptions == [Subscription(200, 300)])
    #expect(b.subscriptions == [Subscription(200, 260)])
    #expect(c.subscriptions == [Subscription(200, 280)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let x = scheduler2.createHotObservable([.next(210, 1)])
    let y = scheduler2.createHotObservable([.next(220, "a")])
    let z = scheduler2.createHotObservable([.next(230, 2.5)])
    let res2 = scheduler2.start { Observable.combineLatest(x, y, z).map { "\($0.0)\($0.1)\($0.2)" } }
    #expect(res2.events == [.next(230, "1a2.5")])
  }

  @Test("three sources: a value that can never be combined completes it")
  func threeSourcesNeverCombined() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let b = scheduler.createHotObservable([.completed(230, Int.self)])
    let c = scheduler.createHotObservable([.next(240, 100), .completed(300)])
    let res = scheduler.start { Observable.combineLatest(a, b, c) { $0 + $1 + $2 } }
    #expect(res.events == [.completed(240)])
    #expect(c.subscriptions == [Subscription(200, 240)])
  }

  @Test("four sources, with a selector and as a tuple; an error from the last ends it")
  func fourSources() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let b = scheduler.createHotObservable([.next(220, 10), .completed(400)])
    let c = scheduler.createHotObservable([.next(230, 100), .completed(400)])
    let d = scheduler.createHotObservable([.next(240, 1000), .next(250, 2000), .error(260, TestError.boom)])
    let res = scheduler.start { Observable.combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 } }
    #expect(res.events == [.next(240, 1111), .next(250, 2111), .error(260, TestError.boom)])
    for source in [a, b, c, d] { #expect(source.subscriptions == [Subscription(200, 260)]) }

    let scheduler2 = TestScheduler(initialClock: 0)
    let w = scheduler2.createHotObservable([.next(210, 1), .completed(300)])
    let x = scheduler2.createHotObservable([.next(220, "a"), .completed(300)])
    let y = scheduler2.createHotObservable([.next(230, true), .completed(300)])
    let z = scheduler2.createHotObservable([.next(240, 2), .next(250, 3), .completed(310)])
    let res2 = scheduler2.start {
      Observable.combineLatest(w, x, y, z).map { "\($0.0)\($0.1)\($0.2)\($0.3)" }
    }
    #expect(res2.events == [.next(240, "1atrue2"), .next(250, "1atrue3"), .completed(310)])
    #expect(w.subscriptions == [Subscription(200, 300)])
    #expect(z.subscriptions == [Subscription(200, 310)])
  }

  @Test("four sources: a throwing selector errors")
  func fourSourcesThrowingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1)])
    let b = scheduler.createHotObservable([.next(220, 2)])
    let c = scheduler.createHotObservable([.next(230, 3)])
    let d = scheduler.createHotObservable([.next(240, 4)])
    let res = scheduler.start {
      Observable.combineLatest(a, b, c, d) { _, _, _, _ -> Int in throw TestError.other }
    }
    #expect(res.events == [.error(240, TestError.other)])
    for source in [a, b, c, d] { #expect(source.subscriptions == [Subscription(200, 240)]) }
  }

  // MARK: Generated arities 3, 5 and 8

  @Test("five sources: emits once all have values; completes when all completed, each released then")
  func fiveSources() {
    let scheduler = TestScheduler(initialClock: 0)
    // Source k sends k at 210 + k, then 10 * k at 250 + k, and completes at 300 + 10 * k.
    let xs = (1...5).map { k in
      scheduler.createHotObservable([.next(210 + k, k), .next(250 + k, 10 * k), .completed(300 + 10 * k)])
    }
    let res = scheduler.start {
      Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4]) { $0 + $1 + $2 + $3 + $4 }
    }
    #expect(
      res.events == [
        .next(215, 15), .next(251, 24), .next(252, 42), .next(253, 69), .next(254, 105), .next(255, 150),
        .completed(350),
      ])
    for (index, x) in xs.enumerated() { #expect(x.subscriptions == [Subscription(200, 310 + 10 * index)]) }
  }

  @Test("eight sources, with a selector and as a tuple")
  func eightSources() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = (1...7).map { k in
      scheduler.createHotObservable([.next(210 + k, 1 << (k - 1)), .completed(400 - k)])
    }
    let later = scheduler.createHotObservable([.next(220, 1000), .next(230, 2000), .completed(300)])
    let res = scheduler.start {
      Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], later) {
        $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
      }
    }
    #expect(res.events == [.next(220, 1127), .next(230, 2127), .completed(399)])
    for (index, x) in xs.enumerated() { #expect(x.subscriptions == [Subscription(200, 399 - index)]) }
    #expect(later.subscriptions == [Subscription(200, 300)])

  }

  @Test("eight sources as a tuple, all values at once")
  func eightSourcesTuple() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let b = scheduler.createHotObservable([.next(211, "b"), .completed(300)])
    let c = scheduler.createHotObservable([.next(212, true), .completed(300)])
    let d = scheduler.createHotObservable([.next(213, 2.5), .completed(300)])
    let e = scheduler.createHotObservable([.next(214, 5), .next(240, 6), .completed(310)])
    let f = scheduler.createHotObservable([.next(215, "f"), .completed(300)])
    let g = scheduler.createHotObservable([.next(216, 7), .completed(300)])
    let h = scheduler.createHotObservable([.next(217, "h"), .completed(320)])
    let res = scheduler.start {
      Observable.combineLatest(a, b, c, d, e, f, g, h).map {
        "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)\($0.5)\($0.6)\($0.7)"
      }
    }
    #expect(res.events == [.next(217, "1btrue2.55f7h"), .next(240, "1btrue2.56f7h"), .completed(320)])
    #expect(e.subscriptions == [Subscription(200, 310)])
    #expect(h.subscriptions == [Subscription(200, 320)])
  }

  @Test("five and eight sources: a value that can never be combined completes it at that tick")
  func neverCombinedFiveAndEight() {
    for arity in [5, 8] {
      let scheduler = TestScheduler(initialClock: 0)
      // The first source completes empty; the others send a value and complete, except the last,
      // whose value at 250 can never be combined.
      let first = scheduler.createHotObservable([.completed(220, Int.self)])
      let middle = (2..<arity).map { k in scheduler.createHotObservable([.next(230, k), .completed(240)]) }
      let last = scheduler.createHotObservable([.next(250, 100), .next(260, 200), .completed(300)])
      let xs = [first] + middle + [last]
      let res = scheduler.start { () -> Observable<Int> in
        if arity == 5 {
          return Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4]) { $0 + $1 + $2 + $3 + $4 }
        }
        return Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7]) {
          $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
        }
      }
      #expect(res.events == [.completed(250)])
      #expect(first.subscriptions == [Subscription(200, 220)])
      for x in middle { #expect(x.subscriptions == [Subscription(200, 240)]) }
      #expect(last.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test("three, five and eight sources: an error ends it at once and releases every source")
  func errorsThreeFiveEight() {
    for arity in [3, 5, 8] {
      let scheduler = TestScheduler(initialClock: 0)
      var xs = (1...arity).map { k in scheduler.createHotObservable([.next(210 + k, k), .completed(500)]) }
      xs[arity / 2] = scheduler.createHotObservable([.next(210, 0), .error(240, TestError.boom)])
      let res = scheduler.start { () -> Observable<Int> in
        switch arity {
        case 3: return Observable.combineLatest(xs[0], xs[1], xs[2]) { $0 + $1 + $2 }
        case 5: return Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4]) { $0 + $1 + $2 + $3 + $4 }
        default:
          return Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7]) {
            $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
          }
        }
      }
      let firstSum = (1...arity).reduce(0, +) - (arity / 2 + 1)
      #expect(res.events == [.next(210 + arity, firstSum), .error(240, TestError.boom)])
      for x in xs { #expect(x.subscriptions == [Subscription(200, 240)]) }
    }
  }

  @Test("five sources: a throwing selector errors and releases every source")
  func fiveSourcesThrowingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = (1...5).map { k in scheduler.createHotObservable([.next(210 + k, k), .next(230, 10)]) }
    let res = scheduler.start {
      Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4]) { a, _, _, _, _ -> Int in
        if a == 10 { throw TestError.other }
        return a
      }
    }
    #expect(res.events == [.next(215, 1), .error(230, TestError.other)])
    for x in xs { #expect(x.subscriptions == [Subscription(200, 230)]) }
  }

  // MARK: Collection

  @Test("collection: emits arrays of the latest values")
  func collectionArrays() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 2), .completed(250)])
    let c = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(280)])
    let res = scheduler.start { Observable.combineLatest([a, b, c]) }
    #expect(
      res.events == [.next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .next(260, [4, 2, 6]), .completed(300)])
    #expect(a.subscriptions == [Subscription(200, 300)])
    #expect(b.subscriptions == [Subscription(200, 250)])
    #expect(c.subscriptions == [Subscription(200, 280)])
  }

  @Test("collection with a resultSelector")
  func collectionSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(240, 4)])
    let b = scheduler.createHotObservable([.next(220, 2)])
    let res = scheduler.start { Observable.combineLatest([a, b]) { $0.reduce(0, +) } }
    #expect(res.events == [.next(220, 3), .next(240, 6)])
  }

  @Test("collection: empty emits [] at subscription, then completes (RxSwift 6)")
  func collectionEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.combineLatest([TestableObservable<Int>]()) }
    #expect(res.events == [.next(200, []), .completed(200)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let res2 = scheduler2.start {
      Observable.combineLatest([Observable<Int>]()) { values -> Int in
        if values.isEmpty { throw TestError.boom }
        return 0
      }
    }
    #expect(res2.events == [.error(200, TestError.boom)])
  }

  @Test("collection: a value that can never be combined completes it; an empty source alone does not")
  func collectionCompletionRules() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.completed(210, Int.self)])
    let b = scheduler.createHotObservable([.next(220, 2), .completed(230)])
    let c = scheduler.createHotObservable([.next(240, 3), .completed(300)])
    let res = scheduler.start { Observable.combineLatest([a, b, c]) }
    #expect(res.events == [.completed(240)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 230)])
    #expect(c.subscriptions == [Subscription(200, 240)])
  }

  @Test("collection: errors and throwing selectors end it at once")
  func collectionErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let b = scheduler.createHotObservable([.next(220, 2), .error(230, TestError.boom)])
    let res = scheduler.start { Observable.combineLatest([a, b]) }
    #expect(res.events == [.next(220, [1, 2]), .error(230, TestError.boom)])
    #expect(a.subscriptions == [Subscription(200, 230)])
    #expect(b.subscriptions == [Subscription(200, 230)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let x = scheduler2.createHotObservable([.next(210, 1), .next(230, 5)])
    let y = scheduler2.createHotObservable([.next(220, 2)])
    let res2 = scheduler2.start {
      Observable.combineLatest([x, y]) { values -> Int in
        if values[0] == 5 { throw TestError.other }
        return values.reduce(0, +)
      }
    }
    #expect(res2.events == [.next(220, 3), .error(230, TestError.other)])
    #expect(x.subscriptions == [Subscription(200, 230)])
    #expect(y.subscriptions == [Subscription(200, 230)])
  }

  @Test("collection: disposal releases every source")
  func collectionDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(400, 3)])
    let res = scheduler.start(disposed: 300) { Observable.combineLatest([a, b]) }
    #expect(res.events == [.next(220, [1, 2])])
    #expect(a.subscriptions == [Subscription(200, 300)])
    #expect(b.subscriptions == [Subscription(200, 300)])
  }

  // MARK: Threads

  @Test("concurrent emission from two threads: every event processed, observer never re-entered")
  func concurrentEmission() {
    let count = 10_000
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let inFlight = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let recorder = Mutex<[(Int, Int)]>([])
    let done = DispatchSemaphore(value: 0)

    let subscription = Observable.combineLatest(first, second).subscribe(onNext: { pair in
      if inFlight.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      recorder.withLock { $0.append(pair) }
      inFlight.subtract(1, ordering: .acquiringAndReleasing)
    })

    let subjects = UncheckedSendable((first, second))
    DispatchQueue.global().async {
      for value in 0..<count { subjects.value.0.onNext(value) }
      done.signal()
    }
    DispatchQueue.global().async {
      for value in 0..<count { subjects.value.1.onNext(value) }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(done.wait(timeout: .now() + 30) == .success)
    subscription.dispose()

    let pairs = recorder.withLock { $0 }
    #expect(overlaps.load(ordering: .relaxed) == 0)
    guard let firstPair = pairs.first, let lastPair = pairs.last else {
      Issue.record("nothing was emitted")
      return
    }
    // Every event after the first combination produces exactly one combination, one step apart.
    let eventsBeforeFirst = firstPair.0 + firstPair.1 + 2
    #expect(pairs.count == 2 * count - eventsBeforeFirst + 1)
    var lost = 0
    for (previous, next) in zip(pairs, pairs.dropFirst()) {
      let step = (next.0 - previous.0, next.1 - previous.1)
      if !(step == (1, 0) || step == (0, 1)) { lost += 1 }
    }
    #expect(lost == 0)
    #expect(lastPair.0 == count - 1 && lastPair.1 == count - 1)
  }
}
