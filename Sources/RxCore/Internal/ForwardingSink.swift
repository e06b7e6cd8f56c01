/// Forwards every event, disposing itself after a terminal one: the sink of operators that only decide
/// when, where or to what the observer is subscribed (`deferred`, `using`, `subscribe(on:)`,
/// `delaySubscription`, `multicast` with a selector, a driver's `just` and `empty`).
final class ForwardingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  func on(_ event: Event<Observer.Element>) {
    if event.isStopEvent {
      forwardTerminal(event)
    } else {
      forwardOn(event)
    }
  }
}
