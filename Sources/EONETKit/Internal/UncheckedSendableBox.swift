/// Carries a value into a `@Sendable` closure (a transport completion) when the value is not `Sendable`.
///
/// Used for RxCore observers, which follow RxSwift and are not `Sendable`: the Rx grammar makes the
/// caller deliver events serially, and the transport calls its completion at most once.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
