/// An EONET event category, such as wildfires or severe storms.
///
/// Version 3 of the API names categories with strings (`wildfires`); version 2.1 with integers
/// (`8`). Both arrive here as the string form of the id, so `/categories/{id}` works for either.
///
/// ```swift
/// let wildfires = EOCategory(id: "wildfires", title: "Wildfires")
/// ```
package struct EOCategory: Sendable, Equatable, Hashable {
  /// The id used in request paths (`wildfires`, or `8` for version 2.1).
  package let id: String
  /// The human-readable title (`Wildfires`).
  package let title: String
  /// A longer description; empty when the server sent none.
  package let description: String
  /// The category's API link, when the server sent one.
  package let link: String?

  /// Creates a category.
  ///
  /// - Parameters:
  ///   - id: The id used in request paths.
  ///   - title: The human-readable title.
  ///   - description: A longer description.
  ///   - link: The category's API link.
  package init(id: String, title: String, description: String = "", link: String? = nil) {
    self.id = id
    self.title = title
    self.description = description
    self.link = link
  }
}
