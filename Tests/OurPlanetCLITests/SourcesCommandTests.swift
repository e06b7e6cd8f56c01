import EONETKit
import Foundation
import OurPlanetModel
import Testing

@testable import OurPlanetCLI

/// `ourplanet sources`: the rows counted from the events, the text table and the JSON.
@Suite("SourcesCommand")
struct SourcesCommandTests {
  private static let list = [
    EOSourceInfo(
      id: "GDACS", title: "Global Disaster Alert and Coordination System", homepage: "https://www.gdacs.org/"),
    EOSourceInfo(id: "InciWeb", title: "InciWeb", homepage: "https://inciweb.nwcg.gov/"),
    EOSourceInfo(id: "JTWC", title: "Joint Typhoon Warning Center\u{1B}[2J", homepage: nil),
  ]

  private static func event(_ id: String, _ sources: [String]) -> EOEvent {
    EOEvent(
      id: id, title: id, sources: sources.map { EOSource(id: $0, url: "https://example.org/\($0)") },
      geometries: [EOGeometry(date: Date(timeIntervalSince1970: 1_700_000_000), shape: .unlocated)])
  }

  private static let events = [
    event("E1", ["InciWeb", "GDACS"]), event("E2", ["InciWeb", "InciWeb"]), event("E3", ["ZZ_NEW"]),
    event("E4", ["AAA_NEW", "InciWeb"]), event("E5", []),
  ]

  @Test("each listed source counts the events citing it, once per event; cited unknown sources follow")
  func rows() {
    let rows = SourcesCommand.rows(list: Self.list, events: Self.events)
    // The reference: count each id over the events' distinct source ids.
    var expected: [String: Int] = [:]
    for event in Self.events { for id in Set(event.sources.map(\.id)) { expected[id, default: 0] += 1 } }
    #expect(rows.map(\.id) == ["GDACS", "InciWeb", "JTWC", "AAA_NEW", "ZZ_NEW"])
    for row in rows { #expect(row.events == expected[row.id] ?? 0, "\(row.id)") }
    #expect(rows.first { $0.id == "ZZ_NEW" } == .init(id: "ZZ_NEW", title: "ZZ_NEW", link: nil, events: 1))
    #expect(rows.first { $0.id == "GDACS" }?.link == "https://www.gdacs.org/")
  }

  @Test("without events the list is still listed, its counts unknown")
  func noEvents() {
    let rows = SourcesCommand.rows(list: Self.list, events: nil)
    #expect(rows.map(\.id) == Self.list.map(\.id))
    #expect(rows.allSatisfy { $0.events == nil })
    #expect(SourcesCommand.text(rows).split(separator: "\n").allSatisfy { $0.hasPrefix("-  ") })
    #expect(SourcesCommand.json(rows).contains(#""events":null"#))
  }

  @Test("text: aligned columns (count, id, title, home page), titles through the one sanitiser")
  func text() throws {
    let text = SourcesCommand.text(SourcesCommand.rows(list: Self.list, events: Self.events))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(!text.contains("\u{1B}"), "no escape reaches the terminal")
    #expect(lines[2].contains("Joint Typhoon Warning Center?[2J"), "\(lines[2])")
    let gdacs = try #require(lines.first { $0.contains("GDACS") })
    let inciWeb = try #require(lines.first { $0.contains("InciWeb") })
    #expect(gdacs.hasPrefix("1  GDACS    Global Disaster"), "\(gdacs)")
    #expect(inciWeb.hasPrefix("3  InciWeb  InciWeb "), "\(inciWeb)")
    // The home pages start in one column.
    let starts = [gdacs, inciWeb].map { line in
      line.distance(from: line.startIndex, to: line.range(of: "https://")!.lowerBound)
    }
    #expect(Set(starts).count == 1, "\(text)")
    #expect(lines.last == "1  ZZ_NEW   ZZ_NEW", "a source without a home page ends at its title")
  }

  @Test("JSON: one object a line with id, title, link and events, which parses back")
  func json() throws {
    let rows = SourcesCommand.rows(list: Self.list, events: Self.events)
    let text = SourcesCommand.json(rows)
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(parsed.count == rows.count)
    #expect(text.split(separator: "\n").count == rows.count + 2)
    for (object, row) in zip(parsed, rows) {
      #expect(Array(object.keys).sorted() == ["events", "id", "link", "title"])
      #expect(object["id"] as? String == row.id)
      #expect(object["events"] as? Int == row.events)
      #expect((object["link"] as? String) == row.link)
    }
    let jtwc = try #require(parsed.first { $0["id"] as? String == "JTWC" })
    #expect(jtwc["title"] as? String == "Joint Typhoon Warning Center[2J", "control characters removed")
    #expect(jtwc["link"] is NSNull)
  }

  @Test("the command line: `sources` takes --json and the scope options, not another command's")
  func parsing() throws {
    let parser = CommandLineParser(environment: [:])
    let options = try parser.parse(["sources", "--json", "--days", "30", "--near", "10,20,300"])
    #expect(options.command == .sources)
    #expect(options.json)
    #expect(options.scope.days == 30)
    #expect(options.region != nil)
    #expect(throws: UsageError.self) { try parser.parse(["sources", "--format", "csv"]) }
    #expect(throws: UsageError.self) { try parser.parse(["sources", "--sort", "title"]) }
    #expect(throws: UsageError.self) { try parser.parse(["sources", "extra"]) }
  }
}
