import RxCore
import RxTesting
import Testing

@Suite("groupBy", .resourceCheck)
struct GroupByTests {
  static let numbers: [Recorded<Event<Int>>] = [
    .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
    .next(420, 8), .next(470, 9),
  ]

  /// Words whose key is their lower-cased form: foo (220), bar (270), baz (350) and qux (360).
  static let words: [Recorded<Event<String>>] = [
    .next(90, "abc"), .next(220, "foo"), .next(240, "FoO"), .next(270, "baR"), .next(310, "fOO"),
    .next(350, "Baz"), .next(360, "qux"), .next(390, "bar"), .next(420, "BAR"), .next(470, "FOO"),
    .next(480, "baz"), .next(510, "bAZ"), .next(530, "fOo"),
  ]

  static let afterWords: [Recorded<Event<String>>] = [.next(580, "error"), .completed(600)]

  /// What the "foo" group receives of ``words`` before 320.
  static let fooBefore320: [Recorded<Event<String>>] = [
    .next(220, "foo"), .next(240, "FoO"), .next(310, "fOO"),
  ]

  /// What the "bar" group receives of ``words`` followed by completion at 570.
  static let barToEnd: [Recorded<Event<String>>] = [
    .next(270, "baR"), .next(390, "bar"), .next(420, "BAR"), .completed(570),
  ]

  /// Records what the subscribers of each group receive, keyed by the group's key.
  final class GroupRecorder {
    let scheduler: TestScheduler
    var results: [String: TestableObserver<String>] = [:]
    var subscriptions: [String: Disposable] = [:]
    var keys: [String] = []
    /// The subscription to the result of ``subscribeGroups(of:)``.
    var outer: Disposable?

    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    /// At 200, subscribes to `source` grouped by ``GroupByTests/key(_:)`` and records every group.
    func subscribeGroups(of source: TestableObservable<String>) {
      scheduler.scheduleAt(200) { [unowned self] in
        outer = source.groupBy(keySelector: GroupByTests.key).subscribe(onNext: { [unowned self] in
          subscribe($0)
        })
      }
    }

    func subscribe(_ group: GroupedObservable<String, String>) {
      let observer = scheduler.createObserver(String.self)
      keys.append(group.key)
      results[group.key] = observer
      subscriptions[group.key] = group.subscribe(observer)
    }
  }

  static func key(_ word: String) throws -> String {
    if word == "error" { throw TestError.boom }
    return word.lowercased()
  }

