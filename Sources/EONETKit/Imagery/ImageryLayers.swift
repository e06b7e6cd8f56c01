import Foundation

/// The GIBS layers the imagery pane can cycle through, from EONET's `/layers` list (bundled).
///
/// EONET's saved list names every layer once for all categories; which of them suit a category is
/// ours to say: true colour first for all, then the layers whose names carry the category's words
/// (fires and false colour for wildfires, sea ice for ice, …), each only if EONET lists it.
///
/// ```swift
/// let layers = ImageryLayers(directory: snapshot.directory)
/// layers.names(forCategory: "wildfires")  // ["MODIS_Terra_CorrectedReflectance_TrueColor", "MODIS_Terra_CorrectedReflectance_Bands721", …]
/// ```
package struct ImageryLayers: Sendable, Equatable {
  /// Every layer name listed, in EONET's order.
  package let names: [String]

  /// The list in `directory`'s `layers.json`; empty when it is missing or unreadable.
  package init(directory: URL) {
    struct Document: Decodable {
      struct Layer: Decodable { let name: String }
      let layers: [Layer]
    }
    let url = directory.appendingPathComponent("layers.json")
    let document = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Document.self, from: $0) }
    self.init(names: document?.layers.map(\.name) ?? [])
  }

  /// A list of the given names.
  package init(names: [String]) {
    self.names = names
  }

  /// The layers for an event of `category`: the default first, then the listed ones that suit it.
  package func names(forCategory category: String?) -> [String] {
    let words = category.flatMap { Self.words[$0] } ?? []
    var result = [ImageryRequest.defaultLayer]
    for word in words {
      for name in names where name.contains(word) && !result.contains(name) {
        result.append(name)
      }
    }
    return result
  }

  /// Words of layer names that show each category's events well.
  private static let words: [String: [String]] = [
    "wildfires": ["Terra_CorrectedReflectance_Bands721", "Fires"],
    "volcanoes": ["Terra_CorrectedReflectance_Bands721", "SO2", "Fires"],
    "severeStorms": ["Aqua_CorrectedReflectance_TrueColor", "Brightness_Temp", "Water_Vapor"],
    "seaLakeIce": ["Terra_CorrectedReflectance_Bands367", "Sea_Ice"],
    "snow": ["Terra_CorrectedReflectance_Bands367", "Snow_Cover"],
    "floods": ["Terra_CorrectedReflectance_Bands721", "Water_Mask"],
    "dustHaze": ["Aerosol", "Dust"],
    "drought": ["Land_Surface_Temp_Day", "Bands721"],
    "tempExtremes": ["Land_Surface_Temp"],
    "waterColor": ["Chlorophyll", "Bands721"],
    "landslides": ["Terra_CorrectedReflectance_Bands721"],
    "earthquakes": ["Terra_CorrectedReflectance_Bands721"],
    "manmade": ["VIIRS_SNPP_CorrectedReflectance_TrueColor"],
  ]
}
