import EONETKit
import Foundation
import RxCore
import Testing

@testable import OurPlanetCLI

/// The environment variables are declared once (``EnvironmentVariable/all``); the parser, `--help`,
/// the manual page and the README's generated tables read them.
@Suite("EnvironmentVariable")
struct EnvironmentVariableTests {
  @Test("each declared variable is in --help, the page's ENVIRONMENT and the README's table, in order")
  func everyPlaceListsTheVariables() throws {
    let names = EnvironmentVariable.all.map(\.name)
    #expect(names.contains("BROWSER") && names.contains("XDG_CONFIG_HOME"))
    #expect(Set(names).count == names.count)
    let help = Manual.ourplanet.helpText.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(help.firstIndex(of: "Environment:"))
    let listed = help[(start + 1)...].prefix { !$0.isEmpty }.filter {
      $0.hasPrefix("  ") && !$0.hasPrefix("   ")
    }
    .map { String($0.dropFirst(2).prefix { $0 != " " }) }
    #expect(listed == names)
    let page = Manual.ourplanet.roffPage.split(separator: "\n").map(String.init)
    let section = try page[(#require(page.firstIndex(of: ".SH ENVIRONMENT")) + 1)...].prefix {
      !$0.hasPrefix(".SH ")
    }
    let tags = zip(section, section.dropFirst()).filter { $0.0 == ".TP" }.map(\.1)
    #expect(tags == names.map(Roff.bold))
    let rows = Manual.ourplanet.markdown(.environment).split(separator: "\n").dropFirst(2)
    #expect(rows.map { String($0.dropFirst(3).prefix { $0 != "`" }) } == names)
  }

  @Test("a variable that stands for an option sets it, under the command line, and says it did")
  func settingsApply() throws {
    let settings = EnvironmentVariable.all.compactMap(\.setting)
    #expect(Set(settings.map(\.key)) == ["api", "imagery", "no-color"])
    for setting in settings {
      #expect(Options.declaration(named: "--" + setting.key) != nil, "\(setting.key) is no option")
    }
    let environment = ["OURPLANET_API": "http://127.0.0.1:1/v3", "NO_COLOR": "1", "OURPLANET_IMAGERY": "off"]
    let options = try CommandLineParser(environment: environment).parse([])
    #expect(options.api?.absoluteString == "http://127.0.0.1:1/v3" && options.noColor && options.imageryOff)
    #expect(options.origins["api"] == .environment("OURPLANET_API"))
    #expect(options.origins["no-color"] == .environment("NO_COLOR"))
    let given = try CommandLineParser(environment: environment).parse(["--api", "http://127.0.0.1:2/v3"])
    #expect(given.api?.absoluteString == "http://127.0.0.1:2/v3")
    // The page's precedence names exactly those variables.
    let names = EnvironmentVariable.all.filter { $0.setting != nil }.map { "`\($0.name)`" }
    #expect(
      Manual.ourplanet.configuration.contains { $0.contains("(" + names.joined(separator: ", ") + ")") })
  }

  @Test("the README's generated tables are what `ourplanet docs` prints (`make docs` rewrites them)")
  func readmeTablesAreCurrent() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    for table in Manual.ReadmeTable.allCases {
      let start = "<!-- generated: \(table.rawValue) -->\n"
      let block = try #require(readme.range(of: start))
      let end = try #require(readme[block.upperBound...].range(of: "<!-- end generated -->"))
      #expect(
        String(readme[block.upperBound..<end.lowerBound]) == Manual.ourplanet.markdown(table),
        "README.md's \(table.rawValue) table is stale: run `make docs`")
    }
    let keys = Manual.ourplanet.markdown(.keys)
    for key in ["x", "v", "X", "p", "Space", "<", ">", "y"] {
      #expect(keys.contains(key), "the keys table lacks \(key)")
    }
  }
}

@Suite("KnownLists")
struct KnownListsTests {
  /// Serves a sources list holding one id of its own.
  private struct SourcesTransport: HTTPTransport {
    private struct Task: HTTPTask {
      func cancel() {}
    }

    let id: String

    func send(
      _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
    ) -> any HTTPTask {
      let body =
        #"{"title":"EONET Sources","sources":[{"id":"\#(id)","title":"Test","source":"http://127.0.0.1/"}]}"#
      completion(
        .success(
          HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))))
      return Task()
    }
  }

  @Test("--source is checked against the lists of the cache folder --cache-dir or the config names")
  func cacheFolderOfTheCommand() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let id = "TEST_\(UUID().uuidString.prefix(8))"
    let client = EONETClient(
      configuration: EONETClient.Configuration(cacheDirectory: folder), transport: SourcesTransport(id: id))
    let fetched = try #require(try waitForLast(client.fetchSources()).get())
    #expect(fetched.value.map(\.id) == [id])

    let parser = CommandLineParser(environment: [:])
    let unknown = parser.refusal(["events", "all", "--source", id])
    #expect(unknown?.contains("'\(id)'") == true, "\(unknown ?? "accepted")")
    let given = try parser.parse(["events", "all", "--source", id, "--cache-dir", folder.path])
    #expect(given.sources == [id])
    #expect(KnownLists.in(folder).sources == [id])

    let config = folder.appendingPathComponent("config.toml")
    try "cache-dir = \"\(folder.path)\"\nsource = \"\(id)\"\n".write(
      to: config, atomically: true, encoding: .utf8)
    let fromFile = try CommandLineParser(environment: [:], defaultConfigurationPath: config.path).parse([
      "events", "all",
    ])
    #expect(fromFile.sources == [id])
  }
}
