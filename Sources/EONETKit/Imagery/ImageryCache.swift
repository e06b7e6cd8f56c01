import Foundation
import Support

/// Satellite images on disk: `<cache>/imagery/<layer>-<day>-<key hash>.png`, the PNG as served.
///
/// Keyed by everything that changes the picture (layer, day, box, size), written atomically
/// (0600), and bounded: after each write the oldest files go until the folder is within
/// ``maximumBytes``. A file's modification time is when its image was fetched.
///
/// ```swift
/// let cache = ImageryCache(directory: cacheFolder)
/// if let (png, fetched) = cache.read(request) { … }
/// ```
package final class ImageryCache: Sendable {
  /// The folder of images.
  package let directory: URL
  /// The most the images may take together.
  package let maximumBytes: Int

  /// A cache in `<cacheFolder>/imagery`, created on the first write.
  ///
  /// - Parameters:
  ///   - cacheFolder: The app's cache folder.
  ///   - maximumBytes: The most the images may take together (32 MiB unless told).
  package init(cacheFolder: URL, maximumBytes: Int = 32 << 20) {
    directory = cacheFolder.appendingPathComponent("imagery", isDirectory: true)
    self.maximumBytes = maximumBytes
  }

  /// The file of `request`'s image.
  func url(for request: ImageryRequest) -> URL {
    let layer = String(
      request.layer.unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
      }.prefix(80).map(Character.init))
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in request.cacheKey.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let name = "\(layer)-\(request.date)-\(String(hash, radix: 16)).png"
    return directory.appendingPathComponent(name)
  }

  /// The stored image of `request` and when it was fetched, or `nil`.
  package func read(_ request: ImageryRequest) -> (png: Data, fetchedAt: Date)? {
    let url = url(for: request)
    guard let data = try? Data(contentsOf: url), !data.isEmpty,
      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return (data, modified)
  }

  /// Stores `png` as `request`'s image, then evicts the oldest images beyond the bound.
  ///
  /// - Returns: Why it could not be stored, or `nil`.
  @discardableResult
  package func write(_ png: Data, for request: ImageryRequest) -> String? {
    do {
      try AtomicFile.createDirectory(directory)
      try AtomicFile.write([png], to: url(for: request))
    } catch {
      return "\(error)"
    }
    evict()
    return nil
  }

  /// Removes the oldest images until the rest fit in ``maximumBytes``.
  private func evict() {
    let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
    guard
      let files = try? FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return }
    var entries = files.filter { $0.pathExtension == "png" }.compactMap { url -> (URL, Date, Int)? in
      guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
      return (url, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
    }
    var total = entries.reduce(0) { $0 + $1.2 }
    entries.sort { $0.1 < $1.1 }
    for (url, _, size) in entries where total > maximumBytes {
      if (try? FileManager.default.removeItem(at: url)) != nil { total -= size }
    }
  }
}
