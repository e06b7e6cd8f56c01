import Testing

@testable import EONETKit

@Suite("HTMLEntities")
struct HTMLEntitiesTests {
  @Test(
    "decodes named and numeric references",
    arguments: [
      ("Whelan Lake Block 1&amp; 2 RX Wildfire", "Whelan Lake Block 1& 2 RX Wildfire"),
      ("Danny&#039;s Wildfire", "Danny's Wildfire"),
      ("a&#39;b &#x27;c&#X27;", "a'b 'c'"),
      ("&lt;tag&gt; &quot;q&quot; &apos;", "<tag> \"q\" '"),
      ("non&nbsp;breaking", "non\u{A0}breaking"),
      ("volcano &#x1F30B;", "volcano 🌋"),
      ("https://x.org/r.aspx?eventtype=WF&amp;eventid=1", "https://x.org/r.aspx?eventtype=WF&eventid=1"),
      ("Incêndio&amp;São José 火事&#x706B;", "Incêndio&São José 火事火"),
      ("&amp;&amp;&#65;&#x42;", "&&AB"),
    ])
  func decodes(input: String, expected: String) {
    #expect(HTMLEntities.decode(input) == expected)
  }

  @Test(
    "leaves everything else alone",
    arguments: [
      "no entities", "AT&T", "a & b", "&unknown;", "&#;", "&#xZZ;", "&#0;", "&#55296;", "&;", "trailing &",
      "https://x.org/?a=1&b=2", "&amp", "&#1114112;", "&#99999999999999;", "&#x;", "&#12a;", "é&é;",
    ])
  func leavesAlone(input: String) {
    #expect(HTMLEntities.decode(input) == input)
  }

  @Test("decodes one level only, as a browser shows double-encoded text")
  func oneLevel() {
    #expect(HTMLEntities.decode("&amp;amp;") == "&amp;")
  }
}
