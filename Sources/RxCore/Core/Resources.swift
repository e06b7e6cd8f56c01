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
  public enum Resources {
    private static let count = Atomic<Int32>(0)

    /// How many counted resources are alive now.
    public static var total: Int32 { count.load(ordering: .acquiring) }

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
#else
  /// Without `TRACE_RESOURCES`, an empty value the compiler removes: counting costs nothing.
  struct TracedResource: ~Copyable {
    @inline(__always) init() {}
  }
#endif
