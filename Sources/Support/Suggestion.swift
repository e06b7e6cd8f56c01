/// "Did you mean …?": the closest of a few known words to one the user mistyped.
package enum Suggestion {
  /// The candidate closest to `word` by edit distance (insertions, deletions, substitutions and
  /// swaps of neighbours, ignoring case), if it is close enough to be a likely typo: at most a third
  /// of the word's length, and never more than 3. Ties go to the earlier candidate.
  ///
  /// ```swift
  /// Suggestion.closest(to: "wildfire", in: ["wildfires", "volcanoes"])  // "wildfires"
  /// ```
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let typed = Array(word.lowercased())
    guard !typed.isEmpty else { return nil }
    let limit = min(3, max(1, typed.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// The optimal string alignment distance (Damerau–Levenshtein without moving a letter twice).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows: the one before the previous is needed for swaps.
    var older = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], older[j - 2] + 1)
        }
      }
      (older, previous, current) = (previous, current, older)
    }
    return previous[b.count]
  }
}
