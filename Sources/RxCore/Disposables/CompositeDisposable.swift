import Synchronization

/// A group of disposables disposed together.
///
/// Disposables added after the group was disposed are disposed at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
  private let traced = TracedResource()
  /// A key that removes one disposable from the group.
  public struct DisposeKey: Hashable, Sendable {
    fileprivate let value: UInt64
  }

  private struct State {
    var entries: [(key: UInt64, disposable: Disposable)] = []
    var nextKey: UInt64 = 0
    var disposed = false
  }

  // All mutable state is in `state`; disposables are disposed after the lock is released.
  private let state = LockedValue(State())

  /// An empty group.
  public init() {}

  /// A group holding the two disposables.
  public init(_ disposable1: Disposable, _ disposable2: Disposable) {
    state.withLock {
      $0.entries = [(0, disposable1), (1, disposable2)]; $0.nextKey = 2
    }
  }

  /// A group holding the three disposables.
  public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
    state.withLock {
      $0.entries = [(0, disposable1), (1, disposable2), (2, disposable3)]
      $0.nextKey = 3
    }
  }

  /// A group holding the four disposables and every element of `disposables`.
  public convenience init(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
    _ disposable4: Disposable,
    _ disposables: Disposable...
  ) {
    self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
  }

  /// A group holding every element of `disposables`.
  public init(disposables: [Disposable]) {
    state.withLock { state in
      for disposable in disposables {
        state.entries.append((state.nextKey, disposable))
        state.nextKey += 1
      }
    }
  }

  public var isDisposed: Bool { state.withLock { $0.disposed } }

  /// The number of disposables in the group.
  public var count: Int { state.withLock { $0.entries.count } }

  /// Adds `disposable` to the group.
  ///
  /// - Returns: A key for ``remove(for:)``, or `nil` when the group was already disposed, in which case
  ///   `disposable` has been disposed.
  @discardableResult
  public func insert(_ disposable: Disposable) -> DisposeKey? {
    let key = state.withLock { state -> UInt64? in
      if state.disposed { return nil }
      let key = state.nextKey
      state.nextKey += 1
      state.entries.append((key, disposable))
      return key
    }
    guard let key else {
      disposable.dispose()
      return nil
    }
    return DisposeKey(value: key)
  }

  /// Removes the disposable for `disposeKey` from the group and disposes it.
  public func remove(for disposeKey: DisposeKey) {
    let removed = state.withLock { state -> Disposable? in
      guard let index = state.entries.firstIndex(where: { $0.key == disposeKey.value }) else { return nil }
      return state.entries.remove(at: index).disposable
    }
    removed?.dispose()
  }

  /// Disposes every disposable in the group.
  public func dispose() {
    let entries = state.withLock { state -> [(key: UInt64, disposable: Disposable)] in
      if state.disposed { return [] }
      state.disposed = true
      defer { state.entries = [] }
      return state.entries
    }
    for entry in entries { entry.disposable.dispose() }
  }
}
