// The libFuzzer entry point over the seen-state file's fast reader (`SeenState.quickRead`, read at
// every start and by `watch`). Not a SwiftPM target: `make fuzz` compiles it with its sources.
import Foundation

/// One input: the fast reader must return a state or `nil`, never crash or hang; and a state it
/// accepts, written back as the state file writes it, must read back the same (the writer's layout
/// always takes the fast path, and means what `JSONEncoder` meant).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeenState(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let quick = SeenState.quickRead(Data(bytes: bytes, count: count)) else { return 0 }
  // Known finding (Tests/Fuzz/findings/seen-julian-date.json): `JSONEncoder` writes dates before the
  // Gregorian reform in the Julian calendar, the fast reader reads them proleptic Gregorian, so such
  // a date shifts on a second trip. No real fingerprint has one; the check covers every other date.
  let reform = Date(timeIntervalSince1970: -12_219_292_800)
  let dates = quick.events.values.flatMap { [$0.latest, $0.closed].compactMap { $0 } }
  guard dates.allSatisfy({ $0 >= reform }) else { return 0 }
  let encoder = JSONEncoder()
  encoder.dateEncodingStrategy = .iso8601
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  // A value JSON cannot hold (an infinite magnitude) is the writer's concern, not the reader's.
  guard let written = try? encoder.encode(quick) else { return 0 }
  let reread = SeenState.quickRead(written)
  precondition(reread != nil, "the fast reader refused what the state file writes")
  precondition(reread == quick, "a state changed on a second trip")
  return 0
}
