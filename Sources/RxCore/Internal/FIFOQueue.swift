/// A first-in first-out queue with amortised O(1) operations: values are taken from `head` on, and the
/// array is compacted once the taken part is empty, or large and more than half of it.
///
/// ``ObjectQueue`` is the untyped variant for code that must not touch an element type's metadata.
struct FIFOQueue<Element> {
  private var items: [Element] = []
  private var head = 0

  var isEmpty: Bool { head == items.count }

  /// The oldest value, not taken.
  var first: Element? { head < items.count ? items[head] : nil }

  mutating func append(_ value: Element) { items.append(value) }

  mutating func popFirst() -> Element? {
    guard head < items.count else { return nil }
    let value = items[head]
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 64 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return value
  }

  mutating func removeAll() {
    items = []
    head = 0
  }
}
