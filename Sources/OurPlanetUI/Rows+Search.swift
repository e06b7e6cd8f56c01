import Foundation
import OurPlanetModel

extension Rows {
  /// What a list underlines while `query` is searched: where each title matches it, folded as the
  /// search folds (case and diacritics); `nil` without a query.
  static func searchHighlight(_ query: String) -> ((String) -> Range<Int>?)? {
    let needle = FoldedText(query.trimmingCharacters(in: .whitespaces))
    guard !needle.isEmpty else { return nil }
    return { title in FoldedText.range(of: needle, in: title) }
  }
}
