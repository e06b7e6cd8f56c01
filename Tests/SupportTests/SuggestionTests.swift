import Testing

@testable import Support

@Suite struct SuggestionTests {
  private let categories = [
    "drought", "dustHaze", "earthquakes", "floods", "landslides", "manmade", "seaLakeIce", "severeStorms",
    "snow", "tempExtremes", "volcanoes", "waterColor", "wildfires",
  ]

  @Test(arguments: [
    ("wildfire", "wildfires"), ("Wildfires", "wildfires"), ("volcanos", "volcanoes"),
    ("sevreStorms", "severeStorms"), ("flods", "floods"), ("draught", "drought"), ("snwo", "snow"),
  ])
  func aTypoFindsItsWord(typed: String, expected: String) {
    #expect(Suggestion.closest(to: typed, in: categories) == expected)
  }

  @Test(arguments: ["fire", "xyz", "", "earthquakesandvolcanoes"])
  func somethingElseFindsNothing(typed: String) {
    #expect(Suggestion.closest(to: typed, in: categories) == nil)
  }

  @Test func swapsCountOnce() {
    #expect(Suggestion.editDistance(Array("ab"), Array("ba")) == 1)
    #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
  }
}
