/// Where a sequence sink takes its values from.
///
/// Like `IteratorProtocol`, but iterating internally: the cursor hands elements to a closure for as long
/// as it asks for more. The sinks run unspecialised for the user's types, where an `Element?` costs a
/// lookup of `Optional<Element>`'s metadata; this way that happens at most once per call (and not at all
/// for arrays) rather than once per element.
@usableFromInline
protocol ElementCursor {
  associatedtype Element

  /// Passes elements to `body`, one after the other, until `body` returns `false` or none is left.
  ///
  /// - Returns: `false` when the cursor ran out of elements; `true` when `body` asked to stop.
  mutating func advance(while body: (Element) -> Bool) -> Bool
}

/// Something an ``ObservableSequence`` can send: it makes a fresh ``ElementCursor`` per subscription.
@usableFromInline
protocol CursorSequence {
  associatedtype Cursor: ElementCursor

  func makeCursor() -> Cursor
}

/// Any `Sequence` as a ``CursorSequence``, through its own iterator.
struct SequenceElements<Base: Sequence>: CursorSequence {
  let base: Base

  init(_ base: Base) { self.base = base }

  func makeCursor() -> IteratorCursor<Base.Iterator> { IteratorCursor(iterator: base.makeIterator()) }
}

/// An iterator as an ``ElementCursor``.
struct IteratorCursor<Iterator: IteratorProtocol>: ElementCursor {
  var iterator: Iterator

  mutating func advance(while body: (Iterator.Element) -> Bool) -> Bool {
    while let element = iterator.next() {
      if !body(element) { return true }
    }
    return false
  }
}
