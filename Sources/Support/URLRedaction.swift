import Foundation

extension URL {
  /// The URL as text with any user name and password replaced by `***`, for every message and file
  /// that shows a URL: `http://***@host/api` for `http://user:secret@host/api`.
  package var redacted: String {
    URL.redacting(absoluteString)
  }

  /// `text` with the userinfo of every URL in it (`scheme://user:pw@`) replaced by `***`; other
  /// text is returned as it is.
  package static func redacting(_ text: String) -> String {
    var result = ""
    var rest = text[...]
    while let scheme = rest.range(of: "://") {
      result += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      // The authority ends at the path, query or fragment, or at a blank (the URL ends in prose).
      let authorityEnd =
        rest.firstIndex(where: { "/?#".contains($0) || $0.isWhitespace }) ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        result += "***"
        rest = rest[at...]
      }
    }
    return result + rest
  }
}
