// The operators of ``SharedSequence``: each one applies the `Observable` operator of the same name to
// the underlying sequence and shares the result again (as RxCocoa does), so a driver stays a driver and
// a signal a signal. Operators that wait (throttle, debounce, delay) wait on the sharing scheduler.

// MARK: - Transforming

extension SharedSequenceConvertibleType {
  /// The values transformed by `selector`.
  public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<
    SharingStrategy, Result
  > {
    SharedSequence<SharingStrategy, Result>(asObservable().map(selector))
  }

  /// The values transformed by `selector`, leaving out those it maps to `nil`.
  public func compactMap<Result>(_ selector: @escaping (Element) -> Result?) -> SharedSequence<
    SharingStrategy, Result
  > {
    SharedSequence<SharingStrategy, Result>(asObservable().compactMap(selector))
  }

  /// The values `predicate` accepts.
  public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().filter(predicate))
  }

  /// Each value combined with the previous result of `accumulator`, starting from `seed`.
  public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) -> A) -> SharedSequence<
    SharingStrategy, A
  > {
    SharedSequence<SharingStrategy, A>(asObservable().scan(seed, accumulator: accumulator))
  }

  /// The values after the first `count`.
  public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().skip(count))
  }

  /// `element` first, then the values of this sequence.
  public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().startWith(element))
  }
}

// MARK: - Flattening

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
  /// The values of the most recent inner sequence; a new inner sequence replaces the previous one.
  public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    let source = asObservable().map { $0.asSharedSequence() }.switchLatest()
    return SharedSequence<Element.SharingStrategy, Element.Element>(source)
  }

  /// The values of every inner sequence, as they come.
  public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    merge(maxConcurrent: Int.max)
  }

  /// The values of the inner sequences, at most `maxConcurrent` of them subscribed at once.
  public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
    let source = asObservable().map { $0.asSharedSequence() }.merge(maxConcurrent: maxConcurrent)
    return SharedSequence<Element.SharingStrategy, Element.Element>(source)
  }
}

extension SharedSequenceConvertibleType {
  /// The values of the sequence `selector` makes from the latest value; each new value disposes the
  /// previous inner sequence.
  public func flatMapLatest<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence<Sharing, Result>(asObservable().flatMapLatest(selector))
  }

  /// The values of the sequence `selector` makes from a value, ignoring values that come while that
  /// sequence runs.
  public func flatMapFirst<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence<Sharing, Result>(asObservable().flatMapFirst(selector))
  }

  /// The values of every sequence `selector` makes, as they come.
  public func flatMap<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>)
    -> SharedSequence<Sharing, Result>
  {
    SharedSequence<Sharing, Result>(asObservable().flatMap(selector))
  }
}

// MARK: - Side effects and debugging

extension SharedSequenceConvertibleType {
  /// The same sequence, calling the closures as its events pass and as it is subscribed and disposed.
  public func `do`(
    onNext: ((Element) -> Void)? = nil,
    afterNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    afterCompleted: (() -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    let source = asObservable().do(
      onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
      onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    return SharedSequence(source)
  }

  /// The same sequence, printing every event, subscription and disposal.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function
  ) -> SharedSequence<SharingStrategy, Element> {
    let source = asObservable().debug(
      identifier, trimOutput: trimOutput, file: file, line: line, function: function)
    return SharedSequence(source)
  }
}

// MARK: - Distinct values

extension SharedSequenceConvertibleType where Element: Equatable {
  /// The values that differ from the one before.
  public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged())
  }
}

extension SharedSequenceConvertibleType {
  /// The values whose key differs from the previous value's.
  public func distinctUntilChanged(_ keySelector: @escaping (Element) -> some Equatable) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(asObservable().distinctUntilChanged(keySelector))
  }

  /// The values `comparer` does not call equal to the one before.
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(asObservable().distinctUntilChanged(comparer))
  }

  /// The values whose key `comparer` does not call equal to the previous value's.
  public func distinctUntilChanged<K>(
    _ keySelector: @escaping (Element) -> K, comparer: @escaping (K, K) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
  }
}

