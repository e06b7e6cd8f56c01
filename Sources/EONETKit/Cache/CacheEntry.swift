import Foundation

/// One cached response: the body exactly as the server sent it, with what is needed to revalidate it.
struct CacheEntry: Sendable, Equatable {
  /// The URL it was downloaded from; validators are only sent again for the same URL.
  var url: String
  /// When the server last sent or confirmed it.
  var fetchedAt: Date
  /// The `ETag` validator, if the server sent one.
  var etag: String?
  /// The `Last-Modified` validator, if the server sent one.
  var lastModified: String?
  /// How many elements decoded from the body, to refuse replacing it with fewer broken ones.
  var count: Int
  /// The response body.
  var body: Data
}

/// The first line of a cache file (JSON), followed by a newline and the body.
struct CacheHeader: Codable, Equatable {
  static let formatName = "ourplanet-cache"
  static let currentVersion = 1

  var format: String
  var version: Int
  var url: String
  var fetchedAt: Double
  var etag: String?
  var lastModified: String?
  var count: Int
  var bodyBytes: Int
  var checksum: String

  /// The FNV-1a 64-bit hash of `data` in hex: cheap, and enough to notice a damaged body.
  static func checksum(of data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    data.withUnsafeBytes { bytes in
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
