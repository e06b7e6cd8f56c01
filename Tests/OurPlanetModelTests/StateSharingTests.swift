import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

#if canImport(Glibc)
  import Glibc
#endif

/// The seen state shared by several instances on one folder, the first-look baseline per category,
/// and state files that are not what they should be.
@Suite("Seen state shared, baselined per category, and checked")
struct StateSharingTests {
  private func event(_ id: String, records: Int = 1) -> EOEvent {
    let geometries = (0..<records).map { index in
      EOGeometry(
        date: Sample.reference.addingTimeInterval(Double(index - records) * 86_400),
        shape: .point(EOCoordinate(longitude: Double(index), latitude: 0)), magnitude: nil)
    }
    return EOEvent(id: id, title: id, closed: nil, geometries: geometries)
  }

  private func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-sharing-\(UUID())")
  }

  private func read(_ file: StateFile<SeenState>) throws -> SeenState {
    guard case .value(let state) = file.read() else { throw CocoaError(.fileReadCorruptFile) }
    return state
  }

  @Test("two trackers on one folder never lose each other's marks")
  func twoTrackers() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = StateFile<SeenState>(name: "seen.json", directory: directory)
    var start = SeenState()
    start.markSeen([event("base")])
    #expect(file.write(start) == nil)
    let first = SeenTracker(file: file, messages: nil)
    let second = SeenTracker(file: file, messages: nil)
    _ = first.state
    _ = second.state
    first.markSeen([event("a")])
    first.flush()
    second.markSeen([event("b")])
    second.flush()
    let saved = try read(file)
    #expect(saved.hasSeen([event("base"), event("a"), event("b")]), "\(saved.events.keys.sorted())")
  }

  @Test("merging keeps the union; of two fingerprints of one event the one further along wins")
  func mergeKeepsTheLater() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = StateFile<SeenState>(name: "seen.json", directory: directory)
    var newer = SeenState()
    newer.markSeen([event("a", records: 3)])
    #expect(file.write(newer) == nil)
    var older = SeenState()
    older.markSeen([event("a", records: 1), event("b")])
    #expect(file.write(older) == nil)
    let saved = try read(file)
    #expect(saved.events["a"]?.records == 3, "the fingerprint with more records wins")
    #expect(saved.events["b"] != nil)
  }

  @Test("a category that failed on the first launch enters the baseline silently once it loads")
  func baselinePerCategory() {
    let tracker = SeenTracker(file: nil, messages: nil)
    let fires = Sample.category("fires")
    let storms = Sample.category("storms")
    let fetched = { (events: [EOEvent]) in
      EOFetched(value: events, source: .live, fetchedAt: Sample.reference)
    }
    var catalog = Catalog(isListing: true).applying(.update(.listed([fires, storms])))
    catalog = catalog.applying(.update(.loaded(fires, fetched([event("a")]))))
    catalog = catalog.applying(
      .update(.failed(storms, EONETError.httpStatus(url: "http://127.0.0.1/", status: 500))))
    tracker.absorbBaseline(catalog, online: true)
    #expect(tracker.state.value.change(of: event("a")) == nil)
    // The next refresh: storms loads, and fires has a new event.
    catalog = catalog.applying(.update(.listed([fires, storms])))
    catalog = catalog.applying(.update(.loaded(fires, fetched([event("a"), event("c")]))))
    catalog = catalog.applying(.update(.loaded(storms, fetched([event("s1"), event("s2")]))))
    tracker.absorbBaseline(catalog, online: true)
    #expect(tracker.state.value.hasSeen([event("s1"), event("s2")]), "storms entered the baseline silently")
    #expect(tracker.state.value.change(of: event("c")) == .new, "fires was in the baseline: c is new")
  }

  @Test("a category shown only from the cache is not in the baseline")
  func storedIsNotLoaded() {
    let tracker = SeenTracker(file: nil, messages: nil)
    let fires = Sample.category("fires")
    var catalog = Catalog(items: [Sample.item("fires", events: [event("old")])])
    catalog = catalog.applying(.update(.listed([fires])))
    catalog = catalog.applying(
      .update(.failed(fires, EONETError.timedOut(url: "http://127.0.0.1/", seconds: 1))))
    tracker.absorbBaseline(catalog, online: true)
    #expect(tracker.state.value.baseline?.contains("fires") != true)
  }

  @Test("the fast reader reads the layout with the baseline's categories")
  func quickReadsBaseline() throws {
    var state = SeenState(baseline: ["fires", "storms"])
    state.markSeen([event("a", records: 2)])
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = StateFile<SeenState>(name: "seen.json", directory: directory)
    #expect(file.write(state) == nil)
    let data = try Data(contentsOf: file.url)
    #expect(SeenState.quickRead(data) == state, "\(String(decoding: data, as: UTF8.self))")
    #expect(try read(file) == state)
  }

  @Test("a state file is the user's own (0600) and no temporary file is left beside it")
  func privateAndWhole() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = StateFile<SeenState>(name: "announced.json", directory: directory)
    var state = SeenState(baseline: [])
    state.markSeen([event("a")])
    #expect(file.write(state) == nil)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(Set(names) == ["announced.json", ".announced.json.lock"], "\(names)")
  }

  @Test("a state file that is a folder or a FIFO says so, at once")
  func notAFile() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("seen.json"), withIntermediateDirectories: true)
    let folderFile = StateFile<SeenState>(name: "seen.json", directory: directory)
    guard case .damaged(let message) = folderFile.read() else {
      Issue.record("a folder is not a state file")
      return
    }
    #expect(message.contains("is a folder"), "\(message)")
    #expect(folderFile.write(SeenState())?.contains("is a folder") == true)
    let fifo = directory.appendingPathComponent("fifo.json")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let fifoFile = StateFile<SeenState>(name: "fifo.json", directory: directory)
    let result = LockedBox<StateFile<SeenState>.Contents?>(nil)
    let done = DispatchSemaphore(value: 0)
    // Reading a FIFO would block until a writer comes: on its own thread, so the test can fail.
    Thread.detachNewThread {
      result.set(fifoFile.read())
      done.signal()
    }
    #expect(done.wait(timeout: .now() + .seconds(10)) == .success, "reading a FIFO returned")
    guard case .damaged(let fifoMessage)? = result.get() else {
      Issue.record("a FIFO is not a state file")
      return
    }
    #expect(fifoMessage.contains("not a regular file"), "\(fifoMessage)")
  }
}

/// A value handed between threads.
private final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
  func get() -> Value { lock.withLock { value } }
}
