import EONETKit
import RxCore
import Support

/// Blocks the calling thread until `observable` terminates.
///
/// For the script commands only, whose main thread has nothing else to do; the work itself runs on
/// EONETKit's background scheduler.
///
/// - Parameter observable: The sequence to run.
/// - Returns: Its last element (`nil` if it completed empty), or its error.
func waitForLast<Element: Sendable>(_ observable: Observable<Element>) -> Result<Element?, EONETError> {
  let last = LockedValue<Element?>(nil)
  let outcome = OneShot<Result<Element?, EONETError>>()
  let subscription = observable.subscribe(
    onNext: { element in last.withLock { $0 = element } },
    onError: { error in outcome.fulfil(.failure(EONETError(error))) },
    onCompleted: { outcome.fulfil(.success(last.get())) })
  let result = outcome.wait()
  subscription.dispose()
  return result
}
