import RxCore
import RxTesting
import Testing

@Suite("Infallible.combineLatest of 2 to 8")
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
    #expect(c.subscriptions == [Subscription(200, 240)])
  }

  @Test("eight infallibles combine every source's latest value")
  func eight() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (1...8).map { k in
      scheduler.createHotObservable([.next(200 + 10 * k, k), .completed(400)]).asInfallible(
        onErrorJustReturn: 0)
    }
    let res = scheduler.start {
      Infallible.combineLatest(
        sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]
      ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }.asObservable()
    }
    #expect(res.events == [.next(280, 36), .completed(400)])
  }
}
