extension ObservableType {
  /// The first `count` values, then completion at the tick of the last one.
  ///
  /// `take(0)` is an empty sequence: it completes at once without subscribing to the source.
  public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "RxCore: take count can't be negative")
    if count == 0 { return Observable.empty() }
    return CountedValues(source: asObservable(), count: count, rule: .take)
  }

  /// The values sent during `duration` after subscription; completes when it ends.
  ///
  /// Example: `xs.take(for: .seconds(25), scheduler: s)` subscribed at 200 completes at 225.
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TimedOperator(source: asObservable(), dueTime: duration, scheduler: scheduler, rule: .takeDuration)
  }
}
