import OurPlanetModel
import Testing

@Suite("Searching folded titles")
struct FoldedTextTests {
  @Test("case and diacritics fold away on both sides")
  func folding() {
    #expect(FoldedText("Incêndio em São Paulo").contains(FoldedText("SAO PAULO")))
    #expect(FoldedText("Tropical Cyclone ALFRED").contains(FoldedText("cyclone al")))
    #expect(EventScope(days: 30, text: "  são ").matches(title: "SAO JOSE Wildfire"))
  }

  @Test("ASCII folds byte for byte as Foundation folds it, alone and inside text that is not ASCII")
  func asciiAsFoundation() {
    let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    let everyCharacter = String(ascii)
    for text in [everyCharacter, "Wildfire in XYZ County, TX — \(everyCharacter)", "Tropical Cyclone ALFRED"]
      + ascii.map(String.init)
    {
      #expect(FoldedText(text).bytes == Array(FoldedText.fold(text).utf8), "\(Array(text.utf8))")
    }
    // Text that is not ASCII takes Foundation's folding whole.
    #expect(FoldedText("ÉRUPTION du Piton").bytes == Array("eruption du piton".utf8))
  }

  @Test("a match anywhere, including the very end; never past the end")
  func positions() {
    let title = FoldedText("Dry Prong Wildfire")
    for needle in ["d", "dry", "prong", "wildfire", "e", "g w", "dry prong wildfire"] {
      #expect(title.contains(FoldedText(needle)), "\(needle)")
    }
    for needle in ["wildfires", "dry prong wildfire!", "prong  wild", "xdry", "fired"] {
      #expect(!title.contains(FoldedText(needle)), "\(needle)")
    }
  }

  @Test("a repeated prefix is retried from the next byte")
  func overlapping() {
    #expect(FoldedText("aaab").contains(FoldedText("aab")))
    #expect(FoldedText("ababac").contains(FoldedText("abac")))
    #expect(!FoldedText("ababab").contains(FoldedText("abac")))
  }

  @Test("an empty needle matches everything; a needle longer than the title nothing")
  func edges() {
    #expect(FoldedText("").contains(FoldedText("")))
    #expect(FoldedText("Fire").contains(FoldedText("")))
    #expect(!FoldedText("").contains(FoldedText("f")))
    #expect(!FoldedText("Fir").contains(FoldedText("Fire")))
    #expect(FoldedText("日本の火事").contains(FoldedText("火事")))
  }
}
