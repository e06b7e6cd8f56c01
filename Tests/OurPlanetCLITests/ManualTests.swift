import Foundation
import OurPlanetModel
import Testing

@testable import OurPlanetCLI

@Suite("Manual")
struct ManualTests {
  /// The terms of the help's `Options:` section: each entry's first line, up to its summary.
  private func helpOptionTerms() throws -> [String] {
    let lines = Manual.ourplanet.helpText.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "Options:"))
    let section = lines[(start + 1)...].prefix { !$0.isEmpty }
    // An entry's first line is indented by two; its wrapped summary lines by more.
    return section.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { line in
      let term = line.dropFirst(2)
      return String(term.range(of: "  ").map { term[..<$0.lowerBound] } ?? term)
    }
  }

  @Test("--help lists exactly the declared options, in order")
  func helpListsTheDeclarations() throws {
    #expect(try helpOptionTerms() == Options.declarations.map(\.label))
  }

  @Test("the manual page lists exactly the declared options, in order")
  func pageListsTheDeclarations() throws {
    let page = Manual.ourplanet.roffPage.split(separator: "\n").map(String.init)
    let start = try #require(page.firstIndex(of: ".SH OPTIONS"))
    let section = page[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }
    let tags = zip(section, section.dropFirst()).filter { $0.0 == ".TP" }.map(\.1)
    #expect(tags == Options.declarations.map(Manual.ourplanet.optionRoff))
    #expect(tags.contains(#"\fB\-\-days\fR \fIN\fR"#))
  }

  @Test("--help says how to read the manual installed or not, within its width")
  func helpPointsToBothManuals() {
    let help = Manual.ourplanet.helpText
    #expect(help.contains("man ourplanet (after make install)"))
    #expect(help.contains("ourplanet manual | man -l -"))
    let pointer = help.split(separator: "\n").suffix(2)
    #expect(pointer.allSatisfy { $0.count <= Manual.helpWidth }, "\(pointer)")
  }

  @Test(
    "the page's CONFIGURATION lists a key for exactly the options the config file takes, then its sections and the keys of an [[alert]]"
  )
  func pageListsTheConfigKeys() throws {
    let page = Manual.ourplanet.roffPage.split(separator: "\n").map(String.init)
    let start = try #require(page.firstIndex(of: ".SH CONFIGURATION"))
    let section = page[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }
    let keys = zip(section, section.dropFirst()).filter { $0.0 == ".TP" }.map(\.1)
      .map { $0.replacingOccurrences(of: #"\fB"#, with: "").replacingOccurrences(of: #"\fR"#, with: "") }
      .map { $0.replacingOccurrences(of: #"\-"#, with: "-") }
      .map { $0.hasPrefix("[[alert]] ") ? $0 : String($0.prefix { $0 != " " }) }
    #expect(
      keys
        == Options.declarations.compactMap(\.configKey) + ["[places]", "[keys]", "[[alert]]"]
        + AlertRules.keyDeclarations.map { "[[alert]] \($0.name)" })
    #expect(keys.contains("refresh-interval"))
    #expect(!keys.contains("help") && !keys.contains("config"))
  }
}
