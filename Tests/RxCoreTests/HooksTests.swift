import RxCore
import Testing

@Suite("Hooks", .serialized)
struct HooksTests {
  @Test("an unhandled error reaches defaultErrorHandler with the subscription's recorded call stack")
  func recordedCallStack() {
    let saved = (
      Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError
    )
    defer {
      (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError) =
        saved
    }
    // Other suites run meanwhile and may fail unhandled too: only this test's errors are kept.
    var reports: [([String], Probe)] = []
    Hooks.defaultErrorHandler = { callStack, error in
      if let probe = error as? Probe { reports.append((callStack, probe)) }
    }
    Hooks.customCaptureSubscriptionCallstack = { ["frame 0", "frame 1"] }

    Hooks.recordCallStackOnError = true
    _ = Observable<Int>.error(Probe.first).subscribe(onNext: { _ in })
    _ = Maybe<Int>.error(Probe.second).subscribe(onSuccess: { _ in })
    Hooks.recordCallStackOnError = false
    _ = Completable.error(Probe.third).subscribe(onCompleted: {})

    #expect(reports.map(\.0) == [["frame 0", "frame 1"], ["frame 0", "frame 1"], []])
    #expect(reports.map(\.1) == [.first, .second, .third])
  }

  @Test("the call stack is captured when subscribing, not when the error comes")
  func capturedAtSubscription() {
    let saved = (
      Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError
    )
    defer {
      (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError) =
        saved
    }
    var reports: [[String]] = []
    Hooks.defaultErrorHandler = { callStack, error in
      if error is Probe { reports.append(callStack) }
    }
    Hooks.customCaptureSubscriptionCallstack = { ["at the subscription"] }
    Hooks.recordCallStackOnError = true
    let subject = PublishSubject<Int>()
    _ = subject.subscribe(onNext: { _ in })
    Hooks.customCaptureSubscriptionCallstack = { ["at the error"] }
    subject.onError(Probe.first)
    #expect(reports == [["at the subscription"]])
  }

  // The tests that replace the global handlers are in this one serialized suite, so they never race.
  @Test("an unhandled failure of a single goes to the default error handler")
  func unhandledSingleFailure() {
    let saved = Hooks.defaultErrorHandler
    defer { Hooks.defaultErrorHandler = saved }
    var seen: [Probe] = []
    Hooks.defaultErrorHandler = { _, error in
      if let probe = error as? Probe { seen.append(probe) }
    }
    _ = Single<Int>.error(Probe.second).subscribe(onSuccess: { _ in })
    _ = Single<Int>.error(Probe.third).subscribe(onSuccess: { _ in }, onFailure: { _ in })
    #expect(seen == [.second])
  }
}

private enum Probe: Error {
  case first, second, third
}
