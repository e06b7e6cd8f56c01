import RxCore
import RxTesting
import Testing

@Suite("Disposables", .resourceCheck)
struct DisposableTests {
  @Test("Disposables.create of two, three, four and five disposables disposes them all")
  func createArities() {
    // Two nested `create()` calls were ambiguous against the variadic form until the overload set
    // matched RxSwift's.
    _ = Disposables.create(Disposables.create(), Disposables.create())
    for count in 2...5 {
      let members = (0..<count).map { _ in BooleanDisposable() }
      let combined: Cancelable
      switch count {
      case 2: combined = Disposables.create(members[0], members[1])
      case 3: combined = Disposables.create(members[0], members[1], members[2])
      case 4: combined = Disposables.create(members[0], members[1], members[2], members[3])
      default: combined = Disposables.create(members[0], members[1], members[2], members[3], members[4])
      }
      #expect(!combined.isDisposed)
      combined.dispose()
      #expect(combined.isDisposed)
      let allDisposed = members.allSatisfy { $0.isDisposed }
      #expect(allDisposed)
    }
  }

  @Test("ScheduledDisposable disposes its inner disposable on its scheduler, once")
  func scheduledDisposable() {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = BooleanDisposable()
    var disposals = 0
    let counted = Disposables.create {
      disposals += 1
      inner.dispose()
    }
    let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: counted)
    scheduled.dispose()
    #expect(!inner.isDisposed)
    #expect(!scheduled.isDisposed)
    scheduler.start()
    #expect(inner.isDisposed)
    #expect(scheduled.isDisposed)
    scheduled.dispose()
    scheduler.start()
    #expect(disposals == 1)
  }

  @Test("Disposables.create(with:) runs its action exactly once")
  func anonymousOnce() {
    var count = 0
    let disposable = Disposables.create { count += 1 }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(count == 1)
    #expect(disposable.isDisposed)
  }

  @Test("CompositeDisposable disposes members, removes by key, and disposes late insertions at once")
  func composite() {
    var log: [String] = []
    let group = CompositeDisposable()
    let a = group.insert(Disposables.create { log.append("a") })
    _ = group.insert(Disposables.create { log.append("b") })
    #expect(group.count == 2)
    group.remove(for: a!)
    #expect(log == ["a"])
    group.dispose()
    #expect(log == ["a", "b"])
    let key = group.insert(Disposables.create { log.append("late") })
    #expect(key == nil)
    #expect(log == ["a", "b", "late"])
  }

  @Test("SerialDisposable disposes the previous value on replacement and the new one after disposal")
  func serial() {
    var log: [String] = []
    let serial = SerialDisposable()
    serial.disposable = Disposables.create { log.append("first") }
    serial.disposable = Disposables.create { log.append("second") }
    #expect(log == ["first"])
    serial.dispose()
    #expect(log == ["first", "second"])
    serial.disposable = Disposables.create { log.append("third") }
    #expect(log == ["first", "second", "third"])
    #expect(serial.isDisposed)
  }

  @Test("SingleAssignmentDisposable disposes a value assigned after disposal")
  func singleAssignment() {
    var disposed = false
    let single = SingleAssignmentDisposable()
    single.dispose()
    single.setDisposable(Disposables.create { disposed = true })
    #expect(disposed)
  }

  @Test("DisposeBag disposes everything when released")
  func disposeBag() {
    var count = 0
    var bag: DisposeBag? = DisposeBag()
    Disposables.create { count += 1 }.disposed(by: bag!)
    bag!.insert(Disposables.create { count += 1 }, Disposables.create { count += 1 })
    #expect(count == 0)
    bag = nil
    #expect(count == 3)
  }

  @Test("Disposables.create of two and of many dispose all parts")
  func grouped() {
    var count = 0
    let pair = Disposables.create(Disposables.create { count += 1 }, Disposables.create { count += 1 })
    pair.dispose()
    #expect(count == 2)
    let many = Disposables.create([Disposables.create { count += 1 }, Disposables.create { count += 1 }])
    many.dispose()
    #expect(count == 4)
  }

  @Test("BooleanDisposable only records disposal, and may start disposed")
  func boolean() {
    let disposable = BooleanDisposable()
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(BooleanDisposable(isDisposed: true).isDisposed)
    #expect(!BooleanDisposable(isDisposed: false).isDisposed)
  }

  @Test("CompositeDisposable and Disposables.create of four or more dispose every part")
  func fourOrMore() {
    var count = 0
    let parts = (0..<5).map { _ in Disposables.create { count += 1 } }
    let group = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4])
    #expect(group.count == 5)
    group.dispose()
    #expect(count == 5)
    let created = Disposables.create(
      Disposables.create { count += 1 }, Disposables.create { count += 1 }, Disposables.create { count += 1 },
      Disposables.create { count += 1 })
    created.dispose()
    #expect(count == 9)
  }
}
