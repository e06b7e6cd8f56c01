extension ObservableType {
  /// Sends only the value at `index` (counting from 0), then completes and releases the source.
  ///
  /// Fails with `RxError.argumentOutOfRange` when the sequence completes before reaching `index`.
  /// ```swift
  /// Observable.of("a", "b", "c").element(at: 1)  // "b"
  /// ```
  /// - Parameter index: The position of the value; must not be negative.
  public func element(at index: Int) -> Observable<Element> {
    if index < 0 { rxFatalError("element(at:) index can't be negative") }
    return CountedValues(source: asObservable(), count: index, rule: .elementAt)
  }
}
