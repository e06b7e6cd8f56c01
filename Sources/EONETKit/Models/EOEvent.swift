import Foundation

/// A natural event tracked by EONET: a wildfire, a storm, an iceberg, an eruption.
///
/// ```swift
/// let recent = events.filter { EventWindow(days: 7).contains($0, reference: now) }
/// ```
package struct EOEvent: Sendable, Equatable, Hashable {
  /// The fields, in one shared object: copying an event (into a filtered list, a sort, a
  /// predicate's argument) is one reference count, not one per string and array (seven), which
  /// was most of the cost of filtering tens of thousands of events.
  private final class Fields: Sendable {
    let id: String
    let title: String
    let description: String?
    let link: String?
    let closed: Date?
    let categories: [EOCategory]
    let sources: [EOSource]
    let geometries: [EOGeometry]
    let date: Date
    let latestMagnitude: EOMagnitude?

    init(
      id: String, title: String, description: String?, link: String?, closed: Date?, categories: [EOCategory],
      sources: [EOSource], geometries: [EOGeometry]
    ) {
      self.id = id
      self.title = title
      self.description = description
      self.link = link
      self.closed = closed
      self.categories = categories
      self.sources = sources
      self.geometries = geometries
      // Geometries are documented oldest first, but taking the maximum costs little and never lies.
      date = closed ?? geometries.lazy.map(\.date).max() ?? .distantPast
      latestMagnitude = geometries.max { $0.date < $1.date }?.magnitude
    }
  }

  private let fields: Fields

  /// The EONET id (`EONET_1234`); unique across the feed.
  package var id: String { fields.id }
  /// The title, HTML entities decoded.
  package var title: String { fields.title }
  /// A longer description, or `nil` when the server sent none (or an empty string).
  package var description: String? { fields.description }
  /// The event's API link.
  package var link: String? { fields.link }
  /// When the event was closed, or `nil` while it is open.
  package var closed: Date? { fields.closed }
  /// The categories the event belongs to (id and title only).
  package var categories: [EOCategory] { fields.categories }
  /// The agencies that reported it.
  package var sources: [EOSource] { fields.sources }
  /// Observations, oldest first.
  package var geometries: [EOGeometry] { fields.geometries }
  /// The date the days filter uses: ``closed`` if closed, else the latest geometry's date.
  ///
  /// An event with neither (which the decoder never produces) dates from `Date.distantPast`.
  package var date: Date { fields.date }

  /// Creates an event; ``date`` is derived from `closed` and `geometries`.
  ///
  /// - Parameters:
  ///   - id: The EONET id.
  ///   - title: The title.
  ///   - description: A longer description.
  ///   - link: The API link.
  ///   - closed: When the event was closed.
  ///   - categories: Its categories.
  ///   - sources: Its sources.
  ///   - geometries: Its observations, oldest first.
  package init(
    id: String, title: String, description: String? = nil, link: String? = nil, closed: Date? = nil,
    categories: [EOCategory] = [], sources: [EOSource] = [], geometries: [EOGeometry] = []
  ) {
    fields = Fields(
      id: id, title: title, description: description, link: link, closed: closed, categories: categories,
      sources: sources, geometries: geometries)
  }

  /// Events are equal when every field is (the same shared fields, at once).
  package static func == (lhs: EOEvent, rhs: EOEvent) -> Bool {
    if lhs.fields === rhs.fields { return true }
    return lhs.id == rhs.id && lhs.title == rhs.title && lhs.description == rhs.description
      && lhs.link == rhs.link && lhs.closed == rhs.closed && lhs.categories == rhs.categories
      && lhs.sources == rhs.sources && lhs.geometries == rhs.geometries
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(title)
    hasher.combine(description)
    hasher.combine(link)
    hasher.combine(closed)
    hasher.combine(categories)
    hasher.combine(sources)
    hasher.combine(geometries)
  }

  /// The magnitude of the most recent observation, if it has one: what the magnitude filters and
  /// the magnitude order read (worked out once, not per filter).
  package var latestMagnitude: EOMagnitude? { fields.latestMagnitude }

  /// The most recent observation (by date), if any.
  package var latestGeometry: EOGeometry? {
    geometries.max { $0.date < $1.date }
  }

  /// The date of its first observation (`date` when it has none): where its span begins.
  package var firstDate: Date {
    geometries.lazy.map(\.date).min() ?? date
  }

  /// Whether the event is still open.
  package var isOpen: Bool { closed == nil }
}
