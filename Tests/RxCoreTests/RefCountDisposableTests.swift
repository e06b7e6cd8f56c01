import Dispatch
import RxCore
import Synchronization
import Testing

@Suite("RefCountDisposable", .resourceCheck)
struct RefCountDisposableTests {
  @Test("the underlying disposable goes when the retained ones and then the primary are disposed")
  func retainedFirst() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    #expect(!refCount.isDisposed)
    let first = refCount.retain()
    let second = refCount.retain()
    first.dispose()
    #expect(!underlying.isDisposed)
    second.dispose()
    #expect(!underlying.isDisposed)
    refCount.dispose()
    #expect(underlying.isDisposed)
    #expect(refCount.isDisposed)
  }

  @Test("disposing the primary first waits for the last retained one")
  func primaryFirst() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    let first = refCount.retain()
    let second = refCount.retain()
    first.dispose()
    refCount.dispose()
    #expect(!underlying.isDisposed)
    // Still retained, so isDisposed follows the underlying disposable, not the primary.
    #expect(!refCount.isDisposed)
    // A reference taken while the underlying disposable lives keeps it alive too.
    let third = refCount.retain()
    second.dispose()
    #expect(!underlying.isDisposed)
    third.dispose()
    #expect(underlying.isDisposed)
    #expect(refCount.isDisposed)
  }

  @Test("the primary alone disposes at once; disposing twice has no further effect")
  func primaryAlone() {
    var count = 0
    let refCount = RefCountDisposable(disposable: Disposables.create { count += 1 })
    refCount.dispose()
    refCount.dispose()
    #expect(count == 1)
  }

  @Test("a retained disposable counts once however often it is disposed")
  func innerIdempotent() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    let first = refCount.retain()
    let second = refCount.retain()
    refCount.dispose()
    first.dispose()
    first.dispose()
    #expect(!underlying.isDisposed)
    second.dispose()
    #expect(underlying.isDisposed)
  }

  @Test("retain after the underlying disposable is gone returns a disposable that does nothing")
  func retainAfterDisposal() {
    var count = 0
    let refCount = RefCountDisposable(disposable: Disposables.create { count += 1 })
    refCount.dispose()
    let late = refCount.retain()
    late.dispose()
    #expect(count == 1)
  }

  @Test("retains and releases from many threads dispose the underlying disposable exactly once")
  func concurrent() {
    for _ in 0..<50 {
      let count = Atomic<Int>(0)
      let refCount = RefCountDisposable(
        disposable: Disposables.create { count.wrappingAdd(1, ordering: .relaxed) })
      // Disposables are thread-safe; the box only carries the array into the worker closure.
      let held = UncheckedSendable((0..<64).map { _ in refCount.retain() })
      DispatchQueue.concurrentPerform(iterations: 64) { index in
        refCount.retain().dispose()
        held.value[index].dispose()
        if index == 32 { refCount.dispose() }
      }
      #expect(count.load(ordering: .relaxed) == 1)
      #expect(refCount.isDisposed)
    }
  }
}
