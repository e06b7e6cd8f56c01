import EONETKit
import Testing

@testable import OurPlanetModel

/// Categories are ordered one way everywhere: the catalog's rows read in the order the client and
/// the bundled snapshot list them.
@Suite("category order")
struct CategoryOrderTests {
  private let categories = [
    Sample.category("zone10", "Zone 10"), Sample.category("zone9", "Zone 9"),
    Sample.category("b", "Beta"), Sample.category("a", "alpha"),
  ]

  @Test("the catalog lists categories as people read them: case aside, numbers by value, then by id")
  func catalogOrder() {
    let catalog = Catalog().applying(.update(.listed(categories)))
    #expect(catalog.items.map(\.category.id) == ["a", "b", "zone9", "zone10"])
  }

  @Test("the catalog, the client and the snapshot share one comparison")
  func oneComparison() {
    let catalog = Catalog().applying(.update(.listed(categories)))
    #expect(catalog.items.map(\.category) == categories.sorted(by: EOCategory.byTitle))
  }
}
