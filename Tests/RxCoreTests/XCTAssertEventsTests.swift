import RxCore
import RxTesting
import XCTest

/// RxTest's XCTest assertions, as suites written against RxTest call them. (XCTest, not Swift
/// Testing, because these helpers report through XCTest.)
final class XCTAssertEventsTests: XCTestCase {
  func testEventListsCompareWithAndWithoutTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
    XCTAssertEqual(res.events.map(\.value), [.next(10), .next(20), .completed])
    XCTAssertEqual(scheduler.createObserver(Int.self).events, [])
    XCTAssertRecordedElements(res.events, [10, 20])
  }

  func testErrorsCompareByDescription() {
    struct Failure: Error, CustomStringConvertible { var description: String { "boom" } }
    XCTAssertEqual([Event<Int>.error(Failure())], [Event<Int>.error(TestError.boom)])
  }
}
