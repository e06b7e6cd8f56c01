import Testing

@testable import TerminalUI

@Suite struct KeyNameTests {
  @Test func everyKeyAPersonCanPressIsNamedByItsDescription() {
    let keys: [Key] =
      [
        .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp, .pageDown, .home,
        .end,
        .insert, .delete, .enter, .escape, .backspace, .tab, .backTab, .char(" "), .char("q"), .char("Q"),
        .char("?"), .char("é"), .ctrl("r"), .ctrl("\\"), .function(1), .function(12), .function(63),
      ]
    for key in keys {
      #expect(Key(name: key.description) == key, "\(key.description)")
      #expect(
        Key(name: key.description.lowercased()) == key || key.description.count == 1, "\(key.description)")
    }
  }

  @Test func aliasesAndControlSpellings() {
    #expect(Key(name: "PageDown") == .pageDown)
    #expect(Key(name: "escape") == .escape)
    #expect(Key(name: "return") == .enter)
    #expect(Key(name: "C-r") == .ctrl("r"))
    #expect(Key(name: "^R") == .ctrl("r"))
    #expect(Key(name: "ctrl-I") == .tab, "the terminal sends Ctrl-I as Tab")
    #expect(Key(name: "Ctrl-[") == .escape)
  }

  @Test func namesNoKeyHas() {
    for name in [
      "", "Shift-Q", "F0", "F64", "F05", "Ctrl-", "Ctrl-rr", "Ctrl-1", "Hyper", "\t", " x", "Mouse",
    ] {
      #expect(Key(name: name) == nil, "\(name)")
    }
  }
}
