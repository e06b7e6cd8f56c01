import RxCore
import RxTesting
import Testing

@Suite("Trait event equality", .resourceCheck)
struct TraitEventEqualityTests {
  @Test("single events compare by value, and errors by their description")
  func singleEvents() {
    let events: [SingleEvent<Int>] = [.success(1), .failure(TestError.boom)]
    #expect(events == [.success(1), .failure(TestError.boom)])
    #expect(events != [.success(2), .failure(TestError.boom)])
    #expect(events != [.success(1), .failure(TestError.other)])
    #expect(events != [.success(1)])
    #expect(SingleEvent<Int>.success(1) != .failure(TestError.boom))
  }

  @Test("maybe events are Equatable: value, completion, error")
  func maybeEvents() {
    let events: [MaybeEvent<Int>] = [.success(1), .completed, .error(TestError.boom)]
    #expect(events == [.success(1), .completed, .error(TestError.boom)])
    #expect(events != [.success(2), .completed, .error(TestError.boom)])
    #expect(events != [.success(1), .completed, .error(TestError.other)])
    #expect(MaybeEvent<Int>.completed != .success(1))
  }

  @Test("completable events are Equatable: completion and error")
  func completableEvents() {
    let events: [CompletableEvent] = [.completed, .error(TestError.boom)]
    #expect(events == [.completed, .error(TestError.boom)])
    #expect(events != [.completed, .error(TestError.other)])
    #expect(CompletableEvent.completed != .error(TestError.boom))
  }

  @Test("what the traits' subscribe closures receive can be compared directly")
  func fromSubscriptions() {
    var singles: [SingleEvent<Int>] = []
    _ = Single.just(3).subscribe { singles.append($0) }
    _ = Single<Int>.error(TestError.boom).subscribe { singles.append($0) }
    #expect(singles == [.success(3), .failure(TestError.boom)])
    var maybes: [MaybeEvent<Int>] = []
    _ = Maybe<Int>.empty().subscribe { maybes.append($0) }
    #expect(maybes == [.completed])
    var completables: [CompletableEvent] = []
    _ = Completable.error(TestError.boom).subscribe { completables.append($0) }
    #expect(completables == [.error(TestError.boom)])
  }
}
