import RxCore
import Testing

/// How many times a source was subscribed.
final class SubscriptionCount {
  var value = 0
}

/// A cold source that sends `values` synchronously to each subscriber (then completes when
/// `completing`), counting its subscriptions in the returned counter.
func countingSource(_ values: [Int], completing: Bool) -> (source: Observable<Int>, count: SubscriptionCount)
{
  let count = SubscriptionCount()
  let source = Observable<Int>.create { observer in
    count.value += 1
    for value in values { observer.onNext(value) }
    if completing { observer.onCompleted() }
    return Disposables.create()
  }
  return (source, count)
}

/// Subscribes twice, one after the other, to `shared`, made over a synchronous source of 1 and 2 that
/// completes and counts its subscriptions in `subscriptions`: expects each subscriber to get the whole
/// sequence, from a source subscription of its own.
func expectWholeSequencePerSubscriber(_ shared: Observable<Int>, subscriptions: SubscriptionCount) {
  var first: [Int] = []
  var second: [Int] = []
  _ = shared.subscribe(onNext: { first.append($0) })
  _ = shared.subscribe(onNext: { second.append($0) })
  #expect(first == [1, 2])
  #expect(second == [1, 2])
  #expect(subscriptions.value == 2)
}

/// An object a `…(with:onNext:)` subscription passes to its closure, which keeps the values it saw.
final class ValueOwner {
  var values: [Int] = []
}

/// Expects a `…(with:onNext:)` subscription to pass its object without retaining it: a value sent
/// while the object lives reaches it, and nothing is called once it is gone.
/// - Parameters:
///   - send: Sends a value into the sequence under test and runs whatever delivers it.
///   - subscribe: Subscribes `onNext` with the given object.
func expectObjectNotRetained(
  send: (Int) -> Void, subscribe: (ValueOwner, @escaping (ValueOwner, Int) -> Void) -> Disposable
) {
  var owner: ValueOwner? = ValueOwner()
  weak let weakOwner = owner
  var seen: [Int] = []
  let subscription = subscribe(owner!) { object, value in
    object.values.append(value)
    seen = object.values
  }
  send(1)
  owner = nil
  #expect(weakOwner == nil)
  send(2)
  #expect(seen == [1])
  subscription.dispose()
}

/// Expects `onCompleted` and `onDisposed` of the subscription `subscribe` makes to run once each when
/// `subject` completes (and `deliver` runs what delivers the completion).
func expectCompletionAndDisposalOnce(
  of subject: PublishSubject<Int>, deliver: () -> Void,
  _ subscribe: (@escaping () -> Void, @escaping () -> Void) -> Disposable
) {
  var completed = 0
  var disposed = 0
  _ = subscribe({ completed += 1 }, { disposed += 1 })
  subject.onCompleted()
  deliver()
  #expect(completed == 1)
  #expect(disposed == 1)
}

/// One relay of each kind, plain and optional, recording what its publish relays sent: the targets of
/// the tests of `drive` and `emit` into relays.
final class RelayTargets {
  let behavior = BehaviorRelay(value: 0)
  let optionalBehavior = BehaviorRelay<Int?>(value: nil)
  let publish = PublishRelay<Int>()
  let optionalPublish = PublishRelay<Int?>()
  let replay = ReplayRelay<Int>.create(bufferSize: 5)
  let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 5)
  private(set) var published: [Int] = []
  private(set) var optionalPublished: [Int?] = []
  private var watches: [Disposable] = []

  init() {
    watches = [
      publish.subscribe(onNext: { [unowned self] in published.append($0) }),
      optionalPublish.subscribe(onNext: { [unowned self] in optionalPublished.append($0) }),
    ]
  }

  /// Expects the relays fed from a sequence that sent 5, then -1 in place of its error: the behaviour
  /// relays hold -1 and the publish relay sent both.
  func expectFiveThenMinusOne() {
    #expect(behavior.value == -1)
    #expect(optionalBehavior.value == -1)
    #expect(published == [5, -1])
  }

  /// Ends the recording of the publish relays.
  func dispose() {
    watches.forEach { $0.dispose() }
  }
}

/// Watches a long synchronous run of 0, 1, 2, …: how many values arrived, whether in order, how many
/// completions, and how deep in the stack they were delivered.
final class OrderedRun {
  private let probe = StackProbe()
  private var count = 0
  private var last = -1
  private var inOrder = true
  private var completions = 0

  /// Subscribes the watch to `source`.
  func watch(_ source: Observable<Int>) -> Disposable {
    source.subscribe(
      onNext: { [unowned self] value in
        probe.mark()
        if value != last + 1 { inOrder = false }
        last = value
        count += 1
      },
      onCompleted: { [unowned self] in completions += 1 })
  }

  /// Expects nothing to have arrived yet.
  func expectNothing() {
    #expect(count == 0)
  }

  /// Expects 0..<`count` in order, one completion, and a flat stack (no recursion per value).
  func expectAll(_ count: Int) {
    #expect(self.count == count)
    #expect(inOrder)
    #expect(completions == 1)
    #expect(probe.spread < 64 * 1024)
  }
}
