#if TRACE_RESOURCES
  import RxCore
  import Testing

  /// `maxTailRecursiveSinkStackSize` (a `TRACE_RESOURCES` build only): a concat whose last source is
  /// another concat runs it in place of itself when its sources are a collection (their count says
  /// none is left), and one level deeper when they are a sequence of unknown length.
  @Suite("maxTailRecursiveSinkStackSize", .serialized, .resourceCheck)
  struct TailRecursionTests {
    /// `values[from...]`, each one a concat of its value and, last, the concat of the rest.
    private static func chained(_ from: Int, upTo end: Int, asCollection: Bool) -> Observable<Int> {
      let parts = [0, 1].lazy.map { part -> Observable<Int> in
        if part == 0 { return .just(from) }
        return from + 1 < end ? chained(from + 1, upTo: end, asCollection: asCollection) : .empty()
      }
      return asCollection ? Observable.concat(parts) : Observable.concat(AnySequence(parts))
    }

    private func run(asCollection: Bool) -> [Int] {
      var values: [Int] = []
      let subscription = Self.chained(0, upTo: 60, asCollection: asCollection).subscribe(onNext: {
        values.append($0)
      })
      subscription.dispose()
      return values
    }

    @Test("a collection's last source taken over in place: one level, however deep")
    func collection() {
      maxTailRecursiveSinkStackSize = 0
      #expect(run(asCollection: true) == Array(0..<60))
      #expect(maxTailRecursiveSinkStackSize == 1)
    }

    @Test("a sequence of unknown length keeps its level under each nested one")
    func sequence() {
      maxTailRecursiveSinkStackSize = 0
      #expect(run(asCollection: false) == Array(0..<60))
      #expect(maxTailRecursiveSinkStackSize > 10)
    }
  }
#endif
