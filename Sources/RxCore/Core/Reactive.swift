/// The `.rx` namespace of a type: extend `Reactive where Base: SomeType` to add reactive members to
/// `SomeType` without crowding its own namespace, as in RxSwift.
///
/// Every writable property of a class is also reachable as a ``Binder``: `label.rx.text` binds values
/// to `label.text`.
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The value the extensions work on.
  public let base: Base

  /// The namespace of `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// A binder that writes each value to the property at `keyPath` of `base`.
  public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<
    Property
  > where Base: AnyObject {
    Binder(base) { base, value in
      base[keyPath: keyPath] = value
    }
  }
}

/// A type with the `.rx` namespace (``Reactive``); conforming is all it takes.
public protocol ReactiveCompatible {
  /// The type the namespace extends.
  associatedtype ReactiveBase

  /// The namespace of the type itself, for static reactive members.
  static var rx: Reactive<ReactiveBase>.Type { get set }

  /// The namespace of this value.
  var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
  public static var rx: Reactive<Self>.Type {
    get { Reactive<Self>.self }
    // The setter exists so that `mutating` extensions on `Reactive` can be called through `.rx`.
    set {}
  }

  public var rx: Reactive<Self> {
    get { Reactive(self) }
    // The setter exists so that `mutating` extensions on `Reactive` can be called through `.rx`.
    set {}
  }
}
