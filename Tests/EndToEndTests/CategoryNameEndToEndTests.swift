import Foundation
import TestSupport
import Testing

/// A mistyped category is a usage error (exit 2) that names the likely one.
@Suite("Category names on the command line", .tags(.spawnsProcess))
struct CategoryNameEndToEndTests {
  private func events(_ name: String) throws -> CommandRun {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    return try CommandRun.run(
      [
        binary, "events", name, "--offline", "--cache-dir",
        temporary.url.appendingPathComponent("cache").path,
      ],
      in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
  }

  @Test(
    "a typo exits 2 and says which category was meant", arguments: [("wildfire", "wildfires"), ("Al", "all")])
  func typoSuggestsTheCategory(typed: String, meant: String) throws {
    let run = try events(typed)
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.contains("unknown category '\(typed)'; did you mean \(meant)?"), "\(run)")
    #expect(run.standardOutput.isEmpty, "\(run)")
  }

  @Test("a name like no category exits 2 and lists the known ones, without a guess")
  func unrelatedNameListsTheKnownOnes() throws {
    let run = try events("tsunamis")
    #expect(run.status == 2, "\(run)")
    #expect(!run.standardError.contains("did you mean"), "\(run)")
    #expect(run.standardError.contains("known: "), "\(run)")
    #expect(run.standardError.contains("wildfires"), "\(run)")
  }

  @Test("case does not matter for a known name")
  func caseIsIgnored() throws {
    let run = try events("WILDFIRES")
    #expect(run.status == 0, "\(run)")
    #expect(!run.standardOutput.isEmpty, "\(run)")
  }
}
