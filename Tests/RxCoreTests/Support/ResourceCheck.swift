import Testing

#if TRACE_RESOURCES
  import RxCore
#endif

/// Checks after each test that every observable, sink, subject and disposable it made is gone.
///
/// In a `TRACE_RESOURCES` build (`make test-resources`) each test's ``Resources/total`` must come back
/// to its value before the test; a higher count is a leak, recorded as an issue of that test. Timers
/// and queues may release their last references a little after the test returns, so the check waits
/// for the count with a generous limit rather than reading it once. Without the flag the trait only
/// runs the test. Every RxCore suite carries `.resourceCheck` (``ResourceCheckCoverageTests`` holds
/// new suites to it); the count is process-wide, so the check needs tests run one at a time
/// (`--no-parallel`, as `make test-resources` does).
struct ResourceCheck: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> ResourceCheck? {
    // Once per test case: a suite's scope would hide which of its tests leaked.
    testCase == nil ? nil : self
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    #if TRACE_RESOURCES
      let before = Resources.total
      try await function()
      let limit = ContinuousClock.now + .seconds(30)
      while Resources.total > before && ContinuousClock.now < limit {
        try await Task.sleep(for: .milliseconds(5))
      }
      let after = Resources.total
      if after > before {
        Issue.record(
          "\(after - before) RxCore resources still alive after the test (\(before) before, \(after) after)")
      }
    #else
      try await function()
    #endif
  }
}

extension Trait where Self == ResourceCheck {
  /// See ``ResourceCheck``.
  static var resourceCheck: ResourceCheck { ResourceCheck() }
}
