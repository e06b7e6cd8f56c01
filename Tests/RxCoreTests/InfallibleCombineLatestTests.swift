import RxCore
import RxTesting
import Testing

@Suite("Infallible.combineLatest of 2 to 8", .resourceCheck)
struct InfallibleCombineLatestTests {
  @Test("two infallibles: a value once both have one, then on each new value; completes when both did")
  func two() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 3), .completed(260)])
    let b = scheduler.createHotObservable([.next(220, 10), .next(250, 20), .completed(270)])
    let res = scheduler.start {
      Infallible.combineLatest(a.asInfallible(onErrorJustReturn: -1), b.asInfallible(onErrorJustReturn: -1)) {
        $0 + $1
      }.asObservable()
    }
    #expect(res.events == [.next(220, 11), .next(240, 13), .next(250, 23), .completed(270)])
    #expect(a.subscriptions == [Subscription(200, 260)])
    #expect(b.subscriptions == [Subscription(200, 270)])
  }

  @Test("three infallibles as a tuple; a source's error becomes its fallback value")
  func threeTuple() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, "b"), .completed(300)])
    let c = scheduler.createHotObservable([.next(230, 5), .error(240, TestError.boom)])
    let res = scheduler.start {
      Infallible.combineLatest(
        a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: "?"),
        c.asInfallible(onErrorJustReturn: -1)
      ).map { "\($0.0)\($0.1)\($0.2)" }.asObservable()
    }
    #expect(res.events == [.next(230, "1b5"), .next(240, "1b-1"), .completed(300)])
    #expect(a.subscriptions == [Subscription(200, 300)])
    #expect(b.subscriptions == [Subscription(200, 300)])
    #expect(c.subscriptions == [Subscription(200, 240)])
  }

  @Test("eight infallibles combine every source's latest value")
  func eight() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = (1...8).map { k in scheduler.createHotObservable([.next(200 + 10 * k, k), .completed(400)]) }
    let s = hot.map { $0.asInfallible(onErrorJustReturn: 0) }
    let res = scheduler.start {
      Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
        $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
      }.asObservable()
    }
    #expect(res.events == [.next(280, 36), .completed(400)])
    #expect(hot.map(\.subscriptions) == Array(repeating: [Subscription(200, 400)], count: 8))
  }

  @Test("eight infallibles as a tuple; disposing the result releases every source")
  func eightTuple() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = (1...8).map { k in scheduler.createHotObservable([.next(200 + 10 * k, k)]) }
    let s = hot.map { $0.asInfallible(onErrorJustReturn: 0) }
    let res = scheduler.start {
      Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        .map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] }.asObservable()
    }
    #expect(res.events == [.next(280, [1, 2, 3, 4, 5, 6, 7, 8])])
    #expect(hot.map(\.subscriptions) == Array(repeating: [Subscription(200, 1000)], count: 8))
  }
}
