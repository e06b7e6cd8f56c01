/// A first-in first-out queue for `zip`.
///
/// The oldest element sits in `first`; only the ones behind it go to `rest`, an array that reuses its
/// storage. In lockstep (each source at most one value ahead, the usual case) the array is never
/// touched: in the generic, unspecialised code of the sinks its operations are far costlier than
/// moving one optional.
struct CombiningQueue<Element> {
  private var first: Element?
  private var rest: [Element?] = []
  private var restHead = 0

  /// The number of queued elements.
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func enqueue(_ element: Element) {
    if count == 0 {
      first = element
    } else {
      rest.append(element)
    }
    count += 1
  }

  /// Removes and returns the oldest element; the queue must not be empty.
  mutating func dequeue() -> Element {
    let element = first.unsafelyUnwrapped
    count -= 1
    if count == 0 {
      first = nil
      return element
    }
    first = rest[restHead]
    rest[restHead] = nil
    restHead += 1
    if restHead == rest.count {
      rest.removeAll(keepingCapacity: true)
      restHead = 0
    } else if restHead >= 64 && restHead * 2 >= rest.count {
      rest.removeFirst(restHead)
      restHead = 0
    }
    return element
  }
}
