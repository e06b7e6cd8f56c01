/// A producer of one source's events that goes through one scheduler: the base of `observe(on:)` and of
/// the shared sequences' main-scheduler delivery and subscription, which differ only in their `run`.
class SchedulingProducer<Element>: Producer<Element> {
  let source: Observable<Element>
  let scheduler: ImmediateSchedulerType

  init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
    self.source = source
    self.scheduler = scheduler
  }
}
