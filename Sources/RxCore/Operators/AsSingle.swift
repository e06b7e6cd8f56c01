extension ObservableType {
  /// A ``Single`` of the sequence's only value, sent when the sequence completes.
  ///
  /// Fails with `RxError.noElements` when the sequence completes empty, and with
  /// `RxError.moreThanOneElement` as soon as a second value arrives (the source is released then).
  /// ```swift
  /// Observable.of(42).asSingle()  // succeeds with 42
  /// ```
  public func asSingle() -> Single<Element> {
    Single(raw: AtMostOneValue(source: asObservable(), requiresValue: true))
  }
}
