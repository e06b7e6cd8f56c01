import Testing

@testable import TerminalUI

@Suite("Clipboard (OSC 52)")
struct ClipboardTests {
  @Test(
    "base64 is RFC 4648's, padding included",
    arguments: [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
      ("foobar", "Zm9vYmFy"),
    ])
  func base64(plain: String, encoded: String) {
    #expect(String(decoding: Clipboard.base64(Array(plain.utf8)), as: UTF8.self) == encoded)
  }

  @Test("every byte value survives (a hostile link cannot end the sequence)")
  func allBytes() throws {
    let text = String(decoding: (0...127).map { UInt8($0) }, as: UTF8.self)
    let sequence = try #require(Clipboard.sequence(for: text))
    #expect(Array(sequence.prefix(7)) == [0x1B] + Array("]52;c;".utf8))
    #expect(sequence.last == 0x07)
    let body = sequence.dropFirst(7).dropLast()
    #expect(!body.contains(0x1B) && !body.contains(0x07), "only base64 between the frame")
    #expect(body.count == (128 + 2) / 3 * 4)
  }

  @Test("text over the limit is refused, the limit itself is sent")
  func limit() {
    #expect(Clipboard.sequence(for: String(repeating: "a", count: Clipboard.maximumBytes)) != nil)
    #expect(Clipboard.sequence(for: String(repeating: "a", count: Clipboard.maximumBytes + 1)) == nil)
  }
}
