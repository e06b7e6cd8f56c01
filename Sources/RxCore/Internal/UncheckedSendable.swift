/// Lets an `@escaping` closure or a value cross into Dispatch, a transport's completion or an
/// operation queue, which require `Sendable`: the package's one unchecked box.
///
/// RxCore, like RxSwift, does not require user closures or observers to be `Sendable`: the
/// scheduler's contract (one action at a time per serial scheduler) and the Rx grammar (events
/// delivered serially) are what keep them safe. Each use says which of those applies. `package`:
/// EONETKit and RxFoundation use it too; it is not part of RxCore's public API.
///
/// ```swift
/// let box = UncheckedSendable(observer)
/// queue.async { box.value.on(.completed) }
/// ```
// `@unchecked Sendable`: the point of the box; the caller's contract, not the compiler, makes it safe.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The value carried.
  package let value: Value

  /// A box carrying `value`.
  package init(_ value: Value) { self.value = value }
}
