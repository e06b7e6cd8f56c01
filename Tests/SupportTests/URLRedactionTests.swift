import Foundation
import Support
import Testing

@Suite struct URLRedactionTests {
  @Test(arguments: [
    ("http://user:secret@127.0.0.1:8080/api/v3", "http://***@127.0.0.1:8080/api/v3"),
    ("https://token@host/a?b=c@d", "https://***@host/a?b=c@d"),
    (
      "https://eonet.gsfc.nasa.gov/api/v3/events?days=30", "https://eonet.gsfc.nasa.gov/api/v3/events?days=30"
    ),
    ("see http://a:b@h/x for more", "see http://***@h/x for more"),
    ("no url here @ all", "no url here @ all"),
    ("http://a:b@one/x and https://c:d@two/y", "http://***@one/x and https://***@two/y"),
    ("http://host/x then mail me@example.org", "http://host/x then mail me@example.org"),
  ])
  func userInfoNeverShows(text: String, expected: String) {
    #expect(URL.redacting(text) == expected)
  }

  @Test func aURLRedactsItself() throws {
    let url = try #require(URL(string: "http://me:pw@localhost/api"))
    #expect(url.redacted == "http://***@localhost/api")
  }
}
