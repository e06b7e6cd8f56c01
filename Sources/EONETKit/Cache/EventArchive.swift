import Dispatch
import Foundation
import RxCore
import Support

/// The cache's own form of a category's decoded events: a compact binary record per event that
/// reads back several times faster than the server's JSON (no scanning, no number or date parsing,
/// and the categories, alike across a whole response, stored once).
///
/// A start-up reads the cache; with ten times today's data, decoding the 26 MB wildfires response
/// alone took longer than a frame budget many times over. The archive is written where the JSON body
/// used to be, after the download was decoded, so it holds exactly what the app saw.
///
/// Layout (integers as LEB128 varints, doubles as their 8 little-endian bytes, strings as a byte
/// count and UTF-8): the magic `OPEV` and a version byte; the skipped count; the response title
/// (optional); a table of the distinct category lists; the chunk directory (each chunk's event count
/// and byte length); then the chunks, 4,096 events each, every event its id, title, description,
/// link, closed date, category list (an index into the table), sources and geometries. Optional
/// values are a presence byte and the value. Chunks decode on every core at once. Reading checks
/// every length against what is left, so a damaged archive is an error, never a crash or a huge
/// allocation (the cache's checksum catches damage first anyway).
///
/// ```swift
/// let archive = EventArchive.encode(decoded)
/// let events = try EventArchive.decode(archive).elements
/// ```
package enum EventArchive {
  /// The cache header's `encoding` for an archive body.
  package static let encoding = "ourplanet-events-1"

  private static let magic: [UInt8] = Array("OPEV".utf8) + [1]

  /// `decoded` as an archive: each id once (the first), newest first, so a read hands the events on
  /// without sorting or looking ids up.
  ///
  /// - Parameter decoded: Decoded events (and their skipped count and response title).
  /// - Returns: The archive's bytes.
  package static func encode(_ decoded: EODecoded<EOEvent>) -> Data {
    var ids = Set<String>(minimumCapacity: decoded.elements.count)
    let events = decoded.elements.filter { ids.insert($0.id).inserted }.sortedNewestFirst()
    var writer = ArchiveWriter()
    writer.bytes.reserveCapacity(64 + events.count * 200)
    writer.bytes.append(contentsOf: magic)
    writer.integer(decoded.skipped)
    writer.optional(decoded.title) { $0.string($1) }
    var lists: [[EOCategory]: Int] = [:]
    var table: [[EOCategory]] = []
    let listIndices = events.map { event in
      if let index = lists[event.categories] { return index }
      lists[event.categories] = table.count
      table.append(event.categories)
      return table.count - 1
    }
    writer.integer(table.count)
    for list in table {
      writer.integer(list.count)
      for category in list {
        writer.string(category.id)
        writer.string(category.title)
        writer.string(category.description)
        writer.optional(category.link) { $0.string($1) }
      }
    }
    // The events in chunks, each prefixed by its event count and byte length, so a reader can
    // decode them on several cores at once.
    let chunks = stride(from: 0, to: events.count, by: chunkSize).map { start in
      var chunk = ArchiveWriter()
      for index in start..<min(start + chunkSize, events.count) {
        chunk.event(events[index], listIndex: listIndices[index])
      }
      return (count: min(chunkSize, events.count - start), bytes: chunk.bytes)
    }
    writer.integer(chunks.count)
    for chunk in chunks {
      writer.integer(chunk.count)
      writer.integer(chunk.bytes.count)
    }
    for chunk in chunks { writer.bytes.append(contentsOf: chunk.bytes) }
    return Data(writer.bytes)
  }

  /// Events per chunk: a few milliseconds of decoding each, enough of them to keep two cores busy.
  private static let chunkSize = 4096

  /// The events in `data`, or only those dated at or after `cutoff`.
  ///
  /// The archive is newest first, so a cut-off is where reading stops: chunks wholly older than it
  /// are not decoded at all (a start-up reads only what its days window shows, however much older
  /// history the cache holds).
  ///
  /// - Parameters:
  ///   - data: An archive made by ``encode(_:)``.
  ///   - cutoff: When given, the oldest ``EOEvent/date`` to keep.
  /// - Returns: The events, newest first, with the skipped count and title they were stored with.
  /// - Throws: ``EONETError/unexpectedShape(_:)`` if `data` is not a whole archive of this version.
  package static func decode(
    _ data: Data, newerThan cutoff: Date? = nil
  ) throws(EONETError) -> EODecoded<EOEvent> {
    let result: Result<EODecoded<EOEvent>, EONETError> = data.withUnsafeBytes { buffer in
      var reader = ArchiveReader(buffer)
      do throws(EONETError) {
        guard try reader.raw(magic.count).elementsEqual(magic) else {
          throw .unexpectedShape("not an event archive of this version")
        }
        let skipped = try reader.integer()
        let title = try reader.optional { reader throws(EONETError) in try reader.string() }
        let table = try reader.array { reader throws(EONETError) in
          try reader.array { reader throws(EONETError) in
            EOCategory(
              id: try reader.string(), title: try reader.string(), description: try reader.string(),
              link: try reader.optional { reader throws(EONETError) in try reader.string() })
          }
        }
        let chunks = try reader.array { reader throws(EONETError) in
          (count: try reader.integer(), bytes: try reader.integer())
        }
        var slices: [ArchiveChunk] = []
        var total = 0
        for chunk in chunks {
          guard chunk.count <= chunk.bytes else { throw .unexpectedShape("event archive: bad chunk") }
          slices.append(ArchiveChunk(start: total, count: chunk.count, bytes: try reader.raw(chunk.bytes)))
          total += chunk.count
        }
        guard reader.isAtEnd else { throw .unexpectedShape("event archive: bytes after the last event") }
        if let cutoff { slices = try Self.chunks(slices, reaching: cutoff, table: table) }
        let events = try decodeChunks(slices, table: table, cutoff: cutoff)
        return .success(EODecoded(elements: events, skipped: skipped, title: title))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

extension EventArchive {
  /// The leading chunks that hold events at or after `cutoff`: a chunk is needed when its first
  /// (newest) event is, and the first chunk always is. Looks at one event per chunk.
  private static func chunks(
    _ chunks: [ArchiveChunk], reaching cutoff: Date, table: [[EOCategory]]
  ) throws(EONETError) -> [ArchiveChunk] {
    var kept = min(1, chunks.count)
    while kept < chunks.count {
      var reader = ArchiveReader(chunks[kept].bytes)
      guard try reader.event(table: table).date >= cutoff else { break }
      kept += 1
    }
    return Array(chunks[..<kept])
  }

  /// The chunks' events in one array, each chunk decoded on whichever core is free, straight into
  /// its place in the array. With a cut-off the last chunk stops at its first older event (the
  /// chunks before it are newer throughout).
  private static func decodeChunks(
    _ chunks: [ArchiveChunk], table: [[EOCategory]], cutoff: Date?
  ) throws(EONETError) -> [EOEvent] {
    // Each chunk records how many events it wrote, or its error having deinitialised them.
    let outcomes = LockedValue([Result<Int, EONETError>](repeating: .success(0), count: chunks.count))
    let total = chunks.last.map { $0.start + $0.count } ?? 0
    let events = [EOEvent](unsafeUninitializedCapacity: total) { buffer, initialized in
      // The threads write disjoint ranges of the buffer: handing its address to each is safe.
      let base = UncheckedSendable(buffer.baseAddress)
      DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
        let chunk = chunks[index]
        let stopsEarly = cutoff != nil && index == chunks.count - 1
        var reader = ArchiveReader(chunk.bytes)
        var written = 0
        do throws(EONETError) {
          while written < chunk.count {
            let event = try reader.event(table: table)
            if stopsEarly, let cutoff, event.date < cutoff { break }
            (base.value! + chunk.start + written).initialize(to: event)
            written += 1
          }
          guard reader.isAtEnd || written < chunk.count else {
            throw .unexpectedShape("event archive: bytes after a chunk")
          }
          outcomes.withLock { $0[index] = .success(written) }
        } catch {
          (base.value! + chunk.start).deinitialize(count: written)
          outcomes.withLock { $0[index] = .failure(error) }
        }
      }
      let written = outcomes.withLock { $0 }
      if written.contains(where: { (try? $0.get()) == nil }) {
        // All or nothing: undo the chunks that succeeded.
        for (index, chunk) in chunks.enumerated() {
          if case .success(let count) = written[index] {
            (buffer.baseAddress! + chunk.start).deinitialize(count: count)
          }
        }
        initialized = 0
      } else {
        // Only the last chunk may have stopped early, so what was written is one run.
        initialized =
          chunks.last.map { chunk in
            chunk.start + ((try? written[written.count - 1].get()) ?? 0)
          } ?? 0
      }
    }
    for outcome in outcomes.withLock({ $0 }) {
      if case .failure(let error) = outcome { throw error }
    }
    return events
  }
}

/// One chunk of an archive's events: where its events go in the result, and its bytes.
// `@unchecked Sendable`: a buffer pointer is not `Sendable`; each chunk's bytes are only read, by one
// thread, inside the `withUnsafeBytes` that made them.
private struct ArchiveChunk: @unchecked Sendable {
  let start: Int
  let count: Int
  let bytes: UnsafeRawBufferPointer
}

/// Appends an archive's values to a byte array.
private struct ArchiveWriter {
  var bytes: [UInt8] = []

  mutating func integer(_ value: Int) {
    var rest = UInt64(max(0, value))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func double(_ value: Double) {
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func date(_ value: Date) { double(value.timeIntervalSinceReferenceDate) }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      integer(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func optional<Value>(_ value: Value?, _ write: (inout ArchiveWriter, Value) -> Void) {
    guard let value else {
      bytes.append(0)
      return
    }
    bytes.append(1)
    write(&self, value)
  }

  mutating func event(_ event: EOEvent, listIndex: Int) {
    string(event.id)
    string(event.title)
    optional(event.description) { $0.string($1) }
    optional(event.link) { $0.string($1) }
    optional(event.closed) { $0.date($1) }
    integer(listIndex)
    integer(event.sources.count)
    for source in event.sources {
      string(source.id)
      string(source.url)
    }
    integer(event.geometries.count)
    for geometry in event.geometries { self.geometry(geometry) }
  }

  mutating func coordinates(_ points: [EOCoordinate]) {
    integer(points.count)
    for point in points {
      double(point.longitude)
      double(point.latitude)
    }
  }

  mutating func geometry(_ geometry: EOGeometry) {
    date(geometry.date)
    optional(geometry.magnitude) { writer, magnitude in
      writer.double(magnitude.value)
      writer.optional(magnitude.unit) { $0.string($1) }
    }
    switch geometry.shape {
    case .unlocated:
      bytes.append(0)
    case .point(let point):
      bytes.append(1)
      double(point.longitude)
      double(point.latitude)
    case .line(let points):
      bytes.append(2)
      coordinates(points)
    case .polygon(let rings):
      bytes.append(3)
      integer(rings.count)
      for ring in rings { coordinates(ring) }
    }
  }
}

/// Reads an archive's values, checking each against the bytes left.
private struct ArchiveReader {
  private let buffer: UnsafeRawBufferPointer
  private var offset = 0

  init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

  var isAtEnd: Bool { offset == buffer.count }

  private static func truncated() -> EONETError { .unexpectedShape("event archive: truncated") }

  mutating func raw(_ count: Int) throws(EONETError) -> UnsafeRawBufferPointer {
    guard count >= 0, count <= buffer.count - offset else { throw Self.truncated() }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
  }

  mutating func byte() throws(EONETError) -> UInt8 {
    guard offset < buffer.count else { throw Self.truncated() }
    defer { offset += 1 }
    return buffer[offset]
  }

  mutating func integer() throws(EONETError) -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte()
      guard shift < 63 else { throw .unexpectedShape("event archive: integer too long") }
      value |= UInt64(byte & 0x7f) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    guard value <= UInt64(Int.max) else { throw .unexpectedShape("event archive: integer too large") }
    return Int(value)
  }

  mutating func double() throws(EONETError) -> Double {
    let bytes = try raw(8)
    var bits: UInt64 = 0
    withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: bytes) }
    return Double(bitPattern: UInt64(littleEndian: bits))
  }

  mutating func date() throws(EONETError) -> Date { Date(timeIntervalSinceReferenceDate: try double()) }

  mutating func string() throws(EONETError) -> String {
    String(decoding: try raw(try integer()), as: UTF8.self)
  }

  mutating func optional<Value>(
    _ read: (inout ArchiveReader) throws(EONETError) -> Value
  ) throws(EONETError) -> Value? {
    switch try byte() {
    case 0: return nil
    case 1: return try read(&self)
    default: throw .unexpectedShape("event archive: bad optional")
    }
  }

  /// A count, then that many elements; a count larger than the bytes left is damage, not a reason
  /// to reserve memory for it.
  mutating func array<Element>(
    _ read: (inout ArchiveReader) throws(EONETError) -> Element
  ) throws(EONETError) -> [Element] {
    let count = try integer()
    guard count <= buffer.count - offset else { throw Self.truncated() }
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for _ in 0..<count { elements.append(try read(&self)) }
    return elements
  }

  mutating func event(table: [[EOCategory]]) throws(EONETError) -> EOEvent {
    let id = try string()
    let title = try string()
    let description = try optional { reader throws(EONETError) in try reader.string() }
    let link = try optional { reader throws(EONETError) in try reader.string() }
    let closed = try optional { reader throws(EONETError) in try reader.date() }
    let listIndex = try integer()
    guard listIndex < table.count else { throw .unexpectedShape("event archive: bad category list") }
    let sources = try array { reader throws(EONETError) in
      EOSource(id: try reader.string(), url: try reader.string())
    }
    let geometries = try array { reader throws(EONETError) in try reader.geometry() }
    return EOEvent(
      id: id, title: title, description: description, link: link, closed: closed,
      categories: table[listIndex], sources: sources, geometries: geometries)
  }

  mutating func coordinates() throws(EONETError) -> [EOCoordinate] {
    try array { reader throws(EONETError) in
      EOCoordinate(longitude: try reader.double(), latitude: try reader.double())
    }
  }

  mutating func geometry() throws(EONETError) -> EOGeometry {
    let date = try date()
    let magnitude = try optional { reader throws(EONETError) in
      EOMagnitude(
        value: try reader.double(),
        unit: try reader.optional { reader throws(EONETError) in try reader.string() })
    }
    let shape: EOGeometry.Shape
    switch try byte() {
    case 0: shape = .unlocated
    case 1: shape = .point(EOCoordinate(longitude: try double(), latitude: try double()))
    case 2: shape = .line(try coordinates())
    case 3: shape = .polygon(try array { reader throws(EONETError) in try reader.coordinates() })
    default: throw .unexpectedShape("event archive: bad shape")
    }
    return EOGeometry(date: date, shape: shape, magnitude: magnitude)
  }
}
