import RxCore
import RxTesting
import Testing

private struct Hotel: Decodable, Equatable {
  let name: String
}

private struct DecodeFailed: Error, Equatable {}

/// A decoder of hotels from their names as plain strings: enough to drive `decode(type:decoder:)`
/// without Foundation.
private struct NameDecoder: DataDecoder {
  func decode<Item: Decodable>(_ type: Item.Type, from data: String) throws -> Item {
    guard !data.isEmpty, let hotel = Hotel(name: data) as? Item else { throw DecodeFailed() }
    return hotel
  }
}

@Suite("decode", .resourceCheck)
struct DecodeTests {
  @Test("decodes every value and ends with the decoder's error")
  func decodes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, "Ritz"), .next(220, ""), .next(230, "Savoy")])
    let res = scheduler.start { xs.decode(type: Hotel.self, decoder: NameDecoder()) }
    #expect(res.events == [.next(210, Hotel(name: "Ritz")), .error(220, DecodeFailed())])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }
}
