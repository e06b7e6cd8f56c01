import OurPlanetModel

/// Where the data comes from, in words for the header.
enum ProvenanceText {
  /// "live, updated 2026-11-24 07:00 UTC", "live for 10 of 13 categories (3 failed), …", "offline since
  /// …, showing data from …", "offline snapshot from …".
  static func describe(_ provenance: Catalog.Provenance) -> String {
    switch provenance {
    case .nothing:
      return "loading"
    case .live(let updated):
      return "live, updated \(Formatting.minute(updated))"
    case .partlyLive(0, let total, let failed, let shown) where failed == total:
      return "every download failed, showing data from \(Formatting.minute(shown))"
    case .partlyLive(let live, let total, let failed, let updated):
      let failures = failed > 0 ? " (\(failed) failed)" : ""
      return "live for \(live) of \(total) categories\(failures), updated \(Formatting.minute(updated))"
    case .offline(let since, let shown, let source):
      let data = source == .snapshot ? "the offline snapshot" : "data"
      return "offline since \(Formatting.minute(since))"
        + (shown.map { ", showing \(data) from \(Formatting.minute($0))" } ?? "")
    case .stored(let source, let fetchedAt):
      switch source {
      case .snapshot: return "offline snapshot from \(Formatting.minute(fetchedAt))"
      case .cache, .live: return "cached data from \(Formatting.minute(fetchedAt))"
      }
    }
  }
}
