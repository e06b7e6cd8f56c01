/// The errors the core itself produces.
// `disposed` carries a reference for diagnostics only; it is never dereferenced concurrently.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
  /// Unknown error.
  case unknown
  /// An operation was performed on a disposed object.
  case disposed(object: AnyObject)
  /// Arithmetic overflow.
  case overflow
  /// An argument was out of range.
  case argumentOutOfRange
  /// The sequence had no elements.
  case noElements
  /// The sequence had more than one element.
  case moreThanOneElement
  /// `timeout` elapsed before the next event.
  case timeout

  public var debugDescription: String {
    switch self {
    case .unknown: return "Unknown error occurred."
    case .disposed(let object): return "Object `\(object)` was already disposed."
    case .overflow: return "Arithmetic overflow occurred."
    case .argumentOutOfRange: return "Argument out of range."
    case .noElements: return "Sequence doesn't contain any elements."
    case .moreThanOneElement: return "Sequence contains more than one element."
    case .timeout: return "Sequence timeout."
    }
  }
}

extension RxError: CustomStringConvertible {
  public var description: String { debugDescription }
}
