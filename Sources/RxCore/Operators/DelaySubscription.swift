extension ObservableType {
  /// Subscribes to the source only after `dueTime` has passed; its events are not shifted further.
  ///
  /// Example: `xs.delaySubscription(.seconds(30), scheduler: s)` subscribed at 200 subscribes `xs` at 230.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TimedOperator(source: asObservable(), dueTime: dueTime, scheduler: scheduler, rule: .delaySubscription)
  }
}
