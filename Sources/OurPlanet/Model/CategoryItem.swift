import EONETKit

/// One row of the categories list: a category, the events known for it, and where its download is.
public struct CategoryItem: Equatable, Sendable {
  /// Where a category's data stands.
  public enum State: Equatable, Sendable {
    /// Shown from the cache or the snapshot; no download planned.
    case stored
    /// Waiting for a download slot.
    case queued
    /// Downloading now.
    case downloading
    /// Downloaded in this refresh.
    case done
    /// The download failed; the events shown are the previous ones.
    case failed(String)

    /// `true` once the category's download has finished, either way.
    public var isFinished: Bool {
      switch self {
      case .done, .failed: return true
      case .stored, .queued, .downloading: return false
      }
    }
  }

  /// The category.
  public let category: EOCategory
  /// Its events, newest first.
  public var events: [EOEvent]
  /// Where its download stands.
  public var state: State

  /// Creates a row.
  public init(category: EOCategory, events: [EOEvent], state: State) {
    self.category = category
    self.events = events
    self.state = state
  }

  /// The number of events.
  public var count: Int { events.count }
}
