#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A decoder of `Decodable` values from some input, such as Foundation's `JSONDecoder`.
///
/// RxSwift fixes the input to Foundation's `Data`; here the input is the decoder's own choice, so a
/// decoder of strings or byte arrays works too. `JSONDecoder` and `PropertyListDecoder` conform
/// already, with `Data` as their input.
public protocol DataDecoder {
  /// What the decoder reads (`Data` for Foundation's decoders).
  associatedtype Input

  /// Decodes a value of `type` from `data`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Input) throws -> Item
}

// Their `decode(_:from:)` already has the protocol's shape, with `Data` as the input.
extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType {
  /// Each value decoded as `type` by `decoder`; a decoding error ends the sequence with that error.
  ///
  /// ```swift
  /// responses.decode(type: Hotel.self, decoder: JSONDecoder())  // Observable<Data> → Observable<Hotel>
  /// ```
  public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder)
    -> Observable<Item>
  where Decoder.Input == Element {
    map { try decoder.decode(type, from: $0) }
  }
}
