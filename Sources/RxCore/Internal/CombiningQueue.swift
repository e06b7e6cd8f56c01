/// A first-in first-out queue that reuses its storage (for `zip`).
struct CombiningQueue<Element> {
  private var storage: [Element?] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }

  mutating func enqueue(_ element: Element) { storage.append(element) }

  /// Removes and returns the oldest element; the queue must not be empty.
  mutating func dequeue() -> Element {
    let element = storage[head].unsafelyUnwrapped
    storage[head] = nil
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
