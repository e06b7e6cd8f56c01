// The libFuzzer entry point over EONETKit's decoder. Not a SwiftPM target: `make fuzz` compiles it
// with the decoder's sources (`-sanitize=fuzzer,address`), so the ordinary build never sees it.
import Foundation

/// One input: the decoder must return or throw an `EONETError`, never crash or hang, and every event
/// it returns must be whole (an id, a title, a date to filter by).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  let decoder = EONETDecoder()
  for status in [200, 500] {
    do {
      let decoded = try decoder.decodeEvents(from: data, status: status, contentType: nil)
      for event in decoded.elements {
        precondition(!event.id.isEmpty, "an event without an id")
        precondition(
          event.closed != nil || !event.geometries.isEmpty, "an event with nothing to date it by")
        for geometry in event.geometries {
          if let centre = geometry.center {
            precondition(
              centre.longitude.isFinite && centre.latitude.isFinite, "a position that is not finite")
          }
        }
      }
    } catch {
      precondition(!error.description.isEmpty, "an error without a message")
    }
    do {
      _ = try decoder.decodeCategories(from: data, status: status, contentType: nil)
    } catch {
      precondition(!error.description.isEmpty, "an error without a message")
    }
  }
  return 0
}
