import Dispatch
import RxCore

/// The reactive core's throughput cases from issue 2, one line each: `<case> <ns> ns/elem`.
///
/// Each case runs once to warm up, then `rounds` times; the best round is reported, because on a
/// shared machine the minimum is the figure least disturbed by other work.
func runRxBenchmarks(rounds: Int = 5) {
  let cases: [(name: String, elements: Int, body: () -> Int)] = [
    ("a_from_map_filter_scan", 1_000_000, { fromMapFilterScan(millionInts) }),
    ("a0_create_map_filter_scan", 1_000_000, createMapFilterScan),
    ("b_behaviorrelay_accept_map", 1_000_000, behaviorRelayAccept),
    ("c_combinelatest_two_subjects", 1_000_000, combineLatestSubjects),
    ("d_merge_max2_just", 10_000, mergeJust),
    ("d2_merge_max2_from10", 100_000, mergeFrom10),
    ("e_flatmap_just", 100_000, flatMapJust),
    ("f_single_chain", 100_000, singleChain),
    ("g_zip_two_subjects", 1_000_000, zipSubjects),
  ]
  for benchmark in cases {
    _ = benchmark.body()  // warm-up
    var sink = 0
    let seconds = best(of: rounds) { sink &+= benchmark.body() }
    let perElement = seconds * 1e9 / Double(benchmark.elements)
    // `sink` is printed only when it is impossible, so the results stay observable to the optimiser.
    let suffix = sink == Int.min ? " \(sink)" : ""
    print("\(benchmark.name) \(format(perElement, perElement < 10 ? 2 : 0)) ns/elem\(suffix)")
  }
}

private let millionInts = Array(0..<1_000_000)

private func fromMapFilterScan(_ values: [Int]) -> Int {
  var last = 0
  _ = Observable.from(values)
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .scan(0) { $0 &+ $1 }
    .subscribe(onNext: { last = $0 })
  return last
}

private func createMapFilterScan() -> Int {
  var last = 0
  _ = Observable<Int>.create { observer in
    for value in 0..<1_000_000 { observer.onNext(value) }
    observer.onCompleted()
    return Disposables.create()
  }
  .map { $0 &* 3 }
  .filter { $0 & 1 == 0 }
  .scan(0) { $0 &+ $1 }
  .subscribe(onNext: { last = $0 })
  return last
}

private func behaviorRelayAccept() -> Int {
  let relay = BehaviorRelay(value: 0)
  var last = 0
  let subscription = relay.map { $0 &+ 1 }.subscribe(onNext: { last = $0 })
  for value in 0..<1_000_000 { relay.accept(value) }
  subscription.dispose()
  return last
}

private func combineLatestSubjects() -> Int {
  let first = PublishSubject<Int>()
  let second = PublishSubject<Int>()
  var last = 0
  let subscription = Observable.combineLatest(first, second) { $0 &+ $1 }.subscribe(onNext: { last = $0 })
  for value in 0..<500_000 {
    first.onNext(value)
    second.onNext(value)
  }
  subscription.dispose()
  return last
}

/// The sum of every element of `inners`, merged at most two at a time (cases d and d2).
private func sumMergedMax2(_ inners: [Observable<Int>]) -> Int {
  var count = 0
  _ = Observable.from(inners)
    .merge(maxConcurrent: 2)
    .subscribe(onNext: { count &+= $0 })
  return count
}

private func mergeJust() -> Int {
  sumMergedMax2((0..<10_000).map { Observable.just($0) })
}

private func mergeFrom10() -> Int {
  let inner = Array(0..<10)
  return sumMergedMax2((0..<10_000).map { _ in Observable.from(inner) })
}

private func flatMapJust() -> Int {
  var count = 0
  _ = Observable.from(0..<100_000)
    .flatMap { Observable.just($0) }
    .subscribe(onNext: { count &+= $0 })
  return count
}

/// One `Single` chain per element: `just`, `map`, `flatMap` into another `just`, subscribed.
private func singleChain() -> Int {
  var count = 0
  for value in 0..<100_000 {
    _ = Single.just(value)
      .map { $0 &* 2 }
      .flatMap { Single.just($0 &+ 1) }
      .subscribe(onSuccess: { count &+= $0 })
  }
  return count
}

/// Pairs (one `onNext` on each subject) zipped into one value each; an element is one subject event.
private func zipSubjects() -> Int {
  let first = PublishSubject<Int>()
  let second = PublishSubject<Int>()
  var last = 0
  let subscription = Observable.zip(first, second) { $0 &+ $1 }.subscribe(onNext: { last = $0 })
  for value in 0..<500_000 {
    first.onNext(value)
    second.onNext(value)
  }
  subscription.dispose()
  return last
}
