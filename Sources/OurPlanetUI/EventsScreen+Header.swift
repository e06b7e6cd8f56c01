import EONETKit
import OurPlanetModel

extension EventsScreen {
  /// The scope in one line: the filters set, the count in the window, the order (what is listed is
  /// the crumb just left of it).
  var headerRight: String {
    guard let state else { return "" }
    let order = state.sort == .date ? "" : ScopeSummary.separator + state.sort.label
    let alerts = alertsOnly ? ScopeSummary.separator + "alerts only" : ""
    return ScopeSummary.line(
      title: nil, scope: scope, placeName: state.region.flatMap(context.placeName(for:)),
      tail: state.summary, ascii: context.ascii) + order + alerts
  }
  /// What gives way first on a narrow header: the filters' long forms, then the filters (their
  /// count stays), then what the magnitude filter hides, then the filters' count; the count, the
  /// window and the order stay in every form.
  var header: HeaderText {
    guard let state else { return HeaderText("") }
    let separator = ScopeSummary.separator
    // The order and the alerts-only view stay in every form.
    let order =
      (state.sort == .date ? "" : separator + state.sort.label)
      + (alertsOnly ? separator + "alerts only" : "")
    let placeName = state.region.flatMap(context.placeName(for:))
    let shortFilters = ScopeSummary.filterParts(
      of: scope, placeName: placeName, ascii: context.ascii, short: true)
    let filters = ScopeSummary.filterParts(of: scope, placeName: placeName, ascii: context.ascii)
    let count = filters.isEmpty ? [] : [Formatting.count(filters.count, "filter")]
    return HeaderText(forms: [
      headerRight,
      (shortFilters + [state.summary]).joined(separator: separator) + order,
      (count + [state.summary]).joined(separator: separator) + order,
      (count + [state.countSummary]).joined(separator: separator) + order,
      state.countSummary + order,
      Formatting.count(state.windowCount) + separator
        + EventWindow(days: state.days, end: state.rangeEnd).heading
        + order,
    ])
  }
}
