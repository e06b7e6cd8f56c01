extension ObservableType {
  /// A ``Maybe`` of the sequence's value, sent when the sequence completes, or empty.
  ///
  /// Fails with `RxError.moreThanOneElement` as soon as a second value arrives (the source is released
  /// then).
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: AtMostOneValue(source: asObservable(), requiresValue: false))
  }
}
