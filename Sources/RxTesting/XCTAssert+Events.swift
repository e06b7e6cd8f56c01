#if canImport(XCTest)
  import RxCore
  import XCTest

  // RxTest's XCTest assertions, for suites written against it: event lists (of observables, singles,
  // maybes and completables), recorded event lists, and the values of a recorded stream. (No mixed event/recorded overloads: RxTest has none, and
  // they would make `XCTAssertEqual(res.events, [])` ambiguous.)

  /// Asserts that two event lists are equal.
  public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #file, line: UInt = #line
  ) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
  }

  /// Asserts that two lists of single events are equal.
  public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #file,
    line: UInt = #line
  ) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
  }

  /// Asserts that two lists of maybe events are equal.
  public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #file,
    line: UInt = #line
  ) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
  }

  /// Asserts that two lists of completable events are equal.
  public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #file, line: UInt = #line
  ) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
  }

  // Disfavoured so that an empty literal (`XCTAssertEqual(res.events, [])`, as RxSwift's own suites
  // write) picks the recorded-events overload instead of being ambiguous.
  /// Asserts that two recorded event lists are equal, times included.
  public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #file,
    line: UInt = #line
  ) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
  }

  /// Asserts that a recorded stream's values are `elements`, in order, and that it never failed.
  public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #file,
    line: UInt = #line
  ) {
    var values: [Element] = []
    for recorded in stream {
      switch recorded.value {
      case .next(let value):
        values.append(value)
      case .error(let error):
        XCTFail("the stream failed with \(error)", file: file, line: line)
        return
      case .completed:
        break
      }
    }
    XCTAssertTrue(values == elements, "\(values) is not equal to \(elements)", file: file, line: line)
  }
#endif
