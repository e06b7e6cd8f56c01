import Dispatch
import RxCore
import RxTesting
import Testing

/// Runs `body` as a block of the main queue (where the main scheduler runs actions at once, as it does
/// on RxSwift's main queue) and waits for it.
private func onMainQueue(_ body: @escaping () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  let box = UncheckedSendable(body)
  DispatchQueue.main.async {
    box.value()
    done.signal()
  }
  return done.wait(timeout: .now() + 10) == .success
}

// Every test here runs on the main queue, with no run loop attached, so they share the gate of the
// other suites that touch the main scheduler.
@Suite("Driver ordering", .resourceCheck, .serialized, .mainLoopExclusive)
struct DriverOrderingTests {
  /// A driver that sends `item` and completes as soon as it is subscribed to.
  private func sampleDriver(_ item: String) -> Driver<String> {
    Observable.create { observer in
      observer.onNext(item)
      observer.onCompleted()
      return Disposables.create()
    }
    .asDriver(onErrorJustReturn: "")
  }

  @Test("a value sent while another driver's action runs is delivered at once, in order")
  func synchronousSubscriptions() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(String.self)
    let ran = onMainQueue {
      var bag = DisposeBag()
      let relay = BehaviorRelay(value: "initial")
      relay.asDriver().drive(observer).disposed(by: bag)
      sampleDriver("first").drive(relay).disposed(by: bag)
      sampleDriver("second").drive(relay).disposed(by: bag)
      Observable.just("third").bind(to: relay).disposed(by: bag)
      bag = DisposeBag()
    }
    #expect(ran)
    #expect(
      observer.events == [.next(0, "initial"), .next(0, "first"), .next(0, "second"), .next(0, "third")])
  }

  @Test("after nested driver actions the shared main scheduler still runs an action at once")
  func mainSchedulerNotLeftBusy() {
    var log: [String] = []
    let ran = onMainQueue {
      let bag = DisposeBag()
      let relay = BehaviorRelay(value: 0)
      relay.asDriver().drive(onNext: { _ in }).disposed(by: bag)
      Observable.just(1).asDriver(onErrorJustReturn: 0).drive(relay).disposed(by: bag)
      _ = MainScheduler.instance.schedule(()) { _ in
        log.append("action")
        return Disposables.create()
      }
      log.append("after schedule")
    }
    #expect(ran)
    #expect(log == ["action", "after schedule"])
  }

  @Test("SharingScheduler.mock makes drivers deliver on the given scheduler")
  func mockScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    let subject = PublishSubject<Int>()
    // Delivery through the test scheduler takes one tick, as RxSwift's immediate virtual-time actions do.
    SharingScheduler.mock(scheduler: scheduler) {
      scheduler.scheduleAt(100) { _ = subject.asDriver(onErrorJustReturn: -1).drive(observer) }
      scheduler.scheduleAt(200) { subject.onNext(1) }
      scheduler.scheduleAt(300) { subject.onError(TestError.boom) }
      scheduler.start()
    }
    #expect(observer.events == [.next(201, 1), .next(301, -1), .completed(301)])
  }
}
