extension Key {
  /// The named keys a person can write, by the lower-cased name, with the usual aliases.
  private static let namedKeys: [String: Key] = {
    var keys: [String: Key] = [:]
    let named: [Key] = [
      .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp, .pageDown, .home,
      .end,
      .insert, .delete, .enter, .escape, .backspace, .tab, .backTab, .char(" "),
    ]
    for key in named { keys[key.description.lowercased()] = key }
    let aliases: [String: Key] = [
      "pageup": .pageUp, "pagedown": .pageDown, "escape": .escape, "return": .enter, "del": .delete,
      "ins": .insert, "backtab": .backTab,
    ]
    keys.merge(aliases) { own, _ in own }
    return keys
  }()

  /// The key a config file names: the name ``description`` gives it (`Q`, `F5`, `Ctrl-R`, `PgUp`,
  /// `Space`, `Shift-Tab`), in any case for named keys, or a single printable character.
  ///
  /// ```swift
  /// Key(name: "Ctrl-R")  // .ctrl("r")
  /// Key(name: "q")       // .char("q")
  /// Key(name: "F13")     // .function(13)
  /// ```
  ///
  /// - Returns: `nil` for a name no key has (mouse events and resizes have none a person writes).
  package init?(name: String) {
    if name.count == 1, let character = name.first {
      guard !character.isWhitespace,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return nil }
      self = .char(character)
      return
    }
    let lowered = name.lowercased()
    if let key = Self.namedKeys[lowered] {
      self = key
      return
    }
    if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...63).contains(number),
      !lowered.dropFirst().hasPrefix("0")
    {
      self = .function(number)
      return
    }
    for prefix in ["ctrl-", "c-", "^"] where lowered.hasPrefix(prefix) {
      let rest = lowered.dropFirst(prefix.count)
      guard rest.count == 1, let character = rest.first, character.isASCII,
        character.isLetter || "[\\]^_".contains(character)
      else { return nil }
      // The terminal sends these as the keys they are the control codes of (Ctrl-I is Tab).
      let sameAs: [Character: Key] = ["i": .tab, "m": .enter, "j": .enter, "h": .backspace, "[": .escape]
      self = sameAs[character] ?? .ctrl(character)
      return
    }
    return nil
  }
}
