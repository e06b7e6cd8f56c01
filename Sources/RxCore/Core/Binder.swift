/// An observer that binds values to a user-interface object: it runs `binding` for each value on its
/// scheduler (by default a new ``MainScheduler``), holds the target weakly (a value that arrives after
/// the target is gone is dropped), ignores completion, and treats an error as a programming mistake
/// (a trap in debug builds, a log line in release builds), like RxSwift's `Binder`.
public struct Binder<Value>: ObserverType {
  public typealias Element = Value

  private let binding: (Event<Value>) -> Void

  /// A binder that runs `binding` with `target` and each value, on `scheduler`.
  public init<Target: AnyObject>(
    _ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(),
    binding: @escaping (Target, Value) -> Void
  ) {
    self.binding = { [weak target] event in
      switch event {
      case .next(let element):
        _ = scheduler.schedule(element) { element in
          if let target { binding(target, element) }
          return Disposables.create()
        }
      case .error(let error):
        // Binding an error is a bug in the chain: loud while developing, survivable in a release.
        #if DEBUG
          rxFatalError("Binding error: \(error)")
        #else
          print("Binding error: \(error)")
        #endif
      case .completed:
        break
      }
    }
  }

  public func on(_ event: Event<Value>) {
    binding(event)
  }

  /// This binder as an ``AnyObserver``.
  public func asObserver() -> AnyObserver<Value> {
    AnyObserver(eventHandler: on)
  }
}
