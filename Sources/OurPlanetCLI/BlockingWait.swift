import Dispatch
import EONETKit
import RxCore
import Synchronization

/// Blocks the calling thread until `observable` terminates.
///
/// For the script commands only, whose main thread has nothing else to do; the work itself runs on
/// EONETKit's background scheduler.
///
/// - Parameter observable: The sequence to run.
/// - Returns: Its last element (`nil` if it completed empty), or its error.
func waitForLast<Element: Sendable>(_ observable: Observable<Element>) -> Result<Element?, EONETError> {
  let outcome = Outcome<Element>()
  let done = DispatchSemaphore(value: 0)
  let subscription = observable.subscribe(
    onNext: { element in outcome.state.withLock { $0 = .success(element) } },
    onError: { error in
      outcome.state.withLock { $0 = .failure(EONETError(error)) }
      done.signal()
    },
    onCompleted: { done.signal() })
  done.wait()
  subscription.dispose()
  return outcome.state.withLock { $0 }
}

/// The last event seen, written on a background thread and read on the main one.
private final class Outcome<Element: Sendable>: Sendable {
  let state = Mutex<Result<Element?, EONETError>>(.success(nil))
}
