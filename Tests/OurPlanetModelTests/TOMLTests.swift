import TestSupport
import Testing

@testable import OurPlanetModel

@Suite struct TOMLTests {
  /// The example of the config issue, as a user would write it.
  private let example = ConfigExample.text

  private func table(_ value: TOMLValue?) throws -> TOMLTable {
    guard case .table(let table)? = value else {
      throw TOMLError(line: 0, message: "not a table: \(String(describing: value))")
    }
    return table
  }

  @Test("what the one writer writes reads back as the same value, keys and hostile strings included")
  func writtenTextReadsBack() throws {
    let values: [TOMLValue] = [
      .string("plain"), .string("a \"quote\" and a \\ backslash"), .string("tab\tnew\nline\u{1B}[31m\u{7F}é"),
      .integer(-42), .float(2.5), .boolean(true), .array([.string("x"), .integer(1)]),
    ]
    for (index, value) in values.enumerated() {
      for key in ["k\(index)", "café \(index)", "a\"b.\(index)"] {
        let root = try TOML.parse("\(TOMLValue.key(key)) = \(value.tomlText)\n")
        #expect(root.keys == [key], "\(key)")
        #expect(root[key] == value, "\(value.tomlText)")
      }
    }
  }

  @Test func readsTheConfigExample() throws {
    let root = try TOML.parse(example)
    #expect(root.keys == ["days", "sort", "refresh-interval", "theme", "places", "keys", "alert"])
    #expect(root["days"] == .integer(30))
    #expect(root.entry("theme")?.line == 4)
    let places = try table(root["places"])
    #expect(places.line == 5)
    #expect(places["home"] == .string("29.76,-95.37,300"))
    #expect(places.entry("coast")?.line == 7)
    #expect(try table(root["keys"])["refresh"] == .array([.string("r"), .string("F5")]))
    guard case .array(let alerts)? = root["alert"] else {
      Issue.record("alert is not an array: \(String(describing: root["alert"]))")
      return
    }
    #expect(alerts.count == 2)
    let first = try table(alerts[0])
    #expect(first.line == 11)
    #expect(first["min-magnitude"] == .integer(1000))
    #expect(first["bell"] == .boolean(true))
    #expect(first["exec"] == .array([.string("/usr/local/bin/page-me"), .string("--urgent")]))
    let second = try table(alerts[1])
    #expect(second.line == 21)
    #expect(second["name"] == .string("storms"))
  }

