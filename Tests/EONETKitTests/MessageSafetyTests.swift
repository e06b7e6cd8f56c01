import Testing

@testable import EONETKit

/// Every message that quotes the server or a URL: no control character, no bidi control, no password.
@Suite struct MessageSafetyTests {
  static let hostile = "x\u{1B}]0;pwned\u{7}\u{9B}2J\u{202E}\u{7F}y"
  static let secretURL = "http://user:hunter2@127.0.0.1:9/api/v3/events"

  static func isSafe(_ message: String) -> Bool {
    !message.unicodeScalars.contains {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
        || (0x2066...0x2069).contains($0.value) || (0x200E...0x200F).contains($0.value)
    }
  }

  @Test(
    "errors quoting server text",
    arguments: [
      EONETError.unknownCategory(hostile), .notJSON(status: 200, contentType: hostile, prefix: hostile),
      .malformedJSON(offset: 3, reason: hostile), .unexpectedShape(hostile), .unavailableOffline(hostile),
      .snapshot(hostile), .transport(url: "", message: hostile), .invalidURL(hostile),
    ])
  func errorsAreSanitised(error: EONETError) {
    #expect(Self.isSafe(error.description))
    #expect(error.description.contains("pwned"))
  }

  @Test(
    "errors naming a URL hide its password",
    arguments: [
      EONETError.invalidURL(secretURL), .transport(url: secretURL, message: "refused"),
      .timedOut(url: secretURL, seconds: 5), .cancelled(url: secretURL),
      .httpStatus(url: secretURL, status: 500),
      .responseTooLarge(url: secretURL, limit: 10),
    ])
  func errorsAreRedacted(error: EONETError) {
    #expect(!error.description.contains("hunter2"))
    #expect(error.description.contains("***@127.0.0.1:9"))
  }

  @Test("a transport message quoting the URL hides its password too")
  func transportMessage() {
    let error = EONETError.transport(url: "", message: "could not connect to \(Self.secretURL)")
    #expect(!error.description.contains("hunter2"))
  }

  @Test("warnings")
  func warnings() {
    let warnings: [EONETWarning] = [
      .skippedEvents(count: 2, source: Self.secretURL + Self.hostile),
      .cacheIgnored(path: "/tmp/c" + Self.hostile, reason: Self.hostile),
      .cacheNotWritten(path: "/tmp/c" + Self.hostile, reason: Self.hostile),
    ]
    for warning in warnings {
      #expect(Self.isSafe(warning.description))
      #expect(Self.isSafe(warning.shortDescription))
      #expect(!warning.description.contains("hunter2"))
    }
  }
}