// MARK: - Time

extension SharedSequenceConvertibleType {
  /// At most one value per `dueTime`: the first, and (when `latest`) the last of each window.
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<
    SharingStrategy, Element
  > {
    let source = asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler)
    return SharedSequence(source)
  }

  /// The values followed by `dueTime` without another.
  public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Every event `dueTime` later.
  public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
  }
}

extension SharedSequence where Element: RxAbstractInteger {
  /// 0, 1, 2, … one every `period`.
  public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
  }

  /// 0 after `dueTime`, then 1, 2, … one every `period`.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
  }
}

// MARK: - Combining

extension SharedSequenceConvertibleType {
  /// The values of `sources`, as they come.
  public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<
    SharingStrategy, Element
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// The values of `sources`, as they come.
  public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// The values of `sources`, as they come.
  public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Each value combined by `resultSelector` with the latest value of `second`; values before
  /// `second` has one are dropped.
  public func withLatestFrom<SecondO: SharedSequenceConvertibleType, ResultType>(
    _ second: SecondO, resultSelector: @escaping (Element, SecondO.Element) -> ResultType
  ) -> SharedSequence<SharingStrategy, ResultType> {
    let source = asObservable().withLatestFrom(
      second.asSharedSequence().asObservable(), resultSelector: resultSelector)
    return SharedSequence<SharingStrategy, ResultType>(source)
  }

  /// The latest value of `second` at each value of this sequence.
  public func withLatestFrom<SecondO: SharedSequenceConvertibleType>(_ second: SecondO) -> SharedSequence<
    SharingStrategy, SecondO.Element
  > {
    let source = asObservable().withLatestFrom(second.asSharedSequence().asObservable())
    return SharedSequence<SharingStrategy, SecondO.Element>(source)
  }
}

extension SharedSequence {
  /// The values of each sequence of `sequence` in turn.
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<
    SharingStrategy, Element
  > where Sequence.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
  }

  /// The values of each sequence of `collection` in turn.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
    SharingStrategy, Element
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
  }

  /// The `n`th values of all of `collection`, combined by `resultSelector`.
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
  ) -> SharedSequence<SharingStrategy, Result>
  where Collection.Element == SharedSequence<SharingStrategy, Element> {
    let source = Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
    return SharedSequence<SharingStrategy, Result>(source)
  }

  /// The `n`th values of all of `collection`.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
    SharingStrategy, [Element]
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
  }

  /// The latest values of all of `collection`, combined by `resultSelector` whenever one changes.
  public static func combineLatest<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
  ) -> SharedSequence<SharingStrategy, Result>
  where Collection.Element == SharedSequence<SharingStrategy, Element> {
    let source = Observable.combineLatest(
      collection.map { $0.asObservable() }, resultSelector: resultSelector)
    return SharedSequence<SharingStrategy, Result>(source)
  }

  /// The latest values of all of `collection`, whenever one changes.
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
    SharingStrategy, [Element]
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    let source = Observable.combineLatest(collection.map { $0.asObservable() })
    return SharedSequence<SharingStrategy, [Element]>(source)
  }
}

// MARK: - Objects

extension SharedSequenceConvertibleType {
  /// Each value passed with `obj` (not retained) to `resultSelector`; completes once `obj` is gone.
  public func withUnretained<Object: AnyObject, Out>(
    _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
  ) -> SharedSequence<SharingStrategy, Out> {
    SharedSequence<SharingStrategy, Out>(asObservable().withUnretained(obj, resultSelector: resultSelector))
  }

  /// Each value paired with `obj` (not retained); completes once `obj` is gone.
  public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<
    SharingStrategy, (Object, Element)
  > {
    withUnretained(obj) { ($0, $1) }
  }
}
