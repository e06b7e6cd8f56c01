import Foundation

/// A natural event tracked by EONET: a wildfire, a storm, an iceberg, an eruption.
///
/// ```swift
/// let recent = events.filter { $0.date >= now.addingTimeInterval(-7 * 86_400) }
/// ```
public struct EOEvent: Sendable, Equatable, Hashable {
  /// The EONET id (`EONET_1234`); unique across the feed.
  public let id: String
  /// The title, HTML entities decoded.
  public let title: String
  /// A longer description, or `nil` when the server sent none (or an empty string).
  public let description: String?
  /// The event's API link.
  public let link: String?
  /// When the event was closed, or `nil` while it is open.
  public let closed: Date?
  /// The categories the event belongs to (id and title only).
  public let categories: [EOCategory]
  /// The agencies that reported it.
  public let sources: [EOSource]
  /// Observations, oldest first.
  public let geometries: [EOGeometry]
  /// The date the days filter uses: ``closed`` if closed, else the latest geometry's date.
  ///
  /// An event with neither (which the decoder never produces) dates from `Date.distantPast`.
  public let date: Date

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
  public init(
    id: String, title: String, description: String? = nil, link: String? = nil, closed: Date? = nil,
    categories: [EOCategory] = [], sources: [EOSource] = [], geometries: [EOGeometry] = []
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
    self.date = closed ?? geometries.lazy.map(\.date).max() ?? .distantPast
  }

  /// The most recent observation (by date), if any.
  public var latestGeometry: EOGeometry? {
    geometries.max { $0.date < $1.date }
  }

  /// The date of its first observation (`date` when it has none): where its span begins.
  public var firstDate: Date {
    geometries.lazy.map(\.date).min() ?? date
  }

  /// Whether the event is still open.
  public var isOpen: Bool { closed == nil }
}
