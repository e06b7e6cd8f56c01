import EONETKit
import Foundation
import RxCore
import RxTesting
import Testing

@testable import OurPlanetModel

@Suite("Seen state and following")
struct FollowTests {
  private func event(_ id: String, records: Int = 1, magnitude: Double? = nil, closed: Bool = false)
    -> EOEvent
  {
    let geometries = (0..<records).map { index in
      EOGeometry(
        date: Sample.reference.addingTimeInterval(Double(index - records) * 86_400),
        shape: .point(EOCoordinate(longitude: Double(index), latitude: 0)),
        magnitude: magnitude.map { EOMagnitude(value: $0, unit: "acres") })
    }
    return EOEvent(id: id, title: id, closed: closed ? Sample.reference : nil, geometries: geometries)
  }

  @Test("new, updated (a record more, another magnitude), closed, or nothing")
  func changes() {
    var seen = SeenState()
    #expect(seen.change(of: event("a")) == .new)
    seen.markSeen([event("a", magnitude: 10), event("b")])
    #expect(seen.change(of: event("a", magnitude: 10)) == nil)
    #expect(seen.change(of: event("a", records: 2, magnitude: 10)) == .updated)
    #expect(seen.change(of: event("a", magnitude: 12)) == .updated)
    #expect(seen.change(of: event("b", closed: true)) == .closed)
    #expect(seen.hasSeen([event("a", magnitude: 10), event("b")]))
  }

  @Test("the state file is written atomically and read back; a damaged one is a message, not a crash")
  func stateFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-state-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = StateFile<SeenState>(name: "seen.json", directory: directory)
    if case .missing = file.read() {} else { Issue.record("no file yet") }
    var seen = SeenState()
    seen.markSeen([event("a", records: 3, magnitude: 5)])
    #expect(file.write(seen) == nil)
    guard case .value(let read) = file.read() else {
      Issue.record("read back")
      return
    }
    #expect(read == seen)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0 != "seen.json" && $0 != ".seen.json.lock"
    }
    #expect(leftovers.isEmpty, "no temporary file is left behind (the lock file stays, empty)")
    try Data("{\"events\": [1,".utf8).write(to: file.url)
    guard case .damaged(let message) = file.read() else {
      Issue.record("damaged")
      return
    }
    #expect(message.contains("seen.json"))
  }

  @Test("an unwritable state folder is a message")
  func unwritable() throws {
    let file = StateFile<SeenState>(name: "seen.json", directory: URL(fileURLWithPath: "/proc/ourplanet-no"))
    #expect(file.write(SeenState())?.contains("could not write state file seen.json") == true)
  }

  @Test("the state folder: XDG_STATE_HOME, else ~/.local/state")
  func stateDirectory() {
    #expect(
      StateFile<SeenState>.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/h"]).path
        == "/x/state/ourplanet")
    #expect(
      StateFile<SeenState>.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path
        == "/h/.local/state/ourplanet")
  }

  @Test("the first launch takes everything of the first refresh as seen; later arrivals are new")
  func firstLaunchBaseline() {
    let tracker = SeenTracker(file: nil, messages: nil)
    #expect(tracker.baselinePending)
    let live = EOFetched(value: [event("a"), event("b")], source: .live, fetchedAt: Sample.reference)
    let fires = Sample.category("fires")
    var catalog = Catalog(isListing: true).applying(.update(.listed([fires])))
    tracker.absorbBaseline(catalog, online: true)
    #expect(tracker.baselinePending, "still loading")
    catalog = catalog.applying(.update(.loaded(fires, live)))
    tracker.absorbBaseline(catalog, online: true)
    #expect(!tracker.baselinePending)
    #expect(tracker.state.value.hasSeen([event("a"), event("b")]))
    #expect(tracker.state.value.change(of: event("c")) == .new)
    tracker.markSeen([event("c")])
    #expect(tracker.state.value.change(of: event("c")) == nil)
  }

  @Test("the message log replays what was posted before anyone listened")
  func messageLogReplays() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = MessageLog(clock: { Sample.reference })
    log.post("ignored cache file volcanoes-open.json: truncated")
    let res = scheduler.start { log.messages.map(\.text) }
    #expect(res.events == [.next(200, "ignored cache file volcanoes-open.json: truncated")])
  }
}

