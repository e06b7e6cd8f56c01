import EONETKit
import Foundation

/// What the terminal UI remembers between launches: the days window, the order, the region, the
/// category whose events were open, whether the map was shown and whether the detail showed the
/// satellite image.
///
/// It lives in the state folder (``fileName``), written by ``SettingsMemory`` whenever one of
/// them changes. The next launch restores each one the command line, the environment and the
/// config file leave unset (`--fresh` restores none). The file is the app's, but it is read as if
/// anyone could have written it: each field is checked on its own, and one that is of the wrong
/// type, out of range or holds control characters is dropped and named in ``ignored``, so the
/// others still count.
///
/// ```swift
/// var remembered = RememberedSettings()
/// remembered.days = 30
/// remembered.region = "home"          // a place of the config, or "29.76,-95.37,300", "bbox:-98,25,-88,31"
/// ```
package struct RememberedSettings: Codable, Equatable, Sendable {
  /// The days window.
  package var days: Int?
  /// The events list's order.
  package var sort: EventSort?
  /// The region: a place name of the config, `LAT,LON,KM`, or `bbox:W,S,E,N` (``Configuration/Place``
  /// reads both forms).
  package var region: String?
  /// The category whose events screen was open (`all` for All categories).
  package var category: String?
  /// Whether the map was shown.
  package var map: Bool?
  /// Whether the detail showed the event's satellite image.
  package var image: Bool?
  /// The fields the file had that could not be used, each with the reason (never written back).
  package internal(set) var ignored: [String] = []

  /// The file's name in the state folder.
  package static let fileName = "remembered.json"

  /// The largest file that is read: a real one is under 200 bytes.
  package static let maximumFileSize = 16 * 1024

  /// The longest region or category text taken.
  static let maximumTextLength = 200

  package init(
    days: Int? = nil, sort: EventSort? = nil, region: String? = nil, category: String? = nil,
    map: Bool? = nil,
    image: Bool? = nil
  ) {
    self.days = days
    self.sort = sort
    self.region = region
    self.category = category
    self.map = map
    self.image = image
  }

  private enum CodingKeys: String, CodingKey {
    case days, sort, region, category, map, image
  }

  /// Reads what it can: a field of the wrong type or with a value no setting has is left out and
  /// named in ``ignored``; a key it does not know is left alone (a newer version's).
  package init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var ignored: [String] = []
    func field<Value: Decodable>(_ key: CodingKeys, _ type: Value.Type, _ expected: String) -> Value? {
      guard container.contains(key) else { return nil }
      if (try? container.decodeNil(forKey: key)) == true { return nil }
      guard let value = try? container.decode(type, forKey: key) else {
        ignored.append("\(key.rawValue) (expected \(expected))")
        return nil
      }
      return value
    }
    let range = EventWindow.dayRange
    if let days = field(
      .days, Int.self, "a whole number of days from \(range.lowerBound) to \(range.upperBound)")
    {
      if range.contains(days) {
        self.days = days
      } else {
        ignored.append("days (\(days) is not from \(range.lowerBound) to \(range.upperBound))")
      }
    }
    if let sort = field(.sort, String.self, "an order") {
      if let order = EventSort(rawValue: sort) {
        self.sort = order
      } else {
        ignored.append("sort (no order is called \(Self.quoted(sort)))")
      }
    }
    if let region = field(.region, String.self, "a place or coordinates") {
      if let problem = Self.textProblem(region) {
        ignored.append("region (\(problem))")
      } else if !Configuration.Place.isName(region), let problem = Self.regionProblem(region) {
        ignored.append("region (\(problem))")
      } else {
        self.region = region
      }
    }
    if let category = field(.category, String.self, "a category id") {
      if let problem = Self.textProblem(category) {
        ignored.append("category (\(problem))")
      } else if !category.unicodeScalars.allSatisfy({
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
      }) || category.isEmpty {
        ignored.append("category (\(Self.quoted(category)) is not a category id)")
      } else {
        self.category = category
      }
    }
    map = field(.map, Bool.self, "true or false")
    image = field(.image, Bool.self, "true or false")
    self.ignored = ignored
  }

  package func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(days, forKey: .days)
    try container.encodeIfPresent(sort?.rawValue, forKey: .sort)
    try container.encodeIfPresent(region, forKey: .region)
    try container.encodeIfPresent(category, forKey: .category)
    try container.encodeIfPresent(map, forKey: .map)
    try container.encodeIfPresent(image, forKey: .image)
  }

  /// Equal settings; what the file had that was ignored does not count.
  package static func == (lhs: RememberedSettings, rhs: RememberedSettings) -> Bool {
    lhs.days == rhs.days && lhs.sort == rhs.sort && lhs.region == rhs.region && lhs.category == rhs.category
      && lhs.map == rhs.map && lhs.image == rhs.image
  }

  /// The message a launch shows for the ignored fields of the file at `path`, or `nil` for none.
  package func ignoredMessage(path: String) -> String? {
    guard !ignored.isEmpty else { return nil }
    return "ignored remembered settings in \(path): " + ignored.joined(separator: "; ")
  }

  /// What is wrong with text a field holds: too long, or with control characters.
  private static func textProblem(_ text: String) -> String? {
    if text.unicodeScalars.count > maximumTextLength { return "longer than \(maximumTextLength) characters" }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "holds control characters"
    }
    return nil
  }

  /// What is wrong with a region's coordinates, or `nil` when they are a region.
  private static func regionProblem(_ text: String) -> String? {
    do {
      _ = try Configuration.Place.region(parsing: text)
      return nil
    } catch {
      return error.description
    }
  }

  /// `text` quoted for a message, shortened when long (it was checked for control characters, or
  /// is about to be refused for them, so it never reaches the screen raw).
  private static func quoted(_ text: String) -> String {
    let clean = String(
      String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    return "'" + (clean.count > 40 ? clean.prefix(40) + "…" : clean) + "'"
  }
}
