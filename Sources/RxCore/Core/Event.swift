/// One notification of an observable sequence: a value, or how the sequence ended.
///
/// A sequence follows the grammar `next* (error | completed)?`: any number of values, then at most one
/// terminal event, after which nothing else is delivered.
@frozen
public enum Event<Element> {
  /// The next value of the sequence.
  case next(Element)
  /// The sequence failed; nothing follows.
  case error(Swift.Error)
  /// The sequence finished; nothing follows.
  case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event {
  /// `true` for `.error` and `.completed`.
  @inlinable
  public var isStopEvent: Bool {
    if case .next = self { return false }
    return true
  }

  /// The value of a `.next` event, else `nil`.
  @inlinable
  public var element: Element? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The error of an `.error` event, else `nil`.
  @inlinable
  public var error: Swift.Error? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// `true` for `.completed`.
  @inlinable
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Transforms the value of a `.next` event; a thrown error becomes an `.error` event.
  public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let value):
      do { return .next(try transform(value)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomDebugStringConvertible {
  public var debugDescription: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}
