import Foundation

/// The real EONET snapshot bundled with the app, for when there is neither network nor cache.
///
/// Made by `make snapshot` (`Tests/Tools/make_snapshot.py`) from saved API responses. Its
/// ``fetchedAt`` is the data's own newest date, and that is "now" for its days filter, so the
/// offline demo is never empty.
///
/// ```swift
/// let snapshot = try EONETSnapshot.locate()
/// let wildfires = try snapshot.events(for: EOCategory(id: "wildfires", title: "Wildfires"))
/// ```
package struct EONETSnapshot: Sendable {
  /// The folder holding `snapshot.json`, `categories.json`, `categories/<id>.json`, `sources.json`
  /// and `magnitudes.json`.
  package let directory: URL
  /// When the snapshot's data was current.
  package let fetchedAt: Date

  private struct Manifest: Decodable {
    let format: String
    let version: Int
    let fetchedAt: String
  }

  /// Opens the snapshot in `directory`.
  ///
  /// - Parameter directory: The folder with `snapshot.json`.
  /// - Throws: ``EONETError/snapshot(_:)`` if the manifest is missing or unreadable.
  package init(directory: URL) throws(EONETError) {
    let manifestURL = directory.appendingPathComponent("snapshot.json")
    guard let data = try? Data(contentsOf: manifestURL) else {
      throw .snapshot("cannot read \(manifestURL.path)")
    }
    guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
      manifest.format == "ourplanet-snapshot", manifest.version == 1,
      let fetchedAt = ISO8601.parse(manifest.fetchedAt)
    else { throw .snapshot("\(manifestURL.path) is not a version 1 snapshot manifest") }
    self.directory = directory
    self.fetchedAt = fetchedAt
  }

  /// Finds the bundled snapshot (the `eonet` folder of the app's resources).
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - executableURL: The running binary.
  /// - Returns: The snapshot.
  /// - Throws: ``EONETError/snapshot(_:)`` if no resource folder holds one.
  package static func locate(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executableURL: URL? = Bundle.main.executableURL
  ) throws(EONETError) -> EONETSnapshot {
    let roots = resourceCandidates(environment: environment, executableURL: executableURL)
    for root in roots {
      let candidate = root.appendingPathComponent("eonet", isDirectory: true)
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("snapshot.json").path) {
        return try EONETSnapshot(directory: candidate)
      }
    }
    // Name every place, existing or not, so a broken install says where the data should be.
    throw .snapshot("not found (looked in \(roots.map(\.path).joined(separator: ", ")))")
  }

  /// The app's resource folders that exist, in lookup order.
  ///
  /// `$OURPLANET_RESOURCES`, then `<executable dir>/../share/ourplanet`, then the SwiftPM resource
  /// bundle. Other modules can look up their own resources (a land mask, say) the same way.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - executableURL: The running binary.
  /// - Returns: Existing folders, most specific first.
  package static func resourceDirectories(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executableURL: URL? = Bundle.main.executableURL
  ) -> [URL] {
    resourceCandidates(environment: environment, executableURL: executableURL).filter(isDirectory)
  }

  /// The places ``resourceDirectories(environment:executableURL:)`` looks at, whether they exist or not.
  private static func resourceCandidates(environment: [String: String], executableURL: URL?) -> [URL] {
    var candidates: [URL] = []
    if let override = environment["OURPLANET_RESOURCES"], !override.isEmpty {
      candidates.append(URL(fileURLWithPath: override, isDirectory: true))
    }
    if let executableURL {
      let executableDirectory = executableURL.resolvingSymlinksInPath().deletingLastPathComponent()
      candidates.append(
        executableDirectory.deletingLastPathComponent().appendingPathComponent(
          "share/ourplanet", isDirectory: true))
    }
    if let bundled = bundledResources() { candidates.append(bundled) }
    return candidates
  }

  private static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The `Resources` folder inside the SwiftPM bundle, without risking `Bundle.module`'s fatal error.
  ///
  /// SwiftPM's generated `Bundle.module` traps when the bundle is missing (an installed binary
  /// without it). It looks beside the main executable first, so only touch it when that bundle exists
  /// as a folder (`Bundle(path:)` is nil for a file of that name, and then it traps too).
  private static func bundledResources() -> URL? {
    let besideExecutable = Bundle.main.bundleURL.appendingPathComponent("OurPlanet_EONETKit.resources")
    guard isDirectory(besideExecutable) else { return nil }
    // `.copy("../../Resources")` puts the folder at the bundle's top level. (CFBundle then reports
    // that very folder as `resourceURL`, so build the path from `bundleURL` to be layout-proof.)
    return Bundle.module.bundleURL.appendingPathComponent("Resources", isDirectory: true)
  }

  /// The snapshot's categories, sorted by title.
  ///
  /// - Returns: The categories with the snapshot's fetch time.
  /// - Throws: ``EONETError/snapshot(_:)`` or a decoding error.
  package func categories() throws(EONETError) -> EOFetched<[EOCategory]> {
    let decoded = try EONETDecoder().decodeCategories(from: read("categories.json"))
    let sorted = decoded.elements.sorted(by: EOCategory.byTitle)
    return EOFetched(value: sorted, source: .snapshot, fetchedAt: fetchedAt, skippedEvents: decoded.skipped)
  }

  /// One category's events in the snapshot (all of them: filter with ``fetchedAt`` as "now").
  ///
  /// - Parameter category: The category.
  /// - Returns: The events with the snapshot's fetch time; empty for a category it does not hold.
  /// - Throws: ``EONETError/snapshot(_:)`` or a decoding error.
  package func events(for category: EOCategory) throws(EONETError) -> EOFetched<[EOEvent]> {
    let file = fileURL(for: category)
    guard FileManager.default.fileExists(atPath: file.path) else {
      return EOFetched(value: [], source: .snapshot, fetchedAt: fetchedAt)
    }
    let decoded = try EONETDecoder().decodeEvents(from: read(file))
    return EOFetched(
      value: decoded.elements, source: .snapshot, fetchedAt: fetchedAt, skippedEvents: decoded.skipped)
  }

  /// The snapshot's list of EONET's sources (`sources.json`), in the list's order.
  ///
  /// - Returns: The sources with the snapshot's fetch time.
  /// - Throws: ``EONETError/snapshot(_:)`` when the file is missing or unreadable, or a decoding error.
  package func sources() throws(EONETError) -> EOFetched<[EOSourceInfo]> {
    let decoded = try EONETDecoder().decodeSources(from: read("sources.json"))
    return EOFetched(
      value: decoded.elements, source: .snapshot, fetchedAt: fetchedAt, skippedEvents: decoded.skipped)
  }

  /// The snapshot's list of EONET's magnitudes (`magnitudes.json`), in the list's order.
  ///
  /// - Returns: The magnitudes with the snapshot's fetch time.
  /// - Throws: ``EONETError/snapshot(_:)`` when the file is missing or unreadable, or a decoding error.
  package func magnitudes() throws(EONETError) -> EOFetched<[EOMagnitudeKind]> {
    let decoded = try EONETDecoder().decodeMagnitudes(from: read("magnitudes.json"))
    return EOFetched(
      value: decoded.elements, source: .snapshot, fetchedAt: fetchedAt, skippedEvents: decoded.skipped)
  }

  /// The file of one category's events (it may not exist).
  func fileURL(for category: EOCategory) -> URL {
    directory.appendingPathComponent(
      "categories/" + EONETCache.fileName(for: category.id).dropLast(".cache".count) + ".json")
  }

  private func read(_ name: String) throws(EONETError) -> Data {
    try read(directory.appendingPathComponent(name))
  }

  private func read(_ url: URL) throws(EONETError) -> Data {
    guard let data = try? Data(contentsOf: url) else { throw .snapshot("cannot read \(url.path)") }
    return data
  }
}
