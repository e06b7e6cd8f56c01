/// Collects disposables and disposes them all when the bag is deallocated.
///
/// Keep a bag as a property of the object that owns the subscriptions; replacing the bag disposes
/// everything it held.
public final class DisposeBag: @unchecked Sendable {
  private let traced = TracedResource()
  private struct State {
    var disposables: [Disposable] = []
    var disposed = false
  }

  // `state` guards the list; disposal happens after the lock is released.
  private let state = LockedValue(State())

  /// An empty bag.
  public init() {}

  /// Adds `disposable` to the bag.
  public func insert(_ disposable: Disposable) {
    let disposeNow = state.withLock { state -> Bool in
      if state.disposed { return true }
      state.disposables.append(disposable)
      return false
    }
    if disposeNow { disposable.dispose() }
  }

  /// Adds every disposable to the bag.
  public func insert(_ disposables: Disposable...) {
    for disposable in disposables { insert(disposable) }
  }

  /// Adds every disposable to the bag.
  public func insert(_ disposables: [Disposable]) {
    for disposable in disposables { insert(disposable) }
  }

  private func disposeAll() {
    let all = state.withLock { state -> [Disposable] in
      state.disposed = true
      defer { state.disposables = [] }
      return state.disposables
    }
    for disposable in all { disposable.dispose() }
  }

  deinit { disposeAll() }
}

extension DisposeBag {
  /// Builds a bag from a list of disposables: `DisposeBag(disposing: a, b)`.
  public convenience init(disposing disposables: Disposable...) {
    self.init()
    insert(disposables)
  }

  /// Builds a bag from a result builder block.
  public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
    self.init()
    insert(builder())
  }

  /// Adds the disposables of a result builder block.
  public func insert(@DisposableBuilder builder: () -> [Disposable]) {
    insert(builder())
  }

  /// Collects disposables listed in a block.
  @resultBuilder
  public enum DisposableBuilder {
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
  }
}
