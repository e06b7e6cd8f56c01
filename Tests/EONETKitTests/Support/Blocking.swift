import EONETKit
import Foundation
import RxCore
import Support

/// What an observable did within a bounded wait.
struct Recording<Element> {
  var elements: [Element] = []
  var error: (any Error)?
  var completed = false
  /// Whether it terminated before the deadline.
  var terminated: Bool { completed || error != nil }
}

/// Subscribes, waits at most `timeout` seconds for termination, disposes, and returns what happened.
func record<Element>(_ observable: Observable<Element>, timeout: Double = 30) -> Recording<Element> {
  let box = RecordingBox<Element>()
  let done = DispatchSemaphore(value: 0)
  let subscription = observable.subscribe(
    onNext: { element in box.update { $0.elements.append(element) } },
    onError: { error in
      box.update { $0.error = error }
      done.signal()
    },
    onCompleted: {
      box.update { $0.completed = true }
      done.signal()
    })
  _ = done.wait(timeout: .now() + timeout)
  subscription.dispose()
  return box.value
}

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` seconds.
@discardableResult
func eventually(timeout: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return try condition()
}

final class RecordingBox<Element>: @unchecked Sendable {
  // @unchecked: `Element` need not be Sendable; every access holds `state`'s lock.
  private let state = LockedValue(Recording<Element>())

  func update(_ change: (inout Recording<Element>) -> Void) {
    state.withLock { change(&$0) }
  }

  var value: Recording<Element> { state.withLock { $0 } }
}

/// Collects warnings reported from any thread.
final class WarningLog: Sendable {
  // Support's lock (a pthread mutex) rather than Synchronization.Mutex: ThreadSanitizer cannot see
  // the latter and reported a race when the open and closed halves warned at once on two threads.
  private let warnings = LockedValue<[EONETWarning]>([])

  func append(_ warning: EONETWarning) { warnings.withLock { $0.append(warning) } }

  var all: [EONETWarning] { warnings.get() }
}

extension HTTPTransport {
  /// Sends `request` and waits at most `timeout` seconds for its completion (cancelling it then).
  ///
  /// - Returns: The outcome, or `nil` when none came in time.
  func sendAndWait(_ request: HTTPRequest, timeout: Double = 10) -> Result<HTTPResponse, EONETError>? {
    let outcome = OneShot<Result<HTTPResponse, EONETError>>()
    let task = send(request) { outcome.fulfil($0) }
    guard let result = outcome.wait(timeout: .milliseconds(Int(timeout * 1000))) else {
      task.cancel()
      return nil
    }
    return result
  }
}
