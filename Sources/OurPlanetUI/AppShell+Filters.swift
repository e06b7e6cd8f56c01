import OurPlanetModel

extension AppShell {
  /// The filter keys, on the lists (the categories and the events screens).
  func filterBindings() -> [Binding] {
    guard screen is CategoriesScreen || screen is EventsScreen else { return [] }
    return [
      .run(.status) { [unowned self] _ in cycleStatus() },
      .run(.filterForm) { [unowned self] _ in openFilterForm() },
      .run(.clearFilters) { [unowned self] _ in clearFilters() },
      .run(.alertsOnly) { [unowned self] _ in toggleAlertsOnly() },
    ]
  }

  /// Shows only the events an alert rule marks on the lists (and counts only those), or all of
  /// them again.
  private func toggleAlertsOnly() {
    guard !context.alerts.isEmpty else {
      return context.say("No alert rules: add [[alert]] tables to the config file", isError: true)
    }
    context.alertsOnly.accept(!context.alertsOnly.value)
    context.say(
      context.alertsOnly.value
        ? "Showing only the events an alert rule marks (a: all)" : "Showing every event")
    context.host.setNeedsRedraw()
  }

  /// `x`: open and closed → open → closed → open and closed.
  private func cycleStatus() {
    var filters = context.filters.value
    filters.status = ScopeFilters.nextStatus(after: filters.status)
    context.filters.accept(filters)
    switch filters.status {
    case .all: context.say("Open and closed events")
    case .open: context.say("Only open events (x: only closed)")
    case .closed: context.say("Only closed events (x: open and closed)")
    }
  }

  /// `X`: every filter off but the days, saying which were on.
  private func clearFilters() {
    guard let cleared = ScopeSummary.cleared(context.filters.value, region: context.region.value) else {
      return context.say("No filter to clear: only the days are set")
    }
    context.filters.accept(.none)
    if context.region.value != nil { context.region.accept(nil) }
    context.say(cleared)
  }

  /// `v`: the filter form over the current values; Enter applies what it holds.
  private func openFilterForm() {
    let catalog = context.latestCatalog
    var units = Set<String>()
    var sourceCounts: [String: Int] = [:]
    // Every event the slider can reach, each once, whatever the other filters: what the form can
    // offer to filter by.
    catalog.forEachEvent(in: EventScope(days: context.dayRange.upperBound)) { _, event, isFirst in
      guard isFirst else { return }
      if let unit = event.latestMagnitude?.unit, !unit.isEmpty { units.insert(unit) }
      for id in Set(event.sources.map(\.id)) { sourceCounts[id, default: 0] += 1 }
    }
    let form = FilterForm(
      days: context.days.value, dayRange: context.dayRange, filters: context.filters.value,
      region: context.region.value, units: units.sorted(), kinds: magnitudeKinds,
      sources: sourceCounts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, places: context.places,
      alertsOnly: context.alerts.isEmpty ? nil : context.alertsOnly.value)
    overlay = FilterFormOverlay(form: form, theme: context.theme) { [unowned self] outcome in
      applyFilters(outcome)
    }
  }

  /// Applies what the form held, changing only what changed.
  private func applyFilters(_ outcome: FilterForm.Outcome) {
    if outcome.days != context.days.value { context.days.accept(outcome.days) }
    if outcome.region != context.region.value { context.region.accept(outcome.region) }
    if outcome.filters != context.filters.value { context.filters.accept(outcome.filters) }
    if outcome.alertsOnly != context.alertsOnly.value, !context.alerts.isEmpty {
      context.alertsOnly.accept(outcome.alertsOnly)
    }
    let scope = context.scope
    let parts = ScopeSummary.filterParts(
      of: scope, placeName: scope.region.flatMap(context.placeName(for:)), ascii: context.ascii)
    context.say(
      "Filters: " + (parts.isEmpty ? "none" : parts.joined(separator: ScopeSummary.separator))
        + ScopeSummary.separator + scope.window.phrase
        + (context.alertsOnly.value ? ScopeSummary.separator + "alerts only" : ""))
  }

  func clearRegion() {
    if context.region.value == nil {
      context.say("No region filter to clear")
    } else {
      context.region.accept(nil)
      context.say("Region filter cleared: the whole world")
    }
  }
}
