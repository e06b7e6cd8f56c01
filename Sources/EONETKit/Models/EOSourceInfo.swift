/// One of EONET's sources as `/sources` lists it: an agency that reports events, with its title
/// and home page.
///
/// An event names its sources by id only (``EOSource``); this is what the id stands for.
///
/// ```swift
/// let inciWeb = EOSourceInfo(id: "InciWeb", title: "InciWeb", homepage: "https://inciweb.nwcg.gov/")
/// ```
package struct EOSourceInfo: Sendable, Equatable, Hashable {
  /// The short id events cite (`InciWeb`, `GDACS`, `JTWC`).
  package let id: String
  /// The agency's name (`Global Disaster Alert and Coordination System`); the id when the server
  /// sent none.
  package let title: String
  /// The agency's home page (the list's `source` key), when the server sent one.
  package let homepage: String?
  /// EONET's link to the source's events (`…/events?source=GDACS`), when the server sent one.
  package let link: String?

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - id: The short id events cite.
  ///   - title: The agency's name.
  ///   - homepage: The agency's home page.
  ///   - link: EONET's link to the source's events.
  package init(id: String, title: String, homepage: String? = nil, link: String? = nil) {
    self.id = id
    self.title = title
    self.homepage = homepage
    self.link = link
  }
}
