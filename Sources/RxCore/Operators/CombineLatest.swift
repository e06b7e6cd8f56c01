// `Observable.combineLatest` of 2 to 8 sources is generated (CombineLatest+Arity.swift, by
// `make arities`); this is the part of its rules that the generated sinks share. The collection form is
// in CombineLatest+Collection.swift.

/// Which sources of a fixed-arity `combineLatest` have a value, and what a new value leads to.
///
/// Every method runs inside the subclass's gate.
class CombineLatestSinkBase<Observer: ObserverType>: CombiningSink<Observer> {
  private var withValue: UInt8 = 0

  /// `true` once source `index` has produced a value.
  @inline(__always)
  final func hasValue(at index: Int) -> Bool { withValue & bit(index) != 0 }

  /// The selector applied to the latest values; called only once every source has one.
  func result() throws -> Observer.Element { rxAbstractMethod() }

  /// Source `index` has just stored a new latest value: emits the combination once every source has
  /// a value; completes when this value can never be combined because every other source finished.
  @inline(__always)
  final func valueArrived(at index: Int) {
    let bit = bit(index)
    withValue |= bit
    if withValue == allSources {
      let value: Observer.Element
      do {
        value = try result()
      } catch {
        forwardError(error)
        return
      }
      forwardNext(value)
    } else if completedSources | bit == allSources {
      forwardCompleted()
    }
  }
}
