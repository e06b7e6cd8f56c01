import Foundation

/// One cached response: its body (as the server sent it, or as an ``EventArchive``), with what is
/// needed to revalidate it.
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
  /// How the body is stored: `nil` for the server's own JSON, else ``EventArchive/encoding``.
  var encoding: String? = nil
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
  /// Absent (files of earlier builds): the server's JSON.
  var encoding: String?
  var bodyBytes: Int
  var checksum: String

  /// The checksum of a body stored with `encoding`, in hex: cheap, and enough to notice damage.
  ///
  /// The server's JSON (files of every build) keeps the FNV-1a 64-bit hash of each byte. An archive
  /// (``EventArchive``, 11 MB for ten times today's wildfires) folds eight bytes per step, the same
  /// xor-and-multiply on little-endian words: a start-up reads it eight times faster.
  static func checksum(of data: Data, encoding: String? = nil) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x0000_0100_0000_01B3
    data.withUnsafeBytes { bytes in
      var tail = bytes[...]
      if encoding != nil {
        let words = bytes.count / 8
        for index in 0..<words {
          hash ^= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
          hash = hash &* prime
        }
        tail = bytes[(words * 8)...]
      }
      for byte in tail {
        hash ^= UInt64(byte)
        hash = hash &* prime
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
