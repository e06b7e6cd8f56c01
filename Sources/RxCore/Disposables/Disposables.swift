import Synchronization

/// Factory for the simple disposables.
public enum Disposables {
  /// A disposable that does nothing.
  public static func create() -> Disposable { NopDisposable.shared }

  /// A disposable that runs `dispose` once, the first time it is disposed.
  public static func create(with dispose: @escaping () -> Void) -> Cancelable {
    AnonymousDisposable(dispose)
  }

  /// A disposable that disposes both arguments.
  public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
    BinaryDisposable(disposable1, disposable2)
  }

  /// A disposable that disposes all three arguments.
  public static func create(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable)
    -> Cancelable
  {
    CompositeDisposable(disposable1, disposable2, disposable3)
  }

  /// A disposable that disposes all the arguments.
  ///
  /// Like RxSwift's, the variadic form takes at least four, so that two or three disposables pick the
  /// fixed-arity forms above rather than being ambiguous with this one.
  public static func create(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
    _ disposables: Disposable...
  ) -> Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
  }

  /// A disposable that disposes every element of `disposables`.
  public static func create(_ disposables: [Disposable]) -> Cancelable {
    CompositeDisposable(disposables: disposables)
  }
}

final class NopDisposable: Disposable, Sendable {
  static let shared = NopDisposable()
  func dispose() {}
}

/// Runs a closure once on first disposal.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
  private let traced = TracedResource()
  // `action` is taken out under `lock` exactly once.
  private let lock = Lock()
  private var action: (() -> Void)?
  private let disposedFlag = Atomic<Bool>(false)

  init(_ action: @escaping () -> Void) { self.action = action }

  var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

  func dispose() {
    guard !disposedFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let action = lock.withLock { () -> (() -> Void)? in
      defer { self.action = nil }
      return self.action
    }
    action?()
  }
}

/// Disposes two disposables.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
  private let traced = TracedResource()
  // Both fields are cleared under `lock`; disposal happens after it is released.
  private let lock = Lock()
  private var first: Disposable?
  private var second: Disposable?
  private let disposedFlag = Atomic<Bool>(false)

  init(_ first: Disposable, _ second: Disposable) {
    self.first = first
    self.second = second
  }

  var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

  func dispose() {
    guard !disposedFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let (a, b) = lock.withLock { () -> (Disposable?, Disposable?) in
      defer {
        first = nil
        second = nil
      }
      return (first, second)
    }
    a?.dispose()
    b?.dispose()
  }
}

/// A disposable that has been disposed or not, and does nothing else.
public final class BooleanDisposable: Cancelable, Sendable {
  private let disposedFlag: Atomic<Bool>

  /// Creates a disposable, optionally already disposed.
  public init(isDisposed: Bool = false) { disposedFlag = Atomic(isDisposed) }

  public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

  public func dispose() { disposedFlag.store(true, ordering: .releasing) }
}
