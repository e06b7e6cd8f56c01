/// Where a full refresh stands: every category, the events of those done, and what failed.
///
/// ```swift
/// print("\(state.completed)/\(state.categories.count) categories · \(state.eventCount) events")
/// ```
public struct EORefreshState: Sendable {
  /// All categories, sorted by title.
  public let categories: [EOCategory]
  /// Loaded events by category id (a category absent here has not finished, or failed).
  public private(set) var events: [String: EOFetched<[EOEvent]>] = [:]
  /// Failures by category id.
  public private(set) var failures: [String: EONETError] = [:]
  /// Categories finished so far, loaded or failed, in completion order.
  public private(set) var completionOrder: [String] = []

  /// A state with nothing loaded yet.
  ///
  /// - Parameter categories: All categories.
  public init(categories: [EOCategory]) {
    self.categories = categories
  }

  /// How many categories have finished, loaded or failed.
  public var completed: Int { completionOrder.count }

  /// Whether every category has finished.
  public var isComplete: Bool { completed == categories.count }

  /// Events loaded so far across all categories (an event in two categories counts twice).
  public var eventCount: Int { events.values.reduce(0) { $0 + $1.value.count } }

  /// This state with one more category's outcome.
  ///
  /// - Parameter load: The outcome.
  /// - Returns: The updated state.
  public func adding(_ load: EOCategoryLoad) -> EORefreshState {
    var next = self
    switch load.result {
    case .success(let fetched):
      next.events[load.category.id] = fetched
      next.failures[load.category.id] = nil
    case .failure(let error):
      next.failures[load.category.id] = error
    }
    if !next.completionOrder.contains(load.category.id) { next.completionOrder.append(load.category.id) }
    return next
  }
}
