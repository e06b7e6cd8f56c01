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
}
