/// One step of a full refresh: the category list, then each category's download starting and
/// ending, in the order they happen.
///
/// ```swift
/// client.refresh(EventQuery(days: 360)).subscribe(onNext: { update in
///   if case .loaded(let category, let events) = update { print(category.id, events.value.count) }
/// })
/// ```
package enum EORefreshUpdate: Sendable {
  /// The categories to download, in the order they download (``EONETClient/refresh(_:)``
  /// starts the largest expected first: ``EONETClient/largestFirst(_:)``); always the first update.
  case listed([EOCategory])
  /// The category's download took one of the download slots.
  case started(EOCategory)
  /// The category's events arrived.
  case loaded(EOCategory, EOFetched<[EOEvent]>)
  /// The category's download failed; the others go on.
  case failed(EOCategory, EONETError)

  /// The category this update is about (`nil` for ``listed(_:)``).
  package var category: EOCategory? {
    switch self {
    case .listed: return nil
    case .started(let category), .loaded(let category, _), .failed(let category, _): return category
    }
  }
}
