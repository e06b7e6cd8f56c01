/// A value behind a ``Lock`` (a pthread mutex, which a contended caller sleeps on rather than spins):
/// every access goes through ``withLock(_:)``.
final class LockedValue<Value>: @unchecked Sendable {
  // Every access to `value` goes through `lock`.
  private let lock = Lock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  @inline(__always)
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&value) }
  }
}
