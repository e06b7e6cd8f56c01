import Foundation
import Support

/// Everything that can go wrong between EONET and the caller, each with a message a person can read.
///
/// The cases keep what the server and the caller gave as it is; the message quotes every such value
/// through ``quoted(_:)``, so no escape sequence reaches a terminal and no password is shown.
///
/// ```swift
/// } catch let error as EONETError {
///   print("ourplanet: \(error)")
/// }
/// ```
package enum EONETError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A URL could not be built from the base URL and a path.
  case invalidURL(String)
  /// The connection failed (refused, reset, DNS): the underlying message.
  case transport(url: String, message: String)
  /// No complete response arrived within the request timeout.
  case timedOut(url: String, seconds: Double)
  /// The request was cancelled (its subscription was disposed).
  case cancelled(url: String)
  /// The server answered with a non-2xx status (after any retries).
  case httpStatus(url: String, status: Int)
  /// The response was longer than the configured cap.
  case responseTooLarge(url: String, limit: Int)
  /// The body is not JSON at all: what came back instead.
  case notJSON(status: Int, contentType: String?, prefix: String)
  /// The body starts as JSON but breaks off or goes wrong at a byte offset.
  case malformedJSON(offset: Int, reason: String)
  /// The body is JSON but has no list of events or categories.
  case unexpectedShape(String)
  /// No category with this id exists.
  case unknownCategory(String)
  /// Offline, and neither the cache nor the bundled snapshot has the data.
  case unavailableOffline(String)
  /// The bundled snapshot is missing or unreadable.
  case snapshot(String)
  /// A satellite image could not be fetched or read: why, in a few words.
  case image(String)

  package var description: String {
    switch self {
    case .invalidURL(let url):
      return "invalid URL: \(Self.quoted(url))"
    case .transport(let url, let message):
      return url.isEmpty ? Self.quoted(message) : "cannot reach \(Self.quoted(url)): \(Self.quoted(message))"
    case .timedOut(let url, let seconds):
      return "no answer from \(Self.quoted(url)) within \(Self.format(seconds)) s"
    case .cancelled(let url):
      return "request to \(Self.quoted(url)) was cancelled"
    case .httpStatus(let url, let status):
      return "HTTP \(status) from \(Self.quoted(url))"
    case .responseTooLarge(let url, let limit):
      return "response from \(Self.quoted(url)) is larger than \(limit) bytes"
    case .notJSON(let status, let contentType, let prefix):
      let type = contentType.map(Self.quoted) ?? "no content type"
      if prefix.isEmpty { return "expected JSON but the body was empty (HTTP \(status), \(type))" }
      return "expected JSON but got HTTP \(status), \(type): \"\(Self.quoted(prefix))\""
    case .malformedJSON(let offset, let reason):
      return "malformed JSON at byte \(offset): \(Self.quoted(reason))"
    case .unexpectedShape(let what):
      return "unexpected JSON: \(Self.quoted(what))"
    case .unknownCategory(let id):
      return "unknown category \"\(Self.quoted(id))\""
    case .unavailableOffline(let what):
      return "offline and no cached or bundled data for \(Self.quoted(what))"
    case .snapshot(let message):
      return "bundled snapshot: \(Self.quoted(message))"
    case .image(let reason):
      return "no image: \(Self.quoted(reason))"
    }
  }

  /// A value from the server, a URL or a system message made fit for one line of a message: the
  /// userinfo of any URL in it hidden, controls and escape sequences made visible, bidi controls
  /// dropped.
  ///
  /// ```swift
  /// EONETError.quoted("http://me:pw@host/\u{1B}[2J")  // "http://***@host/?[2J"
  /// ```
  package static func quoted(_ text: String) -> String {
    TextSanitizer.sanitize(URL.redacting(text), placeholder: "?")
  }

  /// Whether a retry may help: rate limiting and server errors.
  var isRetryable: Bool {
    if case .httpStatus(_, let status) = self { return status == 429 || (500...599).contains(status) }
    return false
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
