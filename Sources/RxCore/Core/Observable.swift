/// The type-erased observable sequence every operator returns.
///
/// Subclasses implement ``subscribe(_:)``; use the factory methods (`just`, `create`, `from`, …) and
/// operators rather than subclassing.
open class Observable<Element>: ObservableType {
  // Counted in `Resources.total` in a TRACE_RESOURCES build; nothing otherwise.
  private let traced = TracedResource()
  init() {}

  /// Subscribes `observer`; subclasses override this.
  open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    rxAbstractMethod()
  }

  public func asObservable() -> Observable<Element> { self }
}

func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("RxCore: abstract method called", file: file, line: line)
}

func rxFatalError(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("RxCore: \(message)", file: file, line: line)
}