  @Test("values go to the group of their key, in order")
  func twoGroups() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.numbers + [.completed(600)])
    let res = scheduler.start {
      xs.groupBy { $0 % 2 }.enumerated().flatMap { index, group in group.map { "\(index) \($0)" } }
    }
    #expect(
      res.events == [
        .next(205, "0 1"), .next(210, "1 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "0 5"),
        .next(350, "1 6"), .next(370, "0 7"), .next(420, "1 8"), .next(470, "0 9"), .completed(600),
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])
  }

  @Test("a group is sent at the first value of its key; completion ends the result")
  func outerCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)] + Self.afterWords)
    var keyCalls = 0
    let res = scheduler.start {
      xs.groupBy { word -> String in
        keyCalls += 1
        return try Self.key(word)
      }.map(\.key)
    }
    #expect(
      res.events == [
        .next(220, "foo"), .next(270, "bar"), .next(350, "baz"), .next(360, "qux"), .completed(570),
      ])
    #expect(xs.subscriptions == [Subscription(200, 570)])
    #expect(keyCalls == 12)
  }

  @Test("an error of the source ends the result")
  func outerFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.error(570, TestError.other)] + Self.afterWords)
    let res = scheduler.start { xs.groupBy(keySelector: Self.key).map(\.key) }
    #expect(
      res.events == [
        .next(220, "foo"), .next(270, "bar"), .next(350, "baz"), .next(360, "qux"),
        .error(570, TestError.other),
      ])
    #expect(xs.subscriptions == [Subscription(200, 570)])
  }

  @Test("disposing the result with no group subscribed releases the source at once")
  func outerDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)])
    var keyCalls = 0
    let res = scheduler.start(disposed: 355) {
      xs.groupBy { word -> String in
        keyCalls += 1
        return try Self.key(word)
      }.map(\.key)
    }
    #expect(res.events == [.next(220, "foo"), .next(270, "bar"), .next(350, "baz")])
    #expect(xs.subscriptions == [Subscription(200, 355)])
    #expect(keyCalls == 5)
  }

  @Test("a throwing key selector fails every group and the result")
  func keySelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)])
    let recorder = GroupRecorder(scheduler)
    let outer = scheduler.createObserver(String.self)
    var keyCalls = 0
    scheduler.scheduleAt(200) {
      _ = xs.groupBy { word -> String in
        keyCalls += 1
        if keyCalls == 10 { throw TestError.boom }
        return word.lowercased()
      }
      .subscribe(
        onNext: { recorder.subscribe($0) }, onError: { outer.onError($0) },
        onCompleted: { outer.onCompleted() })
    }
    scheduler.start()
    #expect(outer.events == [.error(480, TestError.boom)])
    #expect(recorder.keys == ["foo", "bar", "baz", "qux"])
    #expect(
      recorder.results["foo"]?.events == [
        .next(220, "foo"), .next(240, "FoO"), .next(310, "fOO"), .next(470, "FOO"),
        .error(480, TestError.boom),
      ])
    #expect(recorder.results["qux"]?.events == [.next(360, "qux"), .error(480, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 480)])
    #expect(keyCalls == 10)
  }

  @Test("completion completes every group in the order they were made, then the result")
  func completionOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 3), .next(220, 1), .next(230, 2), .completed(300)])
    var log: [String] = []
    scheduler.scheduleAt(200) {
      _ = xs.groupBy { $0 }.subscribe(
        onNext: { group in _ = group.subscribe(onCompleted: { log.append("group \(group.key)") }) },
        onCompleted: { log.append("outer") })
    }
    scheduler.start()
    #expect(log == ["group 3", "group 1", "group 2", "outer"])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("an error fails every group with it, then the result")
  func errorReachesGroups() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.error(570, TestError.other)])
    let recorder = GroupRecorder(scheduler)
    scheduler.scheduleAt(200) {
      _ = xs.groupBy(keySelector: Self.key).subscribe(onNext: { recorder.subscribe($0) })
    }
    scheduler.start()
    #expect(recorder.keys == ["foo", "bar", "baz", "qux"])
    #expect(
      recorder.results["bar"]?.events == [
        .next(270, "baR"), .next(390, "bar"), .next(420, "BAR"), .error(570, TestError.other),
      ])
    #expect(recorder.results["qux"]?.events == [.next(360, "qux"), .error(570, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 570)])
  }

  @Test("groups are hot: a subscriber that arrives later sees only later values and the end")
  func lateGroupSubscribers() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)] + Self.afterWords)
    var results: [String: TestableObserver<String>] = [:]
    var subscriptions: [Disposable] = []
    var outer: Disposable?
    scheduler.scheduleAt(200) {
      outer = xs.groupBy(keySelector: Self.key).subscribe(onNext: { group in
        let observer = scheduler.createObserver(String.self)
        results[group.key] = observer
        subscriptions.append(
          scheduler.scheduleRelative((), dueTime: .seconds(100)) { _ in group.subscribe(observer) })
      })
    }
    scheduler.scheduleAt(1_000) {
      outer?.dispose()
      for subscription in subscriptions { subscription.dispose() }
    }
    scheduler.start()
    #expect(results.count == 4)
    #expect(results["foo"]?.events == [.next(470, "FOO"), .next(530, "fOo"), .completed(570)])
    #expect(results["bar"]?.events == [.next(390, "bar"), .next(420, "BAR"), .completed(570)])
    #expect(results["baz"]?.events == [.next(480, "baz"), .next(510, "bAZ"), .completed(570)])
    #expect(results["qux"]?.events == [.completed(570)])
    #expect(xs.subscriptions == [Subscription(200, 570)])
  }

  @Test("disposing the result and every group releases the source")
  func innerDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)])
    let recorder = GroupRecorder(scheduler)
    recorder.subscribeGroups(of: xs)
    scheduler.scheduleAt(400) {
      recorder.outer?.dispose()
      for subscription in recorder.subscriptions.values { subscription.dispose() }
    }
    scheduler.start()
    #expect(recorder.results["foo"]?.events == Self.fooBefore320)
    #expect(recorder.results["bar"]?.events == [.next(270, "baR"), .next(390, "bar")])
    #expect(recorder.results["baz"]?.events == [.next(350, "Baz")])
    #expect(recorder.results["qux"]?.events == [.next(360, "qux")])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test("subscribed groups outlive the result: no new group is sent, the source runs to its end")
  func outerIndependence() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)] + Self.afterWords)
    let recorder = GroupRecorder(scheduler)
    let outerKeys = scheduler.createObserver(String.self)
    var outer: Disposable?
    scheduler.scheduleAt(200) {
      outer = xs.groupBy(keySelector: Self.key).subscribe(onNext: { group in
        outerKeys.onNext(group.key)
        recorder.subscribe(group)
      })
    }
    scheduler.scheduleAt(320) { outer?.dispose() }
    scheduler.start()
    #expect(outerKeys.events == [.next(220, "foo"), .next(270, "bar")])
    #expect(recorder.keys == ["foo", "bar"])
    #expect(
      recorder.results["foo"]?.events == [
        .next(220, "foo"), .next(240, "FoO"), .next(310, "fOO"), .next(470, "FOO"), .next(530, "fOo"),
        .completed(570),
      ])
    #expect(recorder.results["bar"]?.events == Self.barToEnd)
    #expect(xs.subscriptions == [Subscription(200, 570)])
  }

  @Test("one group's subscriber leaving does not disturb the others")
  func innerIndependence() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)])
    let recorder = GroupRecorder(scheduler)
    recorder.subscribeGroups(of: xs)
    scheduler.scheduleAt(320) { recorder.subscriptions["foo"]?.dispose() }
    scheduler.start()
    #expect(recorder.results["foo"]?.events == Self.fooBefore320)
    #expect(recorder.results["bar"]?.events == Self.barToEnd)
    #expect(xs.subscriptions == [Subscription(200, 570)])
  }

  @Test("with the result disposed, the source is released when the last group subscriber leaves")
  func lastGroupReleasesSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.words + [.completed(570)])
    let recorder = GroupRecorder(scheduler)
    recorder.subscribeGroups(of: xs)
    scheduler.scheduleAt(300) { recorder.outer?.dispose() }
    scheduler.scheduleAt(400) { recorder.subscriptions["foo"]?.dispose() }
    scheduler.scheduleAt(450) { recorder.subscriptions["bar"]?.dispose() }
    scheduler.start()
    #expect(recorder.results["bar"]?.events == [.next(270, "baR"), .next(390, "bar"), .next(420, "BAR")])
    #expect(xs.subscriptions == [Subscription(200, 450)])
  }

  @Test("a group subscribed after the source ended gets the end at once")
  func escapedGroupAfterEnd() {
    for failure in [nil, TestError.boom] {
      let scheduler = TestScheduler(initialClock: 0)
      let end: Recorded<Event<String>> = failure.map { .error(570, $0) } ?? .completed(570)
      let xs = scheduler.createHotObservable([.next(220, "foo"), .next(240, "FoO"), end])
      let results = scheduler.createObserver(String.self)
      var escaped: GroupedObservable<String, String>?
      scheduler.scheduleAt(200) {
        _ = xs.groupBy(keySelector: Self.key).subscribe(onNext: { escaped = $0 }, onError: { _ in })
      }
      scheduler.scheduleAt(600) { _ = escaped?.subscribe(results) }
      scheduler.start()
      let expected: Recorded<Event<String>> = failure.map { .error(600, $0) } ?? .completed(600)
      #expect(results.events == [expected])
      #expect(xs.subscriptions == [Subscription(200, 570)])
    }
  }

  @Test("a group subscribed after the result was disposed gets nothing")
  func escapedGroupAfterDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(220, "foo"), .next(240, "FoO"), .error(570, TestError.boom),
    ])
    let results = scheduler.createObserver(String.self)
    var outer: Disposable?
    var escaped: GroupedObservable<String, String>?
    scheduler.scheduleAt(200) {
      outer = xs.groupBy(keySelector: Self.key).subscribe(onNext: { escaped = $0 })
    }
    scheduler.scheduleAt(400) { outer?.dispose() }
    var late: Disposable?
    scheduler.scheduleAt(600) { late = escaped?.subscribe(results) }
    scheduler.scheduleAt(700) { late?.dispose() }
    scheduler.start()
    #expect(results.events == [])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test("synchronous use: each group collected with its key")
  func synchronousUse() {
    var sums: [Int: Int] = [:]
    var completed = false
    _ = Observable.from(1...10).groupBy { $0 % 3 }
      .flatMap { group in group.reduce(0, accumulator: +).map { (group.key, $0) } }
      .subscribe(onNext: { sums[$0.0] = $0.1 }, onCompleted: { completed = true })
    #expect(sums == [1: 1 + 4 + 7 + 10, 2: 2 + 5 + 8, 0: 3 + 6 + 9])
    #expect(completed)
  }
}
