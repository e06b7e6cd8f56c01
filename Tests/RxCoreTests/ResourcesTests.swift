#if TRACE_RESOURCES
  import Dispatch
  import RxCore
  import RxTesting
  import Testing

  /// `Resources.total` itself (a `TRACE_RESOURCES` build only: `make test-resources`): what it counts
  /// rises while alive and falls back when released, so the after-each-test check can see a leak.
  @Suite("Resources.total", .resourceCheck)
  struct ResourcesTests {
    @Test("an observable chain is counted while it is alive")
    func observableCounted() {
      let before = Resources.total
      let chain = Observable.just(1).map { $0 + 1 }
      withExtendedLifetime(chain) {
        #expect(Resources.total >= before + 2)
      }
    }

    @Test("a subscription counts its sinks and observer until it is disposed")
    func subscriptionCounted() {
      let subject = PublishSubject<Int>()
      let chain = subject.map { $0 + 1 }.filter { $0 > 0 }
      let idle = Resources.total
      let subscription = chain.subscribe(onNext: { _ in })
      #expect(Resources.total > idle)
      subscription.dispose()
      #expect(Resources.total == idle)
      withExtendedLifetime((subject, chain)) {}
    }

    @Test("a subject and each disposable are counted")
    func subjectsAndDisposables() {
      let before = Resources.total
      let subject = BehaviorSubject(value: 0)
      let bag = DisposeBag()
      let serial = SerialDisposable()
      withExtendedLifetime((subject, bag, serial)) {
        // A subject is an observable and a subject (as in RxSwift), then one each for the other two.
        #expect(Resources.total == before + 4)
      }
    }

    @Test("a disposed subscription to a subject lets go of its observer while it is still held")
    func disposedSubjectSubscriptionReleasesObserver() {
      let before = Resources.total
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(onNext: { _ in })
      #expect(Resources.total > before + 2)
      subscription.dispose()
      withExtendedLifetime((subject, subscription)) {
        // The subject counts twice (an observable and a subject); its observer is gone.
        #expect(Resources.total == before + 2)
      }
    }

    @Test("observe(on:) a serial dispatch queue is counted while the observable lives, as in RxSwift")
    func serialQueueObservableCounted() {
      let before = Resources.numberOfSerialDispatchQueueObservables
      let scheduler = SerialDispatchQueueScheduler(qos: .default)
      do {
        let delivered = Observable.just(0).observe(on: scheduler)
        withExtendedLifetime(delivered) {
          #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
        }
      }
      #expect(Resources.numberOfSerialDispatchQueueObservables == before)
    }

    @Test("the count falls back once a serial-queue observable that delivered everything is released")
    func serialQueueObservableReleasedAfterWork() {
      let before = Resources.numberOfSerialDispatchQueueObservables
      let scheduler = SerialDispatchQueueScheduler(qos: .default)
      let done = DispatchSemaphore(value: 0)
      var values: [Int] = []
      do {
        let delivered = Observable.of(1, 2).observe(on: scheduler)
        let subscription = delivered.subscribe(
          onNext: { values.append($0) }, onCompleted: { done.signal() })
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
        subscription.dispose()
        withExtendedLifetime(delivered) {}
      }
      #expect(values == [1, 2])
      #expect(Resources.numberOfSerialDispatchQueueObservables == before)
    }

    @Test("observe(on:) any other scheduler is not counted")
    func otherSchedulersNotCounted() {
      let before = Resources.numberOfSerialDispatchQueueObservables
      let concurrent = Observable.just(0).observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
      let virtual = Observable.just(0).observe(on: TestScheduler(initialClock: 0))
      let main = Observable.just(0).observe(on: MainScheduler.instance)
      withExtendedLifetime((concurrent, virtual, main)) {
        #expect(Resources.numberOfSerialDispatchQueueObservables == before)
      }
    }
  }
#endif
