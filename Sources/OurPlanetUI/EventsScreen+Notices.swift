import OurPlanetModel
import TerminalUI

extension EventsScreen {
  /// From this height the notice keeps its row when it has nothing to say.
  static let rowsKeepingNotice = 12

  /// The notice row at the top of `rect`, when there is one; returns the rows below it. The row
  /// stays while the screen (`screenHeight`) has rows to spare, said or blank: a notice that came
  /// and went with each download moved every row of the list down and back.
  func renderNotice(into buffer: inout CellBuffer, rect: Rect, screenHeight: Int) -> Rect {
    let failed = state?.state?.isFailure == true
    // A failure is marked as its category's row is, so it stands out without colour too.
    let other = (state?.notice ?? provenanceNotice).map { (failed ? "! " : "") + $0 }
    guard
      let notice = Self.notice(other, range: rangeNotice, width: rect.width)
        ?? (screenHeight >= Self.rowsKeepingNotice ? "" : nil)
    else { return rect }
    let (noticeRect, below) = rect.splitTop(1)
    buffer.write(
      TextLayout.truncate(notice, toWidth: noticeRect.width, ellipsis: buffer.symbols.ellipsis),
      at: Point(x: noticeRect.x, y: noticeRect.y), style: context.theme[failed ? .failed : .offline],
      clip: noticeRect)
    return below
  }

  /// What the empty list says: the state's words, and when the filters (not the search) leave
  /// nothing, which filters those are and that `X` clears them.
  var emptyMessage: String {
    guard let state else { return "Loading events…" }
    let message = state.emptyMessage
    let filters = ScopeSummary.filterParts(
      of: scope, placeName: scope.region.flatMap(context.placeName(for:)), ascii: context.ascii)
    guard state.windowCount == 0, state.query.isEmpty, state.fetchedAt != nil, !filters.isEmpty else {
      return message
    }
    return message + " with " + filters.joined(separator: ScopeSummary.separator) + " (X clears the filters)"
  }

  /// Where the data comes from when it is not live and the category's own notice says nothing of it
  /// (a refresh that failed after a live one, the whole catalog's cache): someone who stays on this
  /// screen for hours still reads it.
  private var provenanceNotice: String? {
    let provenance = context.latestCatalog.provenance
    guard provenance != .nothing, !ProvenanceText.isLive(provenance) else { return nil }
    let text = ProvenanceText.describe(provenance)
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// In a past range, what its dates are: each event as it stood at the range's end; in full, and
  /// short for when another notice shares the row.
  private var rangeNotice: (full: String, short: String)? {
    guard let end = state?.rangeEnd else { return nil }
    let last = Formatting.day(end.addingTimeInterval(-1), in: .utc)
    return (
      "A past range: each event as its last report up to \(last) left it (date, position, magnitude)",
      "Past range to \(last)"
    )
  }

  /// The notice row's text: the category's (or the provenance's) notice, the past range's, or both
  /// on one row: the other notice then the range's short form when both fit `width`, else the
  /// range's short form first, so it is never cut off.
  static func notice(_ other: String?, range: (full: String, short: String)?, width: Int) -> String? {
    guard let range else { return other }
    guard let other else { return range.full }
    let both = other + ScopeSummary.separator + range.short
    return DisplayWidth.of(both) <= width ? both : range.short + ScopeSummary.separator + other
  }
}
