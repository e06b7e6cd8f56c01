import RxTesting
import Testing

@testable import RxCore

@Suite("debug", .resourceCheck)
struct DebugTests {
  /// Splits "yyyy-MM-dd HH:mm:ss.SSS: rest" into its timestamp and the rest.
  private func split(_ line: String) -> (timestamp: String, rest: String) {
    let index = line.index(line.startIndex, offsetBy: 23)
    return (String(line[..<index]), String(line[line.index(index, offsetBy: 2)...]))
  }

  @Test("logs subscription, events and disposal with a timestamp and the identifier")
  func logs() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    var lines: [String] = []
    let res = scheduler.start {
      xs.debug("numbers", trimOutput: false, file: #file, line: #line, function: #function) {
        lines.append($0)
      }
    }
    #expect(res.events == [.next(210, 1), .next(220, 2), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
    let parts = lines.map(split)
    #expect(
      parts.map(\.rest) == [
        "numbers -> subscribed", "numbers -> Event next(1)", "numbers -> Event next(2)",
        "numbers -> Event completed", "numbers -> isDisposed",
      ])
    for (timestamp, _) in parts {
      let pattern = Array(timestamp)
      #expect(pattern.count == 23)
      for (offset, character) in pattern.enumerated() {
        switch offset {
        case 4, 7: #expect(character == "-")
        case 10: #expect(character == " ")
        case 13, 16: #expect(character == ":")
        case 19: #expect(character == ".")
        default: #expect(character.isNumber)
        }
      }
    }
  }

  @Test("the default identifier is the file name, line and function")
  func defaultIdentifier() {
    var lines: [String] = []
    _ = Observable.just(1).debug(nil, trimOutput: false, file: "/a/b/Thing.swift", line: 7, function: "f()") {
      lines.append($0)
    }.subscribe()
    #expect(lines.map { split($0).rest }.first == "Thing.swift:7 (f()) -> subscribed")
    #expect(lines.count == 4)
  }

  @Test("errors and disposal are logged; trimOutput shortens long events")
  func errorsAndTrim() {
    var lines: [String] = []
    _ = Observable<Int>.error(TestError.boom).debug("e", trimOutput: false, file: "", line: 0, function: "") {
      lines.append($0)
    }.subscribe(onError: { _ in })
    #expect(lines.map { split($0).rest } == ["e -> subscribed", "e -> Event error(boom)", "e -> isDisposed"])

    lines = []
    let long = String(repeating: "x", count: 60)
    let subscription = Observable<String>.just(long).concatNever()
      .debug("t", trimOutput: true, file: "", line: 0, function: "") { lines.append($0) }
      .subscribe()
    subscription.dispose()
    let text = "next(\(long))"
    let trimmed = String(text.prefix(20)) + "..." + String(text.suffix(20))
    #expect(lines.map { split($0).rest } == ["t -> subscribed", "t -> Event \(trimmed)", "t -> isDisposed"])
  }

  @Test("the public overload compiles with RxSwift's defaults")
  func publicOverload() {
    let observable: Observable<Int> = Observable<Int>.never().debug()
    let named: Observable<Int> = Observable<Int>.never().debug("name", trimOutput: true)
    _ = (observable, named)
  }
}

extension ObservableType {
  /// The values, then nothing (no completion), for disposal tests.
  fileprivate func concatNever() -> Observable<Element> {
    Observable.create { observer in
      self.subscribe(onNext: { observer.onNext($0) })
    }
  }
}
