import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
  @Test(
    arguments: [
      (0x0D, Key.enter), (0x0A, .enter), (0x09, .tab), (0x1B, .escape), (0x7F, .backspace),
      (0x08, .backspace),
      (0x0C, .ctrl("l")), (0x03, .ctrl("c")), (0x1A, .ctrl("z")), (0x1F, .ctrl("_")), (0x71, .char("q")),
      (0x47, .char("G")), (0x65E5, .char("日")), (0x20, .char(" ")),
    ] as [(UInt32, Key)])
  func decodesCharacters(value: UInt32, expected: Key) {
    #expect(KeyDecoder.decode(character: value) == expected)
  }

  @Test func dropsUndecodableCharacters() {
    #expect(KeyDecoder.decode(character: 0x9B) == nil)
    #expect(KeyDecoder.decode(character: 0xD800) == nil)
  }

  @Test func describesKeysForHumans() {
    #expect(Key.ctrl("l").description == "Ctrl-L")
    #expect(Key.char(" ").description == "Space")
    #expect(Key.function(5).description == "F5")
    #expect(Key.shiftLeft.description == "Shift-Left")
  }
}
