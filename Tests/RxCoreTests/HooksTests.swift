import RxCore
import Testing

// The tests that replace the global handlers are in this one serialized suite, so they never race.
@Suite("Hooks", .resourceCheck, .serialized)
struct HooksTests {
  @Test("an unhandled error reaches defaultErrorHandler with the subscription's recorded call stack")
  func recordedCallStack() {
    withHooks { reports in
      Hooks.customCaptureSubscriptionCallstack = { ["frame 0", "frame 1"] }
      Hooks.recordCallStackOnError = true
      _ = Observable<Int>.error(Probe.first).subscribe(onNext: { _ in })
      _ = Maybe<Int>.error(Probe.second).subscribe(onSuccess: { _ in })
      Hooks.recordCallStackOnError = false
      _ = Completable.error(Probe.third).subscribe(onCompleted: {})

      #expect(reports.entries.map(\.callStack) == [["frame 0", "frame 1"], ["frame 0", "frame 1"], []])
      #expect(reports.entries.map(\.probe) == [.first, .second, .third])
    }
  }

  @Test("the call stack is captured when subscribing, not when the error comes")
  func capturedAtSubscription() {
    withHooks { reports in
      Hooks.customCaptureSubscriptionCallstack = { ["at the subscription"] }
      Hooks.recordCallStackOnError = true
      let subject = PublishSubject<Int>()
      _ = subject.subscribe(onNext: { _ in })
      Hooks.customCaptureSubscriptionCallstack = { ["at the error"] }
      subject.onError(Probe.first)
      #expect(reports.entries.map(\.callStack) == [["at the subscription"]])
    }
  }

  @Test("an unhandled failure of a single goes to the default error handler")
  func unhandledSingleFailure() {
    withHooks { reports in
      _ = Single<Int>.error(Probe.second).subscribe(onSuccess: { _ in })
      _ = Single<Int>.error(Probe.third).subscribe(onSuccess: { _ in }, onFailure: { _ in })
      #expect(reports.entries.map(\.probe) == [.second])
    }
  }

  /// Runs `body` with `defaultErrorHandler` recording this suite's errors into `reports`, and puts every
  /// hook back afterwards. Other suites run meanwhile and may fail unhandled too: only `Probe`s are kept.
  private func withHooks(_ body: (ProbeReports) -> Void) {
    let saved = (
      Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError
    )
    defer {
      (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError) =
        saved
    }
    let reports = ProbeReports()
    Hooks.defaultErrorHandler = { callStack, error in
      if let probe = error as? Probe { reports.entries.append((callStack, probe)) }
    }
    body(reports)
  }
}

/// The unhandled errors a test saw, with the call stacks handed over.
private final class ProbeReports {
  var entries: [(callStack: [String], probe: Probe)] = []
}

private enum Probe: Error {
  case first, second, third
}
