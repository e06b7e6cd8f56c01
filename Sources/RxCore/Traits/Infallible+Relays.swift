// A relay never fails, so it converts to an Infallible as it is, as in RxSwift 6.

extension PublishRelay {
  /// The relay's values as an ``Infallible`` (a relay never fails or completes).
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension BehaviorRelay {
  /// The relay's values, the current one first, as an ``Infallible``.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension ReplayRelay {
  /// The relay's values, the buffered ones first, as an ``Infallible``.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
