import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The detail names each source by its title in EONET's list, as the list arrives.
@Suite("Detail source titles")
struct DetailSourceTitlesTests {
  @Test("a source is its id until the list arrives, then its title with the id; an unknown one stays its id")
  func titlesFollowTheList() throws {
    let list = [
      EOSourceInfo(id: "SRC", title: "Source Agency of Example", homepage: "https://source.example/"),
      EOSourceInfo(id: "OTHER", title: "Someone Else"),
    ]
    let app = ShellHarness { scheduler in
      let feed = ScreenTests().standardFeed(scheduler)
      feed.sourceLists = scheduler.createColdObservable([.next(300, list), .completed(300)]).asObservable()
      return feed
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .enter)
    #expect(app.header.contains("Rim Fire, California"), "\(app.screen)")
    let before = app.lines.first { $0.contains("1. ") } ?? ""
    #expect(before.hasSuffix("1. SRC"), "\(app.screen)")
    #expect(!app.screen.contains("Source Agency of Example"), "\(app.screen)")
    app.advance(to: 400)
    let after = try #require(app.lines.firstIndex { $0.contains("1. ") }, "\(app.screen)")
    #expect(app.lines[after].hasSuffix("1. Source Agency of Example (SRC)"), "\(app.screen)")
    #expect(app.lines[after + 1] == "     https://source.example/f1", "its link under it:\n\(app.screen)")
    // EONET's own page is no source of the list: it keeps its name.
    let eonet = try #require(app.lines.firstIndex { $0.hasSuffix("2. EONET") }, "\(app.screen)")
    #expect(app.lines[eonet + 1] == "     https://eonet.example/f1", "\(app.screen)")
  }

  @Test("the detail's text names a source the list does not know, or knows by its id, by the id alone")
  func unknownSources() throws {
    let event = EOEvent(
      id: "E", title: "T", link: nil, categories: [],
      sources: [
        EOSource(id: "KNOWN", url: "https://a.example"), EOSource(id: "SAME", url: "https://b.example"),
        EOSource(id: "NEW", url: "https://c.example"),
      ],
      geometries: [EOGeometry(date: Fixture.reference, shape: .unlocated)])
    let lines = EventDetail.lines(
      for: event, sourceTitles: ["KNOWN": "Known Agency", "SAME": "SAME"])
    let known = try #require(lines.firstIndex(of: "  1. Known Agency (KNOWN)"), "\(lines)")
    #expect(lines[known + 1] == "     https://a.example")
    // Issue 38, item 15: a name alone is set out as a titled one, its link under it, never broken
    // after the name.
    let same = try #require(lines.firstIndex(of: "  2. SAME"), "\(lines)")
    #expect(lines[same + 1] == "     https://b.example")
    let new = try #require(lines.firstIndex(of: "  3. NEW"), "\(lines)")
    #expect(lines[new + 1] == "     https://c.example")
  }
}
