extension ObservableType {
  /// The source's values until `other` emits a value; then completes.
  ///
  /// An error from `other` ends the sequence with that error; `other` completing without a value only
  /// releases it, and the source goes on. `other` is subscribed before the source.
  public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
    UntilOther(source: asObservable(), other: other.asObservable(), rule: .take)
  }
}
