/// How a blocked-on sequence ended, with the elements it sent before: what
/// ``BlockingObservable/materialize()`` returns.
@frozen
public enum MaterializedSequenceResult<T> {
  /// The sequence completed after sending `elements`.
  case completed(elements: [T])
  /// The sequence failed with `error` (`RxError.timeout` when the wait ran out) after sending `elements`.
  case failed(elements: [T], error: Swift.Error)
}
