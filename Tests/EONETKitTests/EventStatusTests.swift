import Foundation
import Testing

@testable import EONETKit

@Suite("EventStatus")
struct EventStatusTests {
  private static let open = EOEvent(id: "EONET_1", title: "open")
  private static let closed = EOEvent(id: "EONET_2", title: "closed", closed: Date(timeIntervalSince1970: 0))

  @Test("the words, whatever their case and the spaces around them; anything else names the words")
  func parsing() throws {
    #expect(try EventStatus(parsing: "open") == .open)
    #expect(try EventStatus(parsing: " Closed ") == .closed)
    #expect(try EventStatus(parsing: "ALL") == .all)
    #expect(EventStatus.words == ["open", "closed", "all"])
    for text in ["any", "opened", "", "op en"] {
      #expect(throws: EventStatusError(text: text)) { try EventStatus(parsing: text) }
    }
    #expect("\(EventStatusError(text: "opn"))" == "'opn' is not one of open, closed, all")
  }

  @Test("which events each status holds, and an event's own status")
  func contains() {
    #expect(EventStatus.all.contains(Self.open) && EventStatus.all.contains(Self.closed))
    #expect(EventStatus.open.contains(Self.open) && !EventStatus.open.contains(Self.closed))
    #expect(EventStatus.closed.contains(Self.closed) && !EventStatus.closed.contains(Self.open))
    #expect(EventStatus(of: Self.open) == .open && EventStatus(of: Self.closed) == .closed)
  }
}
