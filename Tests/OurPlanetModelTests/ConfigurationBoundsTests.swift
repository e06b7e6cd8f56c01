import Foundation
import Testing

@testable import OurPlanetModel

#if canImport(Glibc)
  import Glibc
#endif

/// The config file against hostile input: every document costs time in proportion to its length,
/// nesting has a limit, and reading the file has a size cap and never waits.
@Suite("config file bounds")
struct ConfigurationBoundsTests {
  /// Parses `text`, returning the error, and how long it took.
  private static func timed(_ text: String) -> (error: TOMLError?, seconds: Double) {
    let clock = ContinuousClock()
    var error: TOMLError? = nil
    let elapsed = clock.measure {
      do throws(TOMLError) { _ = try TOML.parse(text) } catch let thrown { error = thrown }
    }
    let parts = elapsed.components
    return (error, Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
  }

  @Test(
    "100,000 nested arrays or inline tables are a message on line 1, not a stack overflow",
    arguments: [("[", 100_000), ("{a = ", 100_000), ("[{a = ", 50_000)])
  func deepNesting(opening: String, count: Int) throws {
    let error = try #require(Self.timed("x = " + String(repeating: opening, count: count)).error)
    #expect(error.line == 1)
    #expect(error.message == "tables and arrays nest more than \(TOML.maximumDepth) deep here")
  }

  @Test("nesting up to the limit is read")
  func nestingAtTheLimit() throws {
    let depth = TOML.maximumDepth - 1
    let table = try TOML.parse(
      "x = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    var value = try #require(table["x"])
    var levels = 1
    while case .array(let elements) = value, let first = elements.first {
      value = first
      levels += 1
    }
    #expect(levels == depth)
  }

  @Test(
    "a key of 30,000 parts, in a key/value pair or a header, is refused well under a second",
    arguments: [("", " = 1"), ("[", "]"), ("[[", "]]")])
  func longKeys(opening: String, closing: String) throws {
    let (error, seconds) = Self.timed(opening + String(repeating: "a.", count: 29_999) + "a" + closing + "\n")
    #expect(error?.message == "tables and arrays nest more than \(TOML.maximumDepth) deep here")
    #expect(seconds < 1, "\(seconds) s")
  }

  /// The most a long document may take in these tests: the debug build reads 50,000 headers in
  /// about 1.1 s (twice the headers, twice the time); the quadratic paths took 16 s for them and 35 s
  /// for a key of 30,000 parts.
  private static let linearLimit = 4.0

  @Test("30,000 dotted keys and 50,000 [[x]] headers cost time in proportion to their length")
  func manyKeysAndHeaders() throws {
    let dotted = (0..<30_000).map { "t.u.k\($0) = \($0)" }.joined(separator: "\n")
    var result = Self.timed(dotted)
    #expect(result.error == nil)
    #expect(result.seconds < Self.linearLimit, "30,000 dotted keys: \(result.seconds) s")
    let headers = String(repeating: "[[x]]\ny = 1\n", count: 50_000)
    result = Self.timed(headers)
    #expect(result.error == nil)
    #expect(result.seconds < Self.linearLimit, "50,000 headers: \(result.seconds) s")
    guard case .array(let elements)? = try TOML.parse(headers)["x"] else {
      Issue.record("[[x]] is an array")
      return
    }
    #expect(elements.count == 50_000)
    guard case .table(let last)? = elements.last else {
      Issue.record("each element is a table")
      return
    }
    #expect(last["y"] == .integer(1))
    #expect(last.line == 99_999, "the last header's line")
  }

  @Test("a sub-table header after [[x]] still belongs to its latest element")
  func subTableOfAnArrayOfTables() throws {
    let table = try TOML.parse("[[x]]\na = 1\n[[x]]\na = 2\n[x.y]\nb = 3\n")
    guard case .array(let elements)? = table["x"], case .table(let last)? = elements.last,
      case .table(let sub)? = last["y"]
    else {
      Issue.record("\(table)")
      return
    }
    #expect(elements.count == 2)
    #expect(sub["b"] == .integer(3))
    #expect(throws: TOMLError(line: 2, message: "'x' is an array of tables; write [[x]]")) {
      try TOML.parse("[[x]]\n[x]\n")
    }
    #expect(throws: TOMLError(line: 2, message: "'x' is already an integer, not a table")) {
      try TOML.parse("x = 1\n[[x]]\n")
    }
  }

  // MARK: - Reading the file

  @Test("--config /dev/zero stops at the size cap with a message")
  func endlessDevice() {
    let clock = ContinuousClock()
    let start = clock.now
    #expect(
      throws: ConfigurationError(
        file: "/dev/zero", line: nil,
        message: "is larger than \(Configuration.maximumFileSize) bytes, more than such a file can hold")
    ) {
      try Configuration.read(path: "/dev/zero", optionKeys: [], missingIsFine: false)
    }
    #expect(clock.now - start < .seconds(5))
  }

  @Test("--config /dev/null is an empty config")
  func emptyDevice() throws {
    let configuration = try #require(
      try Configuration.read(path: "/dev/null", optionKeys: [], missingIsFine: false))
    #expect(configuration.settings.isEmpty)
  }

  @Test("a file over the cap is refused before it is read")
  func largeFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID()).toml").path
    defer { unlink(path) }
    let line = "# " + String(repeating: "x", count: 1_000) + "\n"
    try String(repeating: line, count: Configuration.maximumFileSize / line.utf8.count + 1).write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(
      throws: ConfigurationError(
        file: path, line: nil,
        message: "is larger than \(Configuration.maximumFileSize) bytes, more than such a file can hold")
    ) {
      try Configuration.read(path: path, optionKeys: [], missingIsFine: false)
    }
  }

  @Test("a FIFO as the config is refused at once, never waited on")
  func fifo() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID()).toml").path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let result = Outcome()
    let done = DispatchSemaphore(value: 0)
    // Opening a FIFO for reading used to wait for a writer: on its own thread, so the test can fail.
    Thread.detachNewThread {
      do throws(ConfigurationError) {
        _ = try Configuration.read(path: path, optionKeys: [], missingIsFine: true)
        result.set("read")
      } catch {
        result.set(error.description)
      }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + .seconds(10)) == .success, "reading a FIFO returned")
    #expect(result.get() == "\(path): is not a regular file (a FIFO, socket or device); it is not read")
  }
}

/// A message handed from the reading thread.
private final class Outcome: @unchecked Sendable {
  // Every access holds `lock`.
  private let lock = NSLock()
  private var text: String? = nil
  func set(_ newValue: String) { lock.withLock { text = newValue } }
  func get() -> String? { lock.withLock { text } }
}
