/// What a decoder pass produced: the elements that decoded and how many malformed ones were skipped.
package struct EODecoded<Element: Sendable>: Sendable {
  /// The elements, in the order of the document.
  package let elements: [Element]
  /// How many elements were malformed and skipped.
  package let skipped: Int
  /// The document's own title (`EONET Events: Wildfires`), if it had one.
  package let title: String?

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - elements: The decoded elements.
  ///   - skipped: How many were skipped.
  ///   - title: The document's title.
  package init(elements: [Element], skipped: Int = 0, title: String? = nil) {
    self.elements = elements
    self.skipped = skipped
    self.title = title
  }
}

extension EODecoded: Equatable where Element: Equatable {}
