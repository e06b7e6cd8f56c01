/// A first-in first-out queue of objects with amortised O(1) operations. Untyped so that generic code
/// using it needs no metadata for the element type.
struct ObjectQueue {
  private var items: ContiguousArray<AnyObject?> = []
  private var head = 0

  var isEmpty: Bool { head == items.count }

  mutating func append(_ object: AnyObject) { items.append(object) }

  mutating func popFirst() -> AnyObject? {
    guard head < items.count else { return nil }
    let object = items[head]
    items[head] = nil
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return object
  }

  mutating func removeAll() {
    if items.isEmpty { return }
    items.removeAll()
    head = 0
  }
}
