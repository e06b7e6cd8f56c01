import Glibc

/// How many terminal columns one grapheme cluster takes, the measure both the sanitiser and the
/// terminal layout use, so they never disagree.
///
/// Widths come from the C library's `wcwidth` under a UTF-8 locale (whatever the process locale is):
/// CJK and emoji take two columns, combining marks zero, and a cluster takes the width of its base
/// character (two when an emoji presentation selector asks for it). Control characters and code
/// points the C library does not know have no width.
///
/// ```swift
/// CharacterWidth.of("日")        // 2
/// CharacterWidth.of("\u{1B}")    // nil
/// ```
package enum CharacterWidth {
  /// The columns one grapheme cluster takes: 0, 1 or 2, or `nil` for a control or unknown character.
  package static func of(_ character: Character) -> Int? {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value >= printableASCIILow && first.value < deleteCharacter {
      return 1
    }
    guard let base = of(first) else { return nil }
    var result = base
    if result == 1 {
      for scalar in scalars.dropFirst() where scalar.value == emojiPresentationSelector {
        result = 2
      }
      if regionalIndicators.contains(first.value) { result = 2 }
    }
    return min(result, 2)
  }

  /// The width of a single scalar, `nil` when it is a control or unknown to the C library.
  package static func of(_ scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    if value < printableASCIILow || (value >= deleteCharacter && value < firstAfterC1) { return nil }
    if value < deleteCharacter { return 1 }
    let measured = withUTF8Locale { systemWCWidth(wchar_t(bitPattern: value)) }
    if measured >= 0 { return Int(measured) }
    // Emoji newer than the C library's tables are still drawn two columns wide by terminals.
    if emojiPlanes.contains(value) { return 2 }
    return nil
  }

  private static let printableASCIILow: UInt32 = 0x20
  private static let deleteCharacter: UInt32 = 0x7F
  private static let firstAfterC1: UInt32 = 0xA0
  private static let emojiPresentationSelector: UInt32 = 0xFE0F
  private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
  private static let emojiPlanes: ClosedRange<UInt32> = 0x1F000...0x1FAFF
}

/// The C library's `wcwidth`. Glibc declares it only under `_XOPEN_SOURCE`, which the Swift module
/// of Glibc does not define, so it is named here by its (stable, C) symbol.
@_silgen_name("wcwidth")
private func systemWCWidth(_ character: wchar_t) -> Int32

/// Runs `body` with a UTF-8 `LC_CTYPE` on this thread only, so widths never depend on the process
/// locale (tests and `LANG=C` users get the same answer) and no other thread is affected.
private func withUTF8Locale<T>(_ body: () -> T) -> T {
  guard let locale = utf8Locale else { return body() }
  let previous = uselocale(locale)
  defer { uselocale(previous) }
  return body()
}

/// A process-wide UTF-8 character-type locale, created once and never freed or modified, so reading
/// it from any thread is safe.
nonisolated(unsafe) private let utf8Locale: locale_t? = {
  for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
    if let locale = newlocale(LC_CTYPE_MASK, name, nil) { return locale }
  }
  return nil
}()
