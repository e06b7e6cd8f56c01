/// Where an event was reported: an agency id and a link to its page.
public struct EOSource: Sendable, Equatable, Hashable {
  /// The source's short id (`JTWC`, `GDACS`, `InciWeb`).
  public let id: String
  /// The source's page for this event, HTML entities decoded.
  public let url: String

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - id: The source's short id.
  ///   - url: The source's page for the event.
  public init(id: String, url: String) {
    self.id = id
    self.url = url
  }
}
