// The libFuzzer entry point over EONETKit's event archive reader (what the cache reads back at every
// start). Not a SwiftPM target: `make fuzz` compiles it with the archive's sources.
import Foundation

/// One input: reading an archive must return or throw an `EONETError`, never crash, hang or make a
/// huge allocation; and what it returns, written again, must read back to the same archive.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  let cutoff = Date(timeIntervalSinceReferenceDate: 700_000_000)
  for limit in [nil, cutoff] {
    do {
      let decoded = try EventArchive.decode(data, newerThan: limit)
      // Writing keeps each id once and orders newest first, so a damaged archive may not come back
      // byte for byte; what it decoded to must, from the second writing on.
      let written = EventArchive.encode(decoded)
      let again = try EventArchive.decode(written)
      precondition(EventArchive.encode(again) == written, "an archive changed on a second trip")
      precondition(again.skipped == decoded.skipped, "the skipped count changed on a second trip")
      precondition(again.title == decoded.title, "the title changed on a second trip")
    } catch {
      precondition(!error.description.isEmpty, "an error without a message")
    }
  }
  return 0
}
