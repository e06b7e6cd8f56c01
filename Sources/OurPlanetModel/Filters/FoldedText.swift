import EONETKit
import Foundation

/// Text folded for searching (``fold(_:)``: case and diacritics) and kept as UTF-8, so testing whether it
/// contains another folded text is a byte search: a search keystroke over tens of thousands of titles
/// costs well under a millisecond, where comparing `String`s character by character cost ten.
package struct FoldedText: Equatable, Sendable {
  /// The folded text's UTF-8 bytes.
  package let bytes: [UInt8]

  /// `text` folded.
  package init(_ text: String) {
    // ASCII text (nearly every EONET title) folds to its lower case, byte for byte, exactly as
    // Foundation's folding does; that call costs microseconds a title, which at ten times today's
    // data made opening a list of events take 50 ms.
    var text = text
    let ascii = text.withUTF8 { utf8 -> [UInt8]? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
      return utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
    }
    bytes = ascii ?? Array(Self.fold(text).utf8)
  }

  /// `text` without case or diacritics, for comparing ("São" and "SAO" fold alike).
  package static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// Whether nothing is left after folding.
  package var isEmpty: Bool { bytes.isEmpty }

  /// Whether `needle` occurs in this text (an empty needle always does).
  package func contains(_ needle: FoldedText) -> Bool {
    let count = needle.bytes.count
    if count == 0 { return true }
    if count > bytes.count { return false }
    return bytes.withUnsafeBytes { haystack in
      needle.bytes.withUnsafeBytes { pattern in
        guard let base = haystack.baseAddress, let wanted = pattern.baseAddress else { return false }
        // memchr (vectorised in the C library) finds each candidate for the first byte; memcmp
        // checks the rest.
        let first = Int32(pattern[0])
        var start = 0
        let lastStart = haystack.count - count
        while start <= lastStart {
          guard let hit = memchr(base + start, first, lastStart - start + 1) else { return false }
          if memcmp(hit, wanted, count) == 0 { return true }
          start = base.distance(to: UnsafeRawPointer(hit)) + 1
        }
        return false
      }
    }
  }
}
