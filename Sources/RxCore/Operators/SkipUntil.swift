extension ObservableType {
  /// Drops the source's values until `other` emits a value, then sends them all.
  ///
  /// An error from `other` ends the sequence with that error; `other` completing without a value only
  /// releases it. As in RxSwift, a source that completes before `other` emitted ends the subscription
  /// without a completion event.
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    UntilOther(source: asObservable(), other: other.asObservable(), rule: .skip)
  }
}
