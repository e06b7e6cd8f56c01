import Testing

/// Runs a whole suite while no other suite with this trait runs.
///
/// The main scheduler is process-wide: a suite that attaches a run loop to it (``DriverTests``) would
/// otherwise take the main-thread work of a suite that expects it on the main queue, and the other way
/// round. Suites that touch the main scheduler carry `.mainLoopExclusive`; each one holds the gate for
/// the whole of its run.
struct MainLoopExclusive: SuiteTrait, TestScoping {
  func scopeProvider(for test: Test, testCase: Test.Case?) -> MainLoopExclusive? {
    test.isSuite ? self : nil
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await MainLoopGate.shared.enter()
    do {
      try await function()
    } catch {
      await MainLoopGate.shared.leave()
      throw error
    }
    await MainLoopGate.shared.leave()
  }
}

extension Trait where Self == MainLoopExclusive {
  /// See ``MainLoopExclusive``.
  static var mainLoopExclusive: MainLoopExclusive { MainLoopExclusive() }
}

/// A first-come, first-served gate for suites, which wait without blocking a thread.
private actor MainLoopGate {
  static let shared = MainLoopGate()

  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    if !busy {
      busy = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      busy = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
