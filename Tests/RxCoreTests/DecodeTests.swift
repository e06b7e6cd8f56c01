import Foundation
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

  @Test("decodes Data with Foundation's JSONDecoder, as RxSwift's decode does, and ends with its error")
  func jsonDecoder() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, Data(#"{"name":"Ritz"}"#.utf8)), .next(220, Data("{".utf8)), .next(230, Data("{}".utf8)),
    ])
    let res = scheduler.start { xs.decode(type: Hotel.self, decoder: JSONDecoder()) }
    #expect(res.events.count == 2)
    #expect(res.events.first == .next(210, Hotel(name: "Ritz")))
    let last = try #require(res.events.last)
    #expect(last.time == 220)
    guard case .error(let error) = last.value else {
      Issue.record("expected an error, got \(last.value)")
      return
    }
    #expect(error is DecodingError)
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }
}
