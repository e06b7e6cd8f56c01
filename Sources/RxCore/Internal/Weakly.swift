/// `body` with `object` as its first argument, without retaining `object`: the closure does nothing
/// once `object` is gone (nor when `body` is `nil`).
///
/// The plumbing of every `subscribe(with:…)`, `drive(with:…)` and `emit(with:…)`.
func weakly<Object: AnyObject, Value>(_ object: Object, _ body: ((Object, Value) -> Void)?) -> (Value) -> Void
{
  { [weak object] value in
    guard let object else { return }
    body?(object, value)
  }
}

/// `body` called with `object`, without retaining `object`: the closure does nothing once `object` is
/// gone (nor when `body` is `nil`).
func weakly<Object: AnyObject>(_ object: Object, _ body: ((Object) -> Void)?) -> () -> Void {
  { [weak object] in
    guard let object else { return }
    body?(object)
  }
}