  @Test func stringsAndTheirEscapes() throws {
    let root = try TOML.parse(
      #"""
      basic = "tab\there \"quoted\" \\ \u00e9 \U0001F30D"
      literal = 'C:\path\no escape'
      multi = """
      one
      two"""
      joined = """\
        the quick \
        brown fox"""
      quotes = """she said "hi"."""""
      raw = '''
      first 'line'
      '''
      "quoted key" = 1
      'literal key' = 2
      """#)
    #expect(root["basic"] == .string("tab\there \"quoted\" \\ é 🌍"))
    #expect(root["literal"] == .string(#"C:\path\no escape"#))
    #expect(root["multi"] == .string("one\ntwo"))
    #expect(root["joined"] == .string("the quick brown fox"))
    #expect(root["quotes"] == .string(#"she said "hi"."""#))
    #expect(root["raw"] == .string("first 'line'\n"))
    #expect(root["quoted key"] == .integer(1))
    #expect(root["literal key"] == .integer(2))
  }

  @Test func numbersAndBooleans() throws {
    let root = try TOML.parse(
      """
      a = +99
      b = -17
      c = 1_000_000
      d = 0xDEAD_beef
      e = 0o755
      f = 0b1101
      g = 3.14
      h = -0.01
      i = 5e+22
      j = 6.626e-34
      k = inf
      l = -inf
      m = nan
      n = true
      o = false
      p = 0
      q = 9_223_372_036_854_775_807
      """)
    #expect(root["a"] == .integer(99))
    #expect(root["b"] == .integer(-17))
    #expect(root["c"] == .integer(1_000_000))
    #expect(root["d"] == .integer(0xDEAD_BEEF))
    #expect(root["e"] == .integer(0o755))
    #expect(root["f"] == .integer(13))
    #expect(root["g"] == .float(3.14))
    #expect(root["h"] == .float(-0.01))
    #expect(root["i"] == .float(5e22))
    #expect(root["j"] == .float(6.626e-34))
    #expect(root["k"] == .float(.infinity))
    #expect(root["l"] == .float(-.infinity))
    guard case .float(let notANumber)? = root["m"] else {
      Issue.record("nan is \(String(describing: root["m"]))")
      return
    }
    #expect(notANumber.isNaN)
    #expect(root["n"] == .boolean(true))
    #expect(root["o"] == .boolean(false))
    #expect(root["p"] == .integer(0))
    #expect(root["q"] == .integer(Int.max))
  }

  @Test func arraysInlineTablesAndDottedKeys() throws {
    let root = try TOML.parse(
      """
      list = [
        1, # one
        "two",
        [3.0, true],   # nested, mixed
      ]
      point = { lat = 29.76, lon = -95.37, label.name = "home" }
      empty = {}
      site.name = "EONET"
      site.url = "https://eonet.gsfc.nasa.gov"
      [a.b.c]
      d = 1
      [a]
      e = 2
      """)
    #expect(root["list"] == .array([.integer(1), .string("two"), .array([.float(3), .boolean(true)])]))
    let point = try table(root["point"])
    #expect(point["lat"] == .float(29.76))
    #expect(try table(point["label"])["name"] == .string("home"))
    #expect(try table(root["empty"]).keys.isEmpty)
    let site = try table(root["site"])
    #expect(site.keys == ["name", "url"])
    let a = try table(root["a"])
    #expect(a.keys == ["b", "e"])
    #expect(try table(try table(a["b"])["c"])["d"] == .integer(1))
  }

  @Test func crlfAndNoFinalNewline() throws {
    let root = try TOML.parse("a = 1\r\n# note\r\nb = \"x\"")
    #expect(root["a"] == .integer(1))
    #expect(root.entry("b")?.line == 3)
  }

  /// Each mistake names its line and says what is wrong.
  @Test(arguments: [
    ("days = 30\ndays = 31", 2, "'days' is set twice"),
    ("[places]\nhome = \"x\"\n[places]", 3, "table [places] is defined twice"),
    ("a = 1\n[a]", 2, "'a' is already an integer, not a table"),
    ("a.b = 1\n[a]", 2, "table [a] was already made by a dotted key"),
    ("p = { x = 1 }\np.y = 2", 2, "'p' is an inline table; it cannot be extended"),
    ("[[alert]]\n[alert]", 2, "'alert' is an array of tables; write [[alert]]"),
    ("[keys]\nquit = Q", 2, "expected a value, found 'Q' (a string needs quotes)"),
    ("when = 2026-11-27", 1, "dates and times are not supported here; write \"2026-11-27\" as a string"),
    ("n = 9223372036854775808", 1, "9223372036854775808 does not fit in a 64-bit integer"),
    ("n = 012", 1, "'012' is not a number"),
    ("n = 1__0", 1, "'1__0' is not a number"),
    ("s = \"open", 1, "the string is not closed on its line (a '\"' is missing)"),
    ("s = \"bad \\q\"", 1, "\\'q' is not an escape TOML knows"),
    ("s = \"bell \u{07}\"", 1, "control character U+0007 in a string; write it as an escape"),
    ("s = \"\\uD800\"", 1, "\\uD800 is not a Unicode scalar value"),
    ("list = [1, 2", 1, "the array opened here is never closed"),
    ("list = [1 2]", 1, "expected ',' or ']' in the array, found '2'"),
    ("t = { a = 1,\n b = 2 }", 1, "an inline table must close on the line it opens ('}')"),
    ("a = 1 b = 2", 1, "expected the end of the line, found 'b'"),
    ("= 1", 1, "expected a key, found '='"),
    ("key", 1, "expected '=' after the key 'key'"),
    ("key =", 1, "expected a value, found the end of the file"),
    ("[unclosed\na = 1", 1, "expected ']' to close the table header"),
    ("m = '''\nnever closed", 1, "the multi-line string opened here is never closed"),
  ])
  func mistakesNameTheirLine(text: String, line: Int, message: String) {
    #expect(throws: TOMLError(line: line, message: message)) { try TOML.parse(text) }
  }

  /// Whatever the bytes, the parser answers (a table or an error) and never traps: cut and spliced
  /// pieces of the example, 500 documents per seed.
  // A guard against a hang, not a speed check: Swift Testing's clock runs from when the test is
  // scheduled, and on a loaded 2-core run a test can wait minutes for a thread (a 1-minute limit failed so).
  @Test(.timeLimit(.minutes(10)), arguments: SplitMix.seeds(4))
  func anyTextGivesATableOrAnError(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    let pieces = Array(example.unicodeScalars) + Array("[]{}\"'=.,#\\\n\r\t0x_e+-".unicodeScalars)
    var errors = 0
    for _ in 0..<500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...120, using: &generator) {
        text.append(pieces[Int.random(in: 0..<pieces.count, using: &generator)])
      }
      do {
        _ = try TOML.parse(String(text))
      } catch {
        errors += 1
        #expect(error.line >= 1, "\(error)")
      }
    }
    // Random splices are nearly always wrong TOML: the errors path is what this exercises.
    #expect(errors > 0)
  }
}
