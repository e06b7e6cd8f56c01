import Foundation
import RxCore

/// EONET's reference lists: the sources that report events and the magnitudes they are measured in.
///
/// Each is one small document, fetched, cached (under `sources` and `magnitudes`) and revalidated
/// like the category list; without the network the cache serves it, else the bundled snapshot.
extension EONETClient {
  /// Requests EONET's sources now (not shared), in the list's order, with their provenance;
  /// offline, ``localSources()``.
  ///
  /// - Returns: One element, then completion; or an ``EONETError``.
  package func fetchSources() -> Observable<EOFetched<[EOSourceInfo]>> {
    if configuration.offline { return localSources() }
    return load(key: Self.sourcesKey, path: ["sources"], query: [], format: .sources).asObservable()
  }

  /// Requests EONET's magnitudes now (not shared), in the list's order, with their provenance;
  /// offline, ``localMagnitudes()``.
  ///
  /// - Returns: One element, then completion; or an ``EONETError``.
  package func fetchMagnitudes() -> Observable<EOFetched<[EOMagnitudeKind]>> {
    if configuration.offline { return localMagnitudes() }
    return load(key: Self.magnitudesKey, path: ["magnitudes"], query: [], format: .magnitudes)
      .asObservable()
  }

  /// EONET's sources without the network: the cache, else the bundled snapshot.
  ///
  /// - Returns: One element, then completion; or ``EONETError/unavailableOffline(_:)`` when neither
  ///   holds the list.
  package func localSources() -> Observable<EOFetched<[EOSourceInfo]>> {
    background { [self] () throws(EONETError) in
      if let cached = readCached(Self.sourcesKey, format: .sources) { return cached.fetched }
      do {
        return try snapshot().sources()
      } catch {
        throw .unavailableOffline("the sources (\(error))")
      }
    }
  }

  /// EONET's magnitudes without the network: the cache, else the bundled snapshot.
  ///
  /// - Returns: One element, then completion; or ``EONETError/unavailableOffline(_:)`` when neither
  ///   holds the list.
  package func localMagnitudes() -> Observable<EOFetched<[EOMagnitudeKind]>> {
    background { [self] () throws(EONETError) in
      if let cached = readCached(Self.magnitudesKey, format: .magnitudes) { return cached.fetched }
      do {
        return try snapshot().magnitudes()
      } catch {
        throw .unavailableOffline("the magnitudes (\(error))")
      }
    }
  }

  /// The cache key of the sources list.
  static let sourcesKey = "sources"
  /// The cache key of the magnitudes list.
  static let magnitudesKey = "magnitudes"
}

extension EONETClient.BodyFormat where Element == EOSourceInfo {
  /// The sources list: the cache keeps the server's JSON (a few kilobytes).
  static var sources: Self {
    Self(decode: { data, status, contentType throws(EONETError) in
      try EONETDecoder().decodeSources(from: data, status: status, contentType: contentType)
    })
  }
}

extension EONETClient.BodyFormat where Element == EOMagnitudeKind {
  /// The magnitudes list: the cache keeps the server's JSON (a kilobyte).
  static var magnitudes: Self {
    Self(decode: { data, status, contentType throws(EONETError) in
      try EONETDecoder().decodeMagnitudes(from: data, status: status, contentType: contentType)
    })
  }
}
