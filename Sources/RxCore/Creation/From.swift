extension ObservableType {
  /// A sequence of the given values, then completion.
  ///
  /// The values are sent on `scheduler` (the current thread's trampoline by default), one scheduled
  /// step per value, so work scheduled meanwhile interleaves as it does in RxSwift.
  public static func of(
    _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  )
    -> Observable<Element>
  {
    ObservableSequence(ArrayElements(elements), scheduler: scheduler)
  }

  /// A sequence of the elements of `array`, then completion.
  public static func from(
    _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  )
    -> Observable<Element>
  {
    ObservableSequence(ArrayElements(array), scheduler: scheduler)
  }

  /// A sequence of the elements of `sequence`, then completion.
  @inlinable
  public static func from<Source: Sequence>(
    _ sequence: Source, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> where Source.Element == Element {
    // Inlinable so that the iteration is compiled for `Source` in the caller (see `IteratedElements`).
    ObservableSequence(IteratedElements(sequence), scheduler: scheduler)
  }

  /// One value if `optional` holds one, then completion.
  public static func from(optional: Element?) -> Observable<Element> {
    if let value = optional { return just(value) }
    return empty()
  }

  /// One value if `optional` holds one, then completion, on `scheduler`.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ObservableSequence(ArrayElements(optional.map { [$0] } ?? []), scheduler: scheduler)
  }
}

@usableFromInline
final class ObservableSequence<Source: CursorSequence>: Producer<Source.Cursor.Element> {
  private let elements: Source
  private let scheduler: ImmediateSchedulerType

  @usableFromInline
  init(_ elements: Source, scheduler: ImmediateSchedulerType) {
    self.elements = elements
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Source.Cursor.Element {
    let sink = ObservableSequenceSink(cursor: elements.makeCursor(), observer: observer, cancel: cancel)
    let subscription: Disposable
    // The class is final: comparing the dynamic type is the same test as `is`, without a dynamic cast.
    if ObjectIdentifier(type(of: scheduler)) == ObjectIdentifier(CurrentThreadScheduler.self) {
      subscription = sink.runOnTrampoline()
    } else {
      subscription = sink.run(on: scheduler)
    }
    return (sink, subscription)
  }
}

/// Sends the elements of a sequence, one trampoline step each.
///
/// The sink is its own trampoline task: while a step is queued the queue holds it strongly, as it would
/// hold a scheduled closure, so re-queueing allocates nothing and needs no metadata of a nested type.
/// `cursor` is only touched by a step (the trampoline runs one task at a time, and a scheduler's
/// recursion waits for the previous action), and while a step sends a value downstream nothing can reach
/// the cursor, so the dynamic exclusivity check of this per-element access is skipped.
private final class ObservableSequenceSink<Cursor: ElementCursor, Observer: ObserverType>: Sink<Observer>
where Cursor.Element == Observer.Element {
  @exclusivity(unchecked) private var cursor: Cursor

  init(cursor: Cursor, observer: Observer, cancel: Cancelable) {
    self.cursor = cursor
    super.init(observer: observer, cancel: cancel)
  }

  /// Emits on the current thread's trampoline. Scheduling each step recursively on the trampoline is
  /// equivalent to looping while its queue stays empty and re-queueing ourselves when it is not, which
  /// is what this does without an allocation per element.
  func runOnTrampoline() -> Disposable {
    // `Producer.subscribe` always runs inside a trampoline, so queue the first step directly: the
    // sink's own disposed flag cancels it, and no scheduled item or closure is allocated per subscription.
    guard let queue = CurrentThreadScheduler.currentQueue else {
      return CurrentThreadScheduler.instance.schedule(()) { [self] _ in
        if let queue = CurrentThreadScheduler.currentQueue { step(queue) }
        return Disposables.create()
      }
    }
    queue.enqueue(self)
    return Disposables.create()
  }

  fileprivate func step(_ queue: TrampolineQueue) {
    if isDisposed { return }
    // Send values while nothing else waits on the trampoline; once something does, queue the next step
    // behind it, which is where recursive scheduling would have run it.
    let stopped = cursor.advance { value in
      forwardNext(value)
      return queue.isEmpty && !isDisposed
    }
    if !stopped {
      forwardCompleted()
    } else if !isDisposed {
      queue.enqueue(self)
    }
  }

  func run(on scheduler: ImmediateSchedulerType) -> Disposable {
    scheduler.scheduleRecursive(()) { [self] _, recurse in
      if isDisposed { return }
      // One value per scheduled action.
      let sent = cursor.advance { value in
        forwardNext(value)
        return false
      }
      if sent {
        recurse(())
      } else {
        forwardTerminal(.completed)
      }
    }
  }
}

extension ObservableSequenceSink: TrampolineTask {
  func invoke(in queue: TrampolineQueue) { step(queue) }
}
