import EONETKit

/// One step of a refresh, as the per-category downloads report it.
public enum CatalogUpdate: Sendable, Equatable {
  /// The download of the category with this id started.
  case started(String)
  /// The category's events arrived.
  case loaded(String, [EOEvent])
  /// The category's download failed with this message.
  case failed(String, String)
}
