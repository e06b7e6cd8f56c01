import Foundation

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

  /// The first bytes of an archive: its magic and version.
  static let magic: [UInt8] = Array("OPEV".utf8) + [1]

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
  static let chunkSize = 4096
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
