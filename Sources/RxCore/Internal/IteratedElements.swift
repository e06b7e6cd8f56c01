/// Any `Sequence` as a ``CursorSequence``, iterated by a closure made where the sequence's type is known.
///
/// `from(_:)` of a sequence is inlinable and builds this in the caller's module, where the sequence's
/// type is concrete, so the iteration (of a `Range`, a slice, a lazy map…) is compiled for that type.
/// The sinks run unspecialised and step it with one closure call per element, where going through the
/// sequence's iterator as a generic (``SequenceElements``) costs protocol witness calls and type
/// metadata lookups on every element.
@usableFromInline
struct IteratedElements<Element>: CursorSequence {
  /// Makes a fresh iteration, one per subscription.
  @usableFromInline
  let makeStep: () -> ((Element) -> Bool) -> Bool

  @inlinable
  init<Base: Sequence>(_ base: Base) where Base.Element == Element {
    makeStep = {
      var iterator = base.makeIterator()
      return { body in
        while let element = iterator.next() {
          if !body(element) { return true }
        }
        return false
      }
    }
  }

  @usableFromInline
  func makeCursor() -> Cursor { Cursor(step: makeStep()) }

  @usableFromInline
  struct Cursor: ElementCursor {
    let step: ((Element) -> Bool) -> Bool

    @usableFromInline
    mutating func advance(while body: (Element) -> Bool) -> Bool { step(body) }
  }
}
