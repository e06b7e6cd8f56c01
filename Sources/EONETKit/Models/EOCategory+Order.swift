import Foundation

extension EOCategory {
  /// The one order of categories, wherever they are listed (the client, the bundled snapshot, the
  /// catalog's rows): by title as people read it, case aside and numbers by value (`Zone 9` before
  /// `Zone 10`), then by id.
  ///
  /// ```swift
  /// categories.sorted(by: EOCategory.byTitle)
  /// ```
  package static func byTitle(_ lhs: EOCategory, _ rhs: EOCategory) -> Bool {
    let order = lhs.title.localizedStandardCompare(rhs.title)
    return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
  }
}
