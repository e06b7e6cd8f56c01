import EONETKit
import Foundation

extension EOEvent {
  /// The event as it stood when a past range ended: its reports before `end` only, open if it
  /// closed after it. A range lists, sorts and exports its events by their last report inside it,
  /// not by one a later month brought (an iceberg reported again in November is, in an August
  /// range, the iceberg of its last August report).
  ///
  /// An event with no report before `end` is returned as it is (the window decides whether it
  /// belongs to the range at all).
  package func asOf(_ end: Date) -> EOEvent {
    let kept = geometries.filter { $0.date < end }
    let closedInside = closed.map { $0 < end } ?? true
    guard !kept.isEmpty, kept.count != geometries.count || !closedInside else { return self }
    return EOEvent(
      id: id, title: title, description: description, link: link, closed: closedInside ? closed : nil,
      categories: categories, sources: sources, geometries: kept)
  }
}
