import Dispatch
import Foundation
import RxCore
import Support

extension EventArchive {
  /// The leading chunks that hold events at or after `cutoff`: a chunk is needed when its first
  /// (newest) event is, and the first chunk always is. Looks at one event per chunk.
  static func chunks(
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
  static func decodeChunks(
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
struct ArchiveChunk: @unchecked Sendable {
  let start: Int
  let count: Int
  let bytes: UnsafeRawBufferPointer
}
