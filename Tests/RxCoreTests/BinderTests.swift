import Dispatch
import RxCore
import RxTesting
import Testing

private final class Label: ReactiveCompatible {
  var text = ""
  var count = 0
}

extension Reactive where Base: Label {
  /// A binder of the label's count, written through the base.
  fileprivate var count: Binder<Int> {
    Binder(base) { label, value in label.count = value }
  }
}

// The `.rx` test binds on the main queue (a binder's default scheduler is a new main scheduler), so
// this suite shares the gate of the other suites that touch it.
@Suite("Binder and Reactive", .resourceCheck, .mainLoopExclusive)
struct BinderTests {
  @Test("a binder runs its binding on its scheduler and ignores completion")
  func bindsOnScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let label = Label()
    let binder = Binder<String>(label, scheduler: scheduler) { label, text in label.text = text }
    binder.on(.next("a"))
    #expect(label.text == "")
    scheduler.start()
    #expect(label.text == "a")
    binder.on(.completed)
    binder.on(.next("b"))
    scheduler.start()
    #expect(label.text == "b")
  }

  @Test("a binder holds its target weakly and drops values once it is gone")
  func weakTarget() {
    let scheduler = TestScheduler(initialClock: 0)
    var label: Label? = Label()
    weak let weakLabel = label
    var bound = 0
    let binder = Binder<Int>(label!, scheduler: scheduler) { _, _ in bound += 1 }
    label = nil
    #expect(weakLabel == nil)
    binder.on(.next(1))
    scheduler.start()
    #expect(bound == 0)
  }

  @Test(".rx gives dynamic-member binders for writable properties and custom extensions")
  func reactiveNamespace() {
    let label = Label()
    let done = DispatchSemaphore(value: 0)
    // On the main queue a binder's main scheduler binds at once.
    let body = UncheckedSendable({
      let bag = DisposeBag()
      Observable.just("hello").bind(to: label.rx.text).disposed(by: bag)
      Observable.just(3).bind(to: label.rx.count).disposed(by: bag)
    })
    DispatchQueue.main.async {
      body.value()
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(label.text == "hello")
    #expect(label.count == 3)
    #expect(label.rx.base === label)
    #expect(Label.rx == Reactive<Label>.self)
  }
}
