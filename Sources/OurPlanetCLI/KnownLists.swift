import EONETKit
import Foundation

/// EONET's lists of magnitudes and sources as the options check them, read from the bundled
/// snapshot's `magnitudes.json` and `sources.json` (the real API's shapes); empty when missing.
enum KnownLists {
  /// The magnitudes: id, unit and name of each (read once).
  static let magnitudes: [MagnitudeKind] = {
    entries("magnitudes.json", key: "magnitudes").compactMap { entry in
      guard let id = entry["id"] as? String, let unit = entry["unit"] as? String else { return nil }
      return MagnitudeKind(id: id, unit: unit, name: entry["name"] as? String ?? unit)
    }
  }()

  /// The source ids (read once).
  static let sources: [String] = entries("sources.json", key: "sources").compactMap { $0["id"] as? String }

  private static func entries(_ file: String, key: String) -> [[String: Any]] {
    guard let snapshot = try? EONETSnapshot.locate(),
      let data = try? Data(contentsOf: snapshot.directory.appendingPathComponent(file)),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [] }
    return object[key] as? [[String: Any]] ?? []
  }
}