@Suite("Regions and sorting")
struct RegionTests {
  private func at(_ id: String, _ longitude: Double, _ latitude: Double, magnitude: (Double, String)? = nil)
    -> EOEvent
  {
    EOEvent(
      id: id, title: id,
      geometries: [
        EOGeometry(
          date: Sample.reference, shape: .point(EOCoordinate(longitude: longitude, latitude: latitude)),
          magnitude: magnitude.map { EOMagnitude(value: $0.0, unit: $0.1) })
      ])
  }

  @Test("great-circle distances and compass points")
  func geodesy() {
    let paris = EOCoordinate(longitude: 2.3522, latitude: 48.8566)
    let london = EOCoordinate(longitude: -0.1278, latitude: 51.5074)
    #expect(abs(Geodesy.distanceKilometres(from: paris, to: london) - 343.5) < 1)
    #expect(Geodesy.compassPoint(from: paris, to: london) == "NW")
    #expect(Geodesy.describe(from: paris, to: london) == "344 km NW")
  }

  @Test("a box across the antimeridian, and an event inside when any position is")
  func boxes() throws {
    let box = try Region.box(parsing: "170,-20,-170,-10")
    #expect(box.contains(at("a", 179, -15)) && box.contains(at("b", -179, -15)))
    #expect(!box.contains(at("c", 0, -15)) && !box.contains(at("d", 179, 0)))
    let track = Sample.track("t", daysAgo: 1, positions: [(0, 0), (179.5, -15)])
    #expect(box.contains(track))
  }

  /// Every point of a region is inside its bounds: a grid of points, each within the radius or not
  /// by the region's own distance.
  @Test(
    "a region's bounds hold all of it, across the antimeridian and over a pole",
    arguments: ["30.27,-97.74,500", "-17.5,179.5,400", "-68.89,-40.5,300", "85,10,800", "0,0,20000"])
  func bounds(text: String) throws {
    let region = try Region.near(parsing: text)
    let bounds = region.bounds
    func inside(_ point: EOCoordinate) -> Bool {
      guard point.latitude >= bounds.minLatitude - 1e-6, point.latitude <= bounds.maxLatitude + 1e-6 else {
        return false
      }
      if bounds.minLongitude <= bounds.maxLongitude {
        return point.longitude >= bounds.minLongitude - 1e-6 && point.longitude <= bounds.maxLongitude + 1e-6
      }
      return point.longitude >= bounds.minLongitude - 1e-6 || point.longitude <= bounds.maxLongitude + 1e-6
    }
    // Points on a grid around the centre: those within the radius are inside the bounds.
    var checked = 0
    for latitude in stride(from: -90.0, through: 90, by: 0.5) {
      for longitude in stride(from: -180.0, to: 180, by: 0.5) {
        let point = EOCoordinate(longitude: longitude, latitude: latitude)
        guard region.contains(point) else { continue }
        checked += 1
        #expect(inside(point), "\(text): \(longitude), \(latitude) is within the radius")
      }
    }
    #expect(checked > 0)
    let box = Region.box(minLongitude: 170, minLatitude: -20, maxLongitude: -170, maxLatitude: -10)
    #expect(box.bounds == (170, -20, -170, -10))
  }

  @Test(
    "impossible regions name the problem",
    arguments: [
      ("91,0", "latitude 91"), ("0,181", "longitude 181"), ("0,0,0", "radius"), ("1,2,3,4", "LAT,LON"),
    ])
  func impossible(text: String, problem: String) {
    #expect(throws: RegionError.self) { try Region.near(parsing: text) }
    do {
      _ = try Region.near(parsing: text)
    } catch {
      #expect(error.description.contains(problem), "\(error)")
    }
  }

