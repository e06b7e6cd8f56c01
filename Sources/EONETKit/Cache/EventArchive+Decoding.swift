import Foundation

extension EventArchive {
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

/// Reads an archive's values, checking each against the bytes left.
struct ArchiveReader {
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
