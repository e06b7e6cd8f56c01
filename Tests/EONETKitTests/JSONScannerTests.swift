import Foundation
import TestSupport
import Testing

@testable import EONETKit

@Suite("JSONScanner")
struct JSONScannerTests {
  private func number(_ text: String) throws -> Double {
    let data = Data(text.utf8)
    return try data.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      return try scanner.readDouble()
    }
  }

  @Test(
    "numbers parse exactly like the standard library",
    arguments: [
      "0", "-0", "1", "-1", "140.8", "9.6", "35.00", "0.1", "0.000001", "123456789012345",
      "1234567890123456789", "12345678901234567890123", "1e10", "1E-5", "-2.5e+3", "5e-324",
      "1.7976931348623157e308",
      "16.525371955075", "-19.219845995937", "127.84286499023438", "1.6633016286241373",
      "0.30000000000000004",
    ])
  func exactNumbers(text: String) throws {
    #expect(try number(text).bitPattern == Double(text)!.bitPattern)
  }

  @Test("random doubles round-trip bit for bit", arguments: SplitMix.seeds(2))
  func randomRoundTrip(seed: UInt64) throws {
    var generator = SplitMix(seed: seed)
    for _ in 0..<2_500 {
      let value =
        Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
        * (Bool.random(using: &generator) ? 1 : -1)
      let short = (Double(Int.random(in: -18_000_000...18_000_000, using: &generator)) / 100_000)
      for candidate in [value, short] {
        #expect(try number(String(candidate)).bitPattern == candidate.bitPattern, "\(candidate)")
      }
    }
  }

  @Test("numbers out of range are errors", arguments: ["1e400", "-1e400"])
  func outOfRange(text: String) {
    #expect(throws: JSONScanner.Failure.self) { try number(text) }
  }

  @Test("skipValue passes over every kind of value and stops right after it")
  func skipValue() throws {
    let text = #"{"a":[1,-2.5e3,"s\"q",true,false,null,{"b":{}}],"c":[]} ,"#
    let data = Data(text.utf8)
    let offset = try data.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      try scanner.skipValue()
      return scanner.offset
    }
    #expect(offset == text.utf8.count - 2)
  }
}
