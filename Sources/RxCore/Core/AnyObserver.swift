/// A type-erased observer: forwards every event to a closure or to the observer it wraps.
public struct AnyObserver<Element>: ObserverType {
  /// The closure every event goes to.
  public typealias EventHandler = (Event<Element>) -> Void

  @usableFromInline
  let handler: EventHandler

  @usableFromInline
  let nextHandler: ((Element) -> Void)?

  /// Creates an observer that calls `eventHandler` for each event.
  public init(eventHandler: @escaping EventHandler) {
    self.handler = eventHandler
    self.nextHandler = nil
  }

  /// Wraps another observer.
  public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    if let same = observer as? AnyObserver<Element> {
      self = same
    } else {
      self.handler = observer.on
      self.nextHandler = observer._deliverNext
    }
  }

  @inlinable
  public func on(_ event: Event<Element>) { handler(event) }

  @inlinable
  public func _deliverNext(_ element: Element) {
    if let nextHandler {
      nextHandler(element)
    } else {
      handler(.next(element))
    }
  }

  /// Delivers a value.
  @inlinable
  public func onNext(_ element: Element) { _deliverNext(element) }

  /// Returns itself.
  public func asObserver() -> AnyObserver<Element> { self }
}

extension ObserverType {
  /// Erases the observer's type.
  public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

  /// An observer that transforms each value with `transform` before passing it to this one.
  public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
    AnyObserver { event in self.on(event.map(transform)) }
  }
}
