import RxCore
import RxTesting
import Testing

@Suite("Infallible.zip of 2 to 8", .resourceCheck)
struct InfallibleZipTests {
  @Test("two infallibles pair their nth values; completes when both did, dropping an unpaired value")
  func two() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 3), .completed(260)])
    let b = scheduler.createHotObservable([.next(220, 10), .next(250, 20), .next(255, 30), .completed(290)])
    let res = scheduler.start {
      Infallible.zip(a.asInfallible(onErrorJustReturn: -1), b.asInfallible(onErrorJustReturn: -1)) {
        $0 + $1
      }.asObservable()
    }
    #expect(res.events == [.next(220, 11), .next(250, 23), .completed(290)])
    #expect(a.subscriptions == [Subscription(200, 260)])
    #expect(b.subscriptions == [Subscription(200, 290)])
  }

  @Test("three infallibles of different types; a source's error becomes its fallback value, paired in turn")
  func three() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(400)])
    let b = scheduler.createHotObservable([.next(220, "x"), .next(230, "y"), .completed(400)])
    let c = scheduler.createHotObservable([.next(225, 5), .error(235, TestError.boom)])
    let res = scheduler.start {
      Infallible.zip(
        a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: "?"),
        c.asInfallible(onErrorJustReturn: -1)
      ) { "\($0)\($1)\($2)" }.asObservable()
    }
    #expect(res.events == [.next(225, "1x5"), .next(235, "2y-1"), .completed(400)])
    #expect(a.subscriptions == [Subscription(200, 400)])
    #expect(b.subscriptions == [Subscription(200, 400)])
    #expect(c.subscriptions == [Subscription(200, 235)])
  }

  @Test("eight infallibles zip every source's nth value, once the slowest has sent it")
  func eight() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = (1...8).map { k in
      scheduler.createHotObservable([.next(200 + 10 * k, k), .next(300 + 10 * k, 10 * k), .completed(400)])
    }
    let s = hot.map { $0.asInfallible(onErrorJustReturn: 0) }
    let res = scheduler.start {
      Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
        [$0, $1, $2, $3, $4, $5, $6, $7]
      }.asObservable()
    }
    let firsts = Array(1...8)
    let seconds = firsts.map { 10 * $0 }
    #expect(res.events == [.next(280, firsts), .next(380, seconds), .completed(400)])
    #expect(hot.map(\.subscriptions) == Array(repeating: [Subscription(200, 400)], count: 8))
  }

  @Test("disposing the zipped infallible releases every source")
  func dispose() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = (1...5).map { k in scheduler.createHotObservable([.next(200 + 10 * k, k)]) }
    let s = hot.map { $0.asInfallible(onErrorJustReturn: 0) }
    let res = scheduler.start(disposed: 300) {
      Infallible.zip(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }.asObservable()
    }
    #expect(res.events == [.next(250, 15)])
    #expect(hot.map(\.subscriptions) == Array(repeating: [Subscription(200, 300)], count: 5))
  }
}
