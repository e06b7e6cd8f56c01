/// A decoder of `Decodable` values from some input, such as Foundation's `JSONDecoder` (whose
/// `decode(_:from:)` already has this shape: `extension JSONDecoder: DataDecoder {}` is all it takes).
///
/// RxSwift fixes the input to Foundation's `Data`; RxCore imports no Foundation, so the input is the
/// decoder's own choice.
public protocol DataDecoder {
  /// What the decoder reads (`Data` for Foundation's decoders).
  associatedtype Input

  /// Decodes a value of `type` from `data`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Input) throws -> Item
}

extension ObservableType {
  /// Each value decoded as `type` by `decoder`; a decoding error ends the sequence with that error.
  public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder)
    -> Observable<Item>
  where Decoder.Input == Element {
    map { try decoder.decode(type, from: $0) }
  }
}
