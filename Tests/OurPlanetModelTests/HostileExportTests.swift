import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// Text from the server written into CSV and JSON: nothing in it reaches a terminal or a spreadsheet
/// as a command.
@Suite("Hostile text in exports")
struct HostileExportTests {
  private static func event(title: String, id: String = "e", latitude: Double = -12.5) -> EOEvent {
    EOEvent(
      id: id, title: title, categories: [Sample.category("wildfires")],
      sources: [EOSource(id: "x", url: "https://x.example/a")],
      geometries: [
        EOGeometry(date: Sample.reference, shape: .point(.init(longitude: -120.5, latitude: latitude)))
      ])
  }

  private static func csvRow(title: String, id: String = "e") -> String {
    EventExport.csv([event(title: title, id: id)]).components(separatedBy: "\r\n")[1]
  }

  @Test("CSV drops ESC, BEL, NUL, DEL, C1 and bidi controls")
  func csvControls() {
    let row = Self.csvRow(title: "a\u{1B}[31mb\u{7}c\u{0}d\u{7F}e\u{9B}f\u{202E}g")
    #expect(row.hasPrefix("e,a[31mbcdefg,"))
    #expect(!row.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  @Test(
    "CSV cells a spreadsheet would evaluate get a leading quote",
    arguments: [
      ("=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""), ("+1+2", "'+1+2"),
      ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "\"'\tx\""), ("\r=x", "\"'\r=x\""),
    ])
  func csvFormulas(title: String, cell: String) {
    #expect(Self.csvRow(title: title).hasPrefix("e," + cell + ","))
  }

  @Test("numbers are not formulas: a negative coordinate or a numeric title stays a number")
  func csvNumbers() {
    let row = Self.csvRow(title: "-12.5", id: "-7")
    #expect(row.hasPrefix("-7,-12.5,"))
    #expect(row.contains(",-12.5,-120.5,"))
  }

  @Test("JSON escapes C1 controls, bidi controls, line separators and DEL, and stays lossless")
  func jsonEscapes() throws {
    let title = "a\u{9B}2J\u{202E}b\u{200E}\u{200F}\u{202A}\u{2066}\u{2069}\u{2028}\u{2029}\u{7F}\u{85}c"
    let text = JSONValue.object([("title", .string(title))]).serialized()
    #expect(
      text
        == #"{"title":"a\u009b2J\u202eb\u200e\u200f\u202a\u2066\u2069\u2028\u2029\u007f\u0085c"}"#)
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(parsed?["title"] == title)
  }

  @Test("the JSON of an event carries no raw control or bidi character")
  func eventJSON() {
    let text = EventExport.render([Self.event(title: "x\u{1B}]0;pwned\u{7}\u{9B}\u{202E}y")], as: .json)
    #expect(
      !text.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
      })
  }
}
