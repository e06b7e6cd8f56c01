import RxCore

extension ObservableConvertibleType {
  /// The sequence as a ``BlockingObservable``, whose operators block the calling thread until it ends.
  ///
  /// Meant for tests and command-line tools, as RxSwift's RxBlocking:
  /// ```swift
  /// let values = try Observable.of(1, 2, 3).toBlocking(timeout: 5).toArray()
  /// // values == [1, 2, 3]
  /// ```
  ///
  /// - Parameter timeout: The longest the operators may block, in seconds; past it they throw
  ///   `RxError.timeout`. `nil` waits for as long as it takes.
  /// - Returns: The blocking view of the sequence.
  public func toBlocking(timeout: Double? = nil) -> BlockingObservable<Element> {
    BlockingObservable(timeout: timeout, source: asObservable())
  }
}
