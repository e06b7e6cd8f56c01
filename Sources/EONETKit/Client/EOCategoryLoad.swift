/// The outcome of loading one category's events: the events with their provenance, or the failure.
public struct EOCategoryLoad: Sendable {
  /// The category.
  public let category: EOCategory
  /// Its events, or why they did not load.
  public let result: Result<EOFetched<[EOEvent]>, EONETError>

  /// Creates an outcome.
  ///
  /// - Parameters:
  ///   - category: The category.
  ///   - result: Its events, or the failure.
  public init(category: EOCategory, result: Result<EOFetched<[EOEvent]>, EONETError>) {
    self.category = category
    self.result = result
  }
}
