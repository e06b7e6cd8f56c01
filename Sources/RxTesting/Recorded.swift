import RxCore

/// Virtual time, in ticks of a ``TestScheduler``.
public typealias TestTime = Int

/// A value recorded at a virtual time: what a test observer saw, or what a test observable will send.
public struct Recorded<Value>: CustomDebugStringConvertible {
  /// When the value was (or will be) delivered.
  public let time: TestTime
  /// The recorded value, usually an ``Event``.
  public let value: Value

  /// A value at a virtual time.
  public init(time: TestTime, value: Value) {
    self.time = time
    self.value = value
  }

  public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
  /// A `.next(element)` event at `time`.
  public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
    Recorded(time: time, value: .next(element))
  }

  /// A `.completed` event at `time`.
  public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
  where Value == Event<T> {
    Recorded(time: time, value: .completed)
  }

  /// An `.error(error)` event at `time`.
  public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self)
    -> Recorded<Event<T>> where Value == Event<T>
  {
    Recorded(time: time, value: .error(error))
  }

  /// The given events as an array: `Recorded.events(.next(210, 1), .completed(300))`.
  public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }

  /// The given events as an array.
  public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }
}
