/// Where an event was reported: an agency id and a link to its page.
package struct EOSource: Sendable, Equatable, Hashable {
  /// The source's short id (`JTWC`, `GDACS`, `InciWeb`).
  package let id: String
  /// The source's page for this event, HTML entities decoded.
  package let url: String

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - id: The source's short id.
  ///   - url: The source's page for the event.
  package init(id: String, url: String) {
    self.id = id
    self.url = url
  }
}
