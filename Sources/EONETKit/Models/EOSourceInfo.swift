/// One of EONET's sources as `/sources` lists it: an agency that reports events, with its title
/// and home page.
///
/// An event names its sources by id only (``EOSource``); this is what the id stands for.
///
/// ```swift
/// let inciWeb = EOSourceInfo(id: "InciWeb", title: "InciWeb", homepage: "https://inciweb.nwcg.gov/")
/// ```
public struct EOSourceInfo: Sendable, Equatable, Hashable {
  /// The short id events cite (`InciWeb`, `GDACS`, `JTWC`).
  public let id: String
  /// The agency's name (`Global Disaster Alert and Coordination System`); the id when the server
  /// sent none.
  public let title: String
  /// The agency's home page (the list's `source` key), when the server sent one.
  public let homepage: String?
  /// EONET's link to the source's events (`…/events?source=GDACS`), when the server sent one.
  public let link: String?

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - id: The short id events cite.
  ///   - title: The agency's name.
  ///   - homepage: The agency's home page.
  ///   - link: EONET's link to the source's events.
  public init(id: String, title: String, homepage: String? = nil, link: String? = nil) {
    self.id = id
    self.title = title
    self.homepage = homepage
    self.link = link
  }
}
