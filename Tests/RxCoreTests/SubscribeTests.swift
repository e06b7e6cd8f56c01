import RxCore
import RxTesting
import Testing

@Suite("subscribe", .resourceCheck)
struct SubscribeTests {
  @Test("onDisposed runs once after completion")
  func onDisposedAfterCompletion() {
    var log: [String] = []
    let subscription = Observable.of(1, 2).subscribe(
      onNext: { log.append("next \($0)") },
      onCompleted: { log.append("completed") },
      onDisposed: { log.append("disposed") })
    subscription.dispose()
    #expect(log == ["next 1", "next 2", "completed", "disposed"])
  }

  @Test("onDisposed runs on explicit disposal of a live subscription")
  func onDisposedOnDispose() {
    var log: [String] = []
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(
      onNext: { log.append("\($0)") }, onDisposed: { log.append("disposed") })
    subject.onNext(1)
    subscription.dispose()
    subject.onNext(2)
    #expect(log == ["1", "disposed"])
  }

  @Test("subscribe(with:) stops once the object is gone")
  func subscribeWithObject() {
    final class Owner { var values: [Int] = [] }
    var owner: Owner? = Owner()
    let subject = PublishSubject<Int>()
    weak let weakOwner = owner
    _ = subject.subscribe(with: owner!, onNext: { owner, value in owner.values.append(value) })
    subject.onNext(1)
    #expect(owner?.values == [1])
    owner = nil
    subject.onNext(2)
    #expect(weakOwner == nil)
  }

  @Test("AnyObserver forwards to its closure and mapObserver transforms")
  func anyObserver() {
    var received: [Event<String>] = []
    let observer = AnyObserver<String> { received.append($0) }
    let mapped: AnyObserver<Int> = observer.mapObserver { "#\($0)" }
    mapped.onNext(1)
    mapped.onCompleted()
    #expect(received == [.next("#1"), .completed])
  }
}
