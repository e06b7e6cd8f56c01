/// The elements of an array, read by index.
///
/// `SequenceElements` of an array would go through `IndexingIterator<[Element]>`, which, unspecialised,
/// reaches the array through `Collection`'s witnesses and looks up `Array<Element>`'s metadata on every
/// step; reading `array[index]` directly needs only the element's metadata, which the sink already has.
struct ArrayElements<Element>: CursorSequence {
  let array: [Element]

  init(_ array: [Element]) { self.array = array }

  func makeCursor() -> Cursor { Cursor(array: array) }

  struct Cursor: ElementCursor {
    let array: [Element]
    var index = 0

    mutating func advance(while body: (Element) -> Bool) -> Bool {
      while index < array.count {
        index += 1
        if !body(array[index - 1]) { return true }
      }
      return false
    }
  }
}
