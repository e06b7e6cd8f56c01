import RxCore
import RxTesting
import Testing

private final class Resource: Disposable {
  private(set) var disposedAt: Int?
  private let scheduler: TestScheduler
  init(_ scheduler: TestScheduler) { self.scheduler = scheduler }
  func dispose() { if disposedAt == nil { disposedAt = scheduler.clock } }
}

/// Makes the ``Resource`` of a `using` and keeps the last one made, to ask it when it was released.
private final class ResourceFactory {
  private let scheduler: TestScheduler
  private(set) var made: Resource?
  init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

  func make() -> Resource {
    let resource = Resource(scheduler)
    made = resource
    return resource
  }
}

@Suite("using", .resourceCheck)
struct UsingTests {
  @Test("the resource lives as long as the subscription: released at completion")
  func releasedAtCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
    let resources = ResourceFactory(scheduler)
    let res = scheduler.start {
      Observable.using(resources.make, observableFactory: { _ in xs.asObservable() })
    }
    #expect(res.events == [.next(210, 1), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(resources.made?.disposedAt == 230)
  }

  @Test("released at disposal too")
  func releasedAtDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(300)])
    let resources = ResourceFactory(scheduler)
    let res = scheduler.start(disposed: 250) {
      Observable.using(resources.make, observableFactory: { _ in xs.asObservable() })
    }
    #expect(res.events == [.next(210, 1)])
    #expect(resources.made?.disposedAt == 250)
  }

  @Test("a throwing observable factory fails the subscriber and releases the resource")
  func throwingFactory() {
    let scheduler = TestScheduler(initialClock: 0)
    let resources = ResourceFactory(scheduler)
    let res = scheduler.start {
      Observable<Int>.using(resources.make, observableFactory: { _ in throw TestError.boom })
    }
    #expect(res.events == [.error(200, TestError.boom)])
    #expect(resources.made?.disposedAt == 200)
  }

  @Test("a throwing resource factory fails the subscriber")
  func throwingResourceFactory() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Observable<Int>.using(
        { () throws -> Resource in throw TestError.other }, observableFactory: { _ in .just(1) })
    }
    #expect(res.events == [.error(200, TestError.other)])
  }

  @Test("Single.using keeps the trait")
  func singleUsing() {
    var value: Int?
    let disposable = BooleanDisposable()
    _ = Single.using({ disposable }, primitiveSequenceFactory: { _ in Single.just(3) })
      .subscribe(onSuccess: { value = $0 })
    #expect(value == 3)
    #expect(disposable.isDisposed)
  }
}
