import Foundation

extension URL {
  /// The URL as text with any user name and password replaced by `***`, for every message and file
  /// that shows a URL: `http://***@host/api` for `http://user:secret@host/api`.
  package var redacted: String {
    URL.redacting(absoluteString)
  }

  /// `text` with the userinfo of a URL in it (`scheme://user:pw@`) replaced by `***`; other text is
  /// returned as it is.
  package static func redacting(_ text: String) -> String {
    guard let scheme = text.range(of: "://") else { return text }
    let authorityStart = scheme.upperBound
    let rest = text[authorityStart...]
    let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
    return String(text[..<authorityStart]) + "***" + String(text[at...])
  }
}
