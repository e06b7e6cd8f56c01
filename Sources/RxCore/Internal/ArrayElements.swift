/// The elements of an array, iterated by index.
///
/// The sequence sinks run unspecialised for the user's types, where `IndexingIterator<[Element]>` reaches
/// the array through `Collection`'s witnesses and looks up `Array<Element>`'s metadata on every step;
/// reading `array[index]` directly needs only the element's metadata, which the sink already has.
struct ArrayElements<Element>: Sequence {
  let array: [Element]

  init(_ array: [Element]) { self.array = array }

  func makeIterator() -> Iterator { Iterator(array: array) }

  struct Iterator: IteratorProtocol {
    let array: [Element]
    var index = 0

    mutating func next() -> Element? {
      guard index < array.count else { return nil }
      let element = array[index]
      index += 1
      return element
    }
  }
}
