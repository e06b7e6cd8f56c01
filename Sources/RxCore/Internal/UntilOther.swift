/// The producer of `skip(until:)` and `take(until:)`: the source's values, gated by the first value of
/// `other`.
///
/// An error from `other` ends the result with that error; `other` completing without a value only
/// releases it.
final class UntilOther<Element, Other>: Producer<Element> {
  /// What the first value of `other` does.
  enum Rule {
    /// Opens the gate: the source's values are sent from then on. The source is subscribed first, and
    /// a source that completes while the gate is shut ends the subscription without a completion event,
    /// as in RxSwift.
    case skip
    /// Completes the result. `other` is subscribed first.
    case take
  }

  private let source: Observable<Element>
  private let other: Observable<Other>
  private let rule: Rule

  init(source: Observable<Element>, other: Observable<Other>, rule: Rule) {
    self.source = source
    self.other = other
    self.rule = rule
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = UntilOtherSink<Observer, Other>(rule: rule, observer: observer, cancel: cancel)
    let sourceSubscription: Disposable
    switch rule {
    case .skip:
      sourceSubscription = source.subscribe(sink)
      sink.otherSubscription.setDisposable(other.subscribe(UntilOtherObserver(sink: sink)))
    case .take:
      sink.otherSubscription.setDisposable(other.subscribe(UntilOtherObserver(sink: sink)))
      sourceSubscription = source.subscribe(sink)
    }
    return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
  }
}

// Both sources' events are serialised by `gate`; `open` is only touched inside its handler.
private final class UntilOtherSink<Observer: ObserverType, Other>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  typealias Element = Observer.Element

  enum Message {
    case source(Event<Element>)
    case other(Event<Other>)
  }

  private let rule: UntilOther<Element, Other>.Rule
  private let gate = SerialGate<Message>()
  let otherSubscription = SingleAssignmentDisposable()
  /// Whether the source's values pass: for `skip(until:)` from the first value of `other` on, for
  /// `take(until:)` until it (when the result completes).
  private var open: Bool

  init(rule: UntilOther<Element, Other>.Rule, observer: Observer, cancel: Cancelable) {
    self.rule = rule
    self.open = rule == .take
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    gate.send(.source(event)) { handle($0) }
  }

  func onOther(_ event: Event<Other>) {
    gate.send(.other(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .source(.next(let value)):
      if open { forwardOn(.next(value)) }
    case .source(.error(let error)), .other(.error(let error)):
      forwardTerminal(.error(error))
    case .source(.completed):
      if open {
        forwardTerminal(.completed)
      } else {
        dispose()
      }
    case .other(.next):
      switch rule {
      case .skip:
        open = true
        otherSubscription.dispose()
      case .take:
        forwardTerminal(.completed)
      }
    case .other(.completed):
      otherSubscription.dispose()
    }
  }
}

private struct UntilOtherObserver<Observer: ObserverType, Other>: ObserverType {
  let sink: UntilOtherSink<Observer, Other>

  func on(_ event: Event<Other>) { sink.onOther(event) }
}