  @Test("magnitudes sort within one unit, none last; distance nearest first; titles A to Z")
  func sorting() {
    let events = [
      at("small", 0, 0, magnitude: (10, "acres")), at("none", 5, 0),
      at("big", 1, 0, magnitude: (900, "acres")),
      at("storm", 2, 0, magnitude: (100, "kts")),
    ]
    #expect(
      EventSort.magnitude.apply(to: events, centre: nil).map(\.id) == ["big", "small", "storm", "none"])
    #expect(
      EventSort.distance.apply(to: events, centre: EOCoordinate(longitude: 4.9, latitude: 0)).map(\.id)
        == ["none", "storm", "big", "small"])
    #expect(EventSort.title.apply(to: events, centre: nil).map(\.id) == ["big", "none", "small", "storm"])
    #expect(EventSort.date.next(hasCentre: false) == .magnitude)
    #expect(EventSort.title.next(hasCentre: false) == .date)
    #expect(EventSort.title.next(hasCentre: true) == .distance)
  }
}

@Suite("Export")
struct ExportTests {
  @Test("CSV quotes commas, quotes and line breaks (RFC 4180) and ends lines with CRLF")
  func csv() {
    let event = EOEvent(
      id: "e", title: "The \"Big\" Fire, Oregon\nnorth", categories: [Sample.category("wildfires")],
      sources: [EOSource(id: "x", url: "https://x.example/a,b")],
      geometries: [
        EOGeometry(
          date: Sample.reference, shape: .point(.init(longitude: -120.5, latitude: 38.25)),
          magnitude: EOMagnitude(value: 500, unit: "acres"))
      ])
    let lines = EventExport.csv([event]).components(separatedBy: "\r\n")
    #expect(lines[0] == EventRecord.fieldNames(withPoint: false).joined(separator: ","))
    #expect(lines[1].hasPrefix("e,\"The \"\"Big\"\" Fire, Oregon\nnorth\",wildfires,open,"))
    #expect(lines[1].hasSuffix(",38.25,-120.5,500,acres,,\"https://x.example/a,b\""))
  }

  @Test("GeoJSON: a Point, or a LineString ending at the latest position, in [longitude, latitude]")
  func geoJSON() {
    let point = Sample.track("p", daysAgo: 1, positions: [(10, 20)])
    let track = Sample.track("t", daysAgo: 1, positions: [(1, 2), (3, 4)])
    let text = EventExport.geoJSON([point, track]).serialized()
    #expect(text.contains(#""geometry":{"type":"Point","coordinates":[10,20]}"#))
    #expect(text.contains(#""geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}"#))
    #expect(text.hasPrefix(#"{"type":"FeatureCollection","features":["#))
  }

  @Test("an export never overwrites a file: the next free name is taken")
  func noOverwrite() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ourplanet-export-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let events = [Sample.event("a", daysAgo: 1)]
    let first = ExportFile.write(events, as: .csv, name: "wildfires", day: "2026-11-24", directory: directory)
    let second = ExportFile.write(
      events, as: .csv, name: "wildfires", day: "2026-11-24", directory: directory)
    #expect(try first.get() == "ourplanet-wildfires-2026-11-24.csv")
    #expect(try second.get() == "ourplanet-wildfires-2026-11-24-2.csv")
    let missing = ExportFile.write(
      events, as: .csv, name: "x", day: "d", directory: directory.appendingPathComponent("nope"))
    if case .failure(let error) = missing {
      #expect(error.message.contains("cannot create"))
    } else {
      Issue.record("no folder")
    }
  }
}

@Suite("Export timestamps")
struct TimestampTests {
  @Test(
    "timestamps match Foundation's ISO 8601 formatter",
    arguments: [0.0, 1_762_603_200, 951_782_400, 4_107_542_399, 86_399, 1_234_567_890.9])
  func matchesFoundation(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    let rounded = Date(timeIntervalSince1970: seconds.rounded(.down))
    #expect(ISO8601.format(date) == rounded.formatted(.iso8601))
  }
}
