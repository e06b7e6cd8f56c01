import OurPlanetModel

extension AppShell {
  /// The settings the UI remembers, as the screens show them now.
  func currentSettings() -> RememberedSettings {
    // Several categories together are this session's: the category remembered is a single one.
    let open = navigator.stack.lazy.compactMap { $0 as? EventsScreen }.first.flatMap {
      $0.categories == nil ? $0.categoryID : nil
    }
    return RememberedSettings(
      days: context.days.value, sort: context.sort.value,
      region: context.region.value.map { region in
        // A place's name when the region is one, so a place the config moves moves with it.
        context.places.first { $0.region == region }?.name ?? Configuration.Place.text(for: region)
      },
      category: open ?? pendingCategory, map: context.map.isShown, image: context.imagery?.isShown)
  }

  /// Remembers each setting the last key changed.
  func rememberChanges() {
    recorder.record(currentSettings())
  }

  /// Opens the remembered category once a catalog names it, unless the user has opened one first.
  func restoreCategory(_ catalog: Catalog) {
    guard let id = pendingCategory, !catalog.items.isEmpty else { return }
    pendingCategory = nil
    guard navigator.stack.count == 1 else { return }
    guard id == EventListViewModel.allCategoriesID || catalog.item(id: id) != nil else {
      context.messages.post("The remembered category '\(id)' is not in the catalog: showing the categories")
      return
    }
    perform(.push(EventsScreen(categoryID: id, context: context)))
  }
}
