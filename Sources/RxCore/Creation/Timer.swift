/// An integer type that `interval` and `timer` can count with.
public protocol RxAbstractInteger: FixedWidthInteger {}

extension Int: RxAbstractInteger {}
extension Int8: RxAbstractInteger {}
extension Int16: RxAbstractInteger {}
extension Int32: RxAbstractInteger {}
extension Int64: RxAbstractInteger {}
extension UInt: RxAbstractInteger {}
extension UInt8: RxAbstractInteger {}
extension UInt16: RxAbstractInteger {}
extension UInt32: RxAbstractInteger {}
extension UInt64: RxAbstractInteger {}

extension ObservableType where Element: RxAbstractInteger {
  /// Counts up from 0, one value every `period`, forever.
  ///
  /// The first value comes one `period` after subscription. Example (virtual time, subscribed at 200):
  /// `Observable<Int>.interval(.seconds(100), scheduler: s)` emits 0 at 300, 1 at 400, 2 at 500, …
  public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TimerProducer(dueTime: period, period: period, scheduler: scheduler)
  }

  /// Emits 0 after `dueTime`, then completes; with a `period`, keeps counting up every `period` instead.
  ///
  /// Example: `Observable<Int>.timer(.seconds(5), scheduler: s)` emits 0 five seconds after subscription
  /// and completes at the same moment.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
    -> Observable<Element>
  {
    TimerProducer(dueTime: dueTime, period: period, scheduler: scheduler)
  }
}

private final class TimerProducer<Element: RxAbstractInteger>: Producer<Element> {
  private let dueTime: RxTimeInterval
  private let period: RxTimeInterval?
  private let scheduler: SchedulerType

  init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
    self.dueTime = dueTime
    self.period = period
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = TimerSink(observer: observer, cancel: cancel)
    let subscription: Disposable
    if let period {
      subscription = scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
        sink.forwardOn(.next(count))
        return count &+ 1
      }
    } else {
      subscription = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
        sink.forwardOn(.next(Element.zero))
        sink.forwardTerminal(.completed)
        return Disposables.create()
      }
    }
    return (sink, subscription)
  }
}

// Periodic actions of one timer never overlap (each scheduler runs one timer's ticks serially), so the
// sink is only entered by one tick at a time.
private final class TimerSink<Observer: ObserverType>: Sink<Observer> {}
