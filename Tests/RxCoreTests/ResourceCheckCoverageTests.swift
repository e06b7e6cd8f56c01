import Foundation
import Testing

/// Keeps the leak check hard to forget: every suite of this target must carry `.resourceCheck`.
@Suite("resource check coverage", .resourceCheck)
struct ResourceCheckCoverageTests {
  @Test("every suite in RxCoreTests checks its resources")
  func everySuiteChecksResources() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50)
    var unchecked: [String] = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
        if !line.contains(".resourceCheck") { unchecked.append("\(file): \(line)") }
      }
    }
    #expect(unchecked.isEmpty, "suites without .resourceCheck: \(unchecked)")
  }

  /// The sharing scheduler's factory and the main scheduler are process-wide: a suite that makes
  /// drivers or signals, or mocks their scheduler, runs alone among such suites, or a mock made in one
  /// catches a driver made in another (a clean-clone run hung on that).
  @Test("every suite that makes drivers or signals holds the main-loop gate")
  func sharingSuitesAreExclusive() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") && $0 != "ResourceCheckCoverageTests.swift" }
    var open: [String] = []
    var sharing = 0
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      guard
        ["SharingScheduler.mock", "asDriver(", "asSignal(", "Driver<", "Signal<"]
          .contains(
            where: text.contains)
      else { continue }
      sharing += 1
      // A mock holds for every test of the suite while it runs: they must not overlap either.
      let mocks = text.contains("SharingScheduler.mock")
      for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
        if !line.contains(".mainLoopExclusive") || (mocks && !line.contains(".serialized")) {
          open.append("\(file): \(line)")
        }
      }
    }
    #expect(sharing >= 5)
    #expect(
      open.isEmpty,
      "suites sharing the main scheduler without .mainLoopExclusive (and .serialized where they mock it): \(open)"
    )
  }
}
