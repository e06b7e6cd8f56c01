import Foundation
import Testing

@testable import EONETKit
@testable import OurPlanetCLI
@testable import OurPlanetModel

/// Issue 28's filters on the command line: a past range, the status, magnitudes and sources.
@Suite("Scope options")
struct ScopeOptionsTests {
  private let parser = CommandLineParser(environment: [:])

  private func refusal(_ arguments: [String]) -> String? { parser.refusal(arguments) }

  private func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T00:00:00Z")! }

  @Test(
    "--from and --to: whole UTC days, sent as start and end, the scope counting back from the range's end")
  func range() throws {
    let options = try parser.parse(["events", "severeStorms", "--from", "2024-06-01", "--to", "2024-11-30"])
    #expect(options.window == EventWindow(days: 183, end: day("2024-12-01")))
    #expect(options.scope.window == options.window)
    let items = options.query.queryItems(status: "open").map { "\($0.name)=\($0.value!)" }
    #expect(items == ["status=open", "start=2024-06-01", "end=2024-11-30"])
  }

  @Test("--to defaults to today")
  func rangeToToday() throws {
    var options = try parser.parse(["categories", "--from", "2024-06-01"])
    options.clock = day("2024-06-10").addingTimeInterval(5 * 3600)
    #expect(options.window == EventWindow(days: 10, end: day("2024-06-11")))
  }

  @Test(
    "a bad range is refused with what is wrong",
    arguments: [
      (["--from", "2025-02-30"], "not a day of the calendar"),
      (["--from", "2024-6-1"], "is not a date as YYYY-MM-DD"),
      (["--from", "2024-06-10", "--to", "2024-06-01"], "is before --from"),
      (["--from", "2099-01-01"], "is after today"),
      (["--from", "2024-01-01", "--to", "2099-01-01"], "is after today"),
      (["--from", "2024-01-01", "--days", "30"], "--days and --from ask for two windows"),
    ])
  func badRanges(arguments: [String], message: String) throws {
    let refused = try #require(refusal(["events", "all"] + arguments))
    #expect(refused.contains(message), "\(refused)")
  }

  @Test("--to alone: the --days days ending that day")
  func daysEndingAt() throws {
    let options = try parser.parse(["categories", "--to", "2024-11-30", "--days", "30"])
    #expect(options.window == EventWindow(days: 30, end: day("2024-12-01")))
  }

  @Test("--status open, closed or all")
  func status() throws {
    #expect(try parser.parse(["categories", "--status", "open"]).scope.status == .open)
    #expect(try parser.parse(["categories", "--status", "CLOSED"]).query.halves == ["closed"])
    #expect(try parser.parse(["categories", "--status", "all"]).scope.status == .all)
    #expect(refusal(["categories", "--status", "shut"])?.contains("not one of open, closed, all") == true)
  }

  @Test("magnitudes with EONET's units: the bounds, the unit, and magID when the unit has an id")
  func magnitudes() throws {
    let options = try parser.parse([
      "events", "wildfires", "--min-magnitude", "1,000 Acres", "--max-magnitude", "5000",
    ])
    #expect(options.scope.minimumMagnitude == 1000)
    #expect(options.scope.maximumMagnitude == 5000)
    #expect(options.scope.magnitudeUnit == "acres")
    // Acres read hectares too (issue 38, item 15): the server, which would leave those out, is not
    // asked; a unit that converts to none goes to it.
    let items = options.query.queryItems(status: "open").map { "\($0.name)=\($0.value!)" }
    #expect(!items.contains { $0.hasPrefix("magID=") }, "\(items)")
    let knots = try parser.parse([
      "events", "severeStorms", "--min-magnitude", "64kts", "--max-magnitude", "90",
    ])
    let knotItems = knots.query.queryItems(status: "open").map { "\($0.name)=\($0.value!)" }
    #expect(
      knotItems.contains("magID=mag_kts") && knotItems.contains("magMin=64")
        && knotItems.contains("magMax=90"))
    #expect(try parser.parse(["categories", "--min-magnitude", "10nm2"]).magnitudeUnit == "NM^2")
    #expect(try parser.parse(["categories", "--min-magnitude", "64kts"]).query.magnitude?.id == "mag_kts")
    // Issue 38, item 15: the unit as every screen prints it.
    #expect(try parser.parse(["categories", "--min-magnitude", "100 NM²"]).magnitudeUnit == "NM^2")
    // Hectares read acres too (fires come in both): the server is not asked to filter them.
    let hectares = try parser.parse(["events", "wildfires", "--min-magnitude", "2000ha"])
    #expect(hectares.scope.magnitudeUnit == "hectare" && hectares.query.magnitude == nil)
    // Without a unit the bounds are in each event's own: nothing for the server, all local.
    let plain = try parser.parse(["categories", "--min-magnitude", "100"])
    #expect(plain.query.magnitude == nil && plain.scope.minimumMagnitude == 100)
  }

  @Test(
    "a bad magnitude is refused with what is wrong",
    arguments: [
      (["--min-magnitude", "lots"], "is not a number"),
      (["--min-magnitude", "10furlongs"], "'furlongs' is not a unit EONET uses"),
      (["--min-magnitude", "10acres", "--max-magnitude", "90kts"], "need one unit"),
      (["--min-magnitude", "100", "--max-magnitude", "10"], "is above --max-magnitude"),
      // Issue 38, item 15: the units stay in the message.
      (
        ["--min-magnitude", "500acres", "--max-magnitude", "100acres"],
        "500 acres is above --max-magnitude 100 acres"
      ),
    ])
  func badMagnitudes(arguments: [String], message: String) throws {
    let refused = try #require(refusal(["events", "all"] + arguments))
    #expect(refused.contains(message), "\(refused)")
  }

  @Test(
    "--source: EONET's ids whatever their case, sent as `source`; an unknown id is named with the closest")
  func sources() throws {
    let options = try parser.parse(["events", "all", "--source", "inciweb, IRWIN,InciWeb"])
    #expect(options.scope.sources == ["InciWeb", "IRWIN"])
    #expect(options.query.sources == ["IRWIN", "InciWeb"])
    let refused = try #require(refusal(["events", "all", "--source", "InciWbe"]))
    #expect(refused.contains("not an EONET source") && refused.contains("InciWeb"))
    #expect(refusal(["events", "all", "--source", ","])?.contains("needs one or more source ids") == true)
  }
}
