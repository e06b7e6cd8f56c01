extension ObservableType {
  /// Runs side effects for the events and the lifetime of each subscription, passing events through.
  ///
  /// For each event the `on…` closure runs before it is forwarded and the `after…` closure after. A throwing
  /// closure ends the sequence with its error (an `after…` closure of a terminal event has nothing left to
  /// end). `onSubscribe` runs before the source is subscribed, `onSubscribed` after, and `onDispose` once
  /// the subscription is released, whether by termination or by disposal.
  /// Example:
  /// ```swift
  /// xs.do(onNext: { print("will send", $0) }, onDispose: { print("released") })
  /// ```
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Observable<Element> {
    let handlers = DoHandlers(
      onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
      onCompleted: onCompleted, afterCompleted: afterCompleted)
    return Do(
      source: asObservable(), handlers: handlers, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
      onDispose: onDispose)
  }
}

private struct DoHandlers<Element> {
  let onNext: ((Element) throws -> Void)?
  let afterNext: ((Element) throws -> Void)?
  let onError: ((Swift.Error) throws -> Void)?
  let afterError: ((Swift.Error) throws -> Void)?
  let onCompleted: (() throws -> Void)?
  let afterCompleted: (() throws -> Void)?

  func before(_ event: Event<Element>) throws {
    switch event {
    case .next(let value): try onNext?(value)
    case .error(let error): try onError?(error)
    case .completed: try onCompleted?()
    }
  }

  func after(_ event: Event<Element>) throws {
    switch event {
    case .next(let value): try afterNext?(value)
    case .error(let error): try afterError?(error)
    case .completed: try afterCompleted?()
    }
  }
}

private final class Do<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let handlers: DoHandlers<Element>
  private let onSubscribe: (() -> Void)?
  private let onSubscribed: (() -> Void)?
  private let onDispose: (() -> Void)?

  init(
    source: Observable<Element>, handlers: DoHandlers<Element>, onSubscribe: (() -> Void)?,
    onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
  ) {
    self.source = source
    self.handlers = handlers
    self.onSubscribe = onSubscribe
    self.onSubscribed = onSubscribed
    self.onDispose = onDispose
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    onSubscribe?()
    let sink = DoSink(handlers: handlers, observer: observer, cancel: cancel)
    let subscription = source.subscribe(sink)
    onSubscribed?()
    guard let onDispose else { return (sink, subscription) }
    let release = Disposables.create {
      subscription.dispose()
      onDispose()
    }
    return (sink, release)
  }
}

private final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let handlers: DoHandlers<Element>

  init(handlers: DoHandlers<Element>, observer: Observer, cancel: Cancelable) {
    self.handlers = handlers
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    do {
      try handlers.before(event)
    } catch {
      forwardTerminal(.error(error))
      return
    }
    forwardOn(event)
    do {
      try handlers.after(event)
    } catch {
      if !event.isStopEvent {
        forwardTerminal(.error(error))
        return
      }
    }
    if event.isStopEvent { dispose() }
  }
}
