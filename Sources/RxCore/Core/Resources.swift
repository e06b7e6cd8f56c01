#if TRACE_RESOURCES
  import Synchronization

  /// The number of live observables, observers, sinks, subjects and disposables: RxSwift's leak check.
  ///
  /// Only in a build with `-Xswiftc -DTRACE_RESOURCES` (`make test-resources`); without the flag the
  /// type does not exist and nothing is counted. A test notes `total` before it runs and expects it back
  /// once everything it created is gone: a higher count is a subscription or sink somebody still holds.
  ///
  /// ```swift
  /// let before = Resources.total
  /// Observable.just(1).subscribe().dispose()
  /// assert(Resources.total == before)
  /// ```
  /// The deepest stack of nested concatenations one concat has run at once since this was last set
  /// (RxSwift's counter, under the same name): each running concatenation counts one level, and a
  /// nested one taken over from a collection whose last source it is replaces that level instead of
  /// adding one, so `concat` recursing through its collection's last element stays at 1 however deep.
  ///
  /// ```swift
  /// maxTailRecursiveSinkStackSize = 0
  /// _ = Observable.concat([Observable.just(1), Observable.concat([Observable.just(2)])]).subscribe()
  /// assert(maxTailRecursiveSinkStackSize == 1)
  /// ```
  public var maxTailRecursiveSinkStackSize: Int {
    get { tailRecursionDepth.load(ordering: .relaxed) }
    set { tailRecursionDepth.store(newValue, ordering: .relaxed) }
  }

  private let tailRecursionDepth = Atomic<Int>(0)

  /// Raises ``maxTailRecursiveSinkStackSize`` to `depth` if it is deeper.
  func noteTailRecursion(depth: Int) {
    var seen = tailRecursionDepth.load(ordering: .relaxed)
    while seen < depth {
      let (exchanged, original) = tailRecursionDepth.compareExchange(
        expected: seen, desired: depth, ordering: .relaxed)
      if exchanged { return }
      seen = original
    }
  }

  public enum Resources {
    private static let count = Atomic<Int32>(0)
    fileprivate static let serialQueueObservables = Atomic<Int32>(0)

    /// How many counted resources are alive now.
    public static var total: Int32 { count.load(ordering: .acquiring) }

    /// How many `observe(on:)` observables whose scheduler is a ``SerialDispatchQueueScheduler`` are
    /// alive now, as RxSwift counts its serial-queue `observe(on:)`: each from its creation until it is
    /// released. On any other scheduler `observe(on:)` is not counted here.
    ///
    /// ```swift
    /// let delivered = Observable.just(1).observe(on: SerialDispatchQueueScheduler(qos: .default))
    /// assert(Resources.numberOfSerialDispatchQueueObservables == 1)
    /// ```
    public static var numberOfSerialDispatchQueueObservables: Int32 {
      serialQueueObservables.load(ordering: .acquiring)
    }

    /// Counts one more live resource.
    ///
    /// - Returns: The new total.
    @discardableResult
    public static func incrementTotal() -> Int32 {
      count.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }

    /// Counts one resource fewer.
    ///
    /// - Returns: The new total.
    @discardableResult
    public static func decrementTotal() -> Int32 {
      count.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
    }
  }

  /// A stored property that counts its owner in ``Resources/total`` for as long as the owner lives.
  ///
  /// One line per counted class (`private let traced = TracedResource()`) instead of an `init`
  /// and a `deinit` each, so a class with several initialisers cannot miss one.
  struct TracedResource: ~Copyable {
    init() { Resources.incrementTotal() }
    deinit { Resources.decrementTotal() }
  }

  /// A stored property that counts its owner in ``Resources/numberOfSerialDispatchQueueObservables``
  /// for as long as the owner lives, when `counted` (an `observe(on:)` on a serial dispatch queue).
  struct TracedSerialQueueObservable: ~Copyable {
    private let counted: Bool

    init(counted: Bool) {
      self.counted = counted
      if counted { Resources.serialQueueObservables.wrappingAdd(1, ordering: .acquiringAndReleasing) }
    }

    deinit {
      if counted { Resources.serialQueueObservables.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
    }
  }
#else
  /// Without `TRACE_RESOURCES`, an empty value the compiler removes: counting costs nothing.
  struct TracedResource: ~Copyable {
    @inline(__always) init() {}
  }

  /// Without `TRACE_RESOURCES`, an empty value the compiler removes.
  struct TracedSerialQueueObservable: ~Copyable {
    @inline(__always) init(counted: Bool) {}
  }
#endif
