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

  /// The short form a narrow header keeps: what the data is and its date, never the date alone
  /// dropped ("snapshot of 2025-11-08 12:00 UTC", "offline, cached 2026-11-20 07:00 UTC").
  static func short(_ provenance: Catalog.Provenance) -> String {
    switch provenance {
    case .nothing:
      return "loading"
    case .live(let updated):
      return "live \(Formatting.minute(updated))"
    case .partlyLive(0, _, _, let shown):
      return "failed, data of \(Formatting.minute(shown))"
    case .partlyLive(let live, let total, _, let updated):
      return "\(live)/\(total) live \(Formatting.minute(updated))"
    case .offline(let since, let shown, let source):
      let data = source == .snapshot ? "snapshot" : "data"
      return "offline, \(data) of \(Formatting.minute(shown ?? since))"
    case .stored(let source, let fetchedAt):
      return (source == .snapshot ? "snapshot of " : "cached ") + Formatting.minute(fetchedAt)
    }
  }

  /// The shortest form: one word for what the data is, and its date ("offline 2026-11-20 07:00 UTC").
  static func word(_ provenance: Catalog.Provenance) -> String {
    switch provenance {
    case .nothing: return "loading"
    case .live(let updated): return "live \(Formatting.minute(updated))"
    case .partlyLive(_, _, _, let updated): return "partly live \(Formatting.minute(updated))"
    case .offline(let since, let shown, _): return "offline \(Formatting.minute(shown ?? since))"
    case .stored(let source, let fetchedAt):
      return (source == .snapshot ? "snapshot " : "cached ") + Formatting.minute(fetchedAt)
    }
  }

  /// Whether the data is live and complete: a screen says nothing of where it comes from then.
  static func isLive(_ provenance: Catalog.Provenance) -> Bool {
    if case .live = provenance { return true }
    return false
  }
}
