import Foundation
import RxCore
import Support
import Testing

@testable import EONETKit

/// The imagery client: cache first, the server's errors as one line, the cache's bound.
@Suite("ImageryClient")
struct ImageryClientTests {
  private let request = ImageryRequest(
    layer: "MODIS_Terra_CorrectedReflectance_TrueColor", date: "2025-11-08", south: 39, west: -121, north: 41,
    east: -118, width: 7, height: 5)

  private func fetch(_ client: ImageryClient, _ request: ImageryRequest? = nil) -> Recording<FetchedImage> {
    record(client.image(request ?? self.request).asObservable())
  }

  private func failure(of recording: Recording<FetchedImage>) -> String? {
    (recording.error as? EONETError)?.description
  }

  @Test("an image is fetched once, stored, and then served from the cache, also offline")
  func cachesImages() throws {
    let png = try Fixtures.data("png/rgb-mixed.png")
    let transport = CannedTransport(
      HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: png))
    let folder = try Fixtures.temporaryDirectory()
    let cache = ImageryCache(cacheFolder: folder)
    let client = ImageryClient(
      endpoint: URL(string: "http://127.0.0.1:9/wms")!, transport: transport, cache: cache)
    let first = try #require(fetch(client).elements.first)
    #expect(!first.fromCache)
    #expect(first.image.pixels == Array(try Fixtures.data("png/rgb-mixed.rgb")))
    let second = try #require(fetch(client).elements.first)
    #expect(second.fromCache)
    #expect(transport.count == 1)
    let offline = ImageryClient(transport: transport, cache: cache, offline: true)
    #expect(try #require(fetch(offline).elements.first).png == png)
    #expect(transport.count == 1)
    let stored = cache.url(for: request)
    let mode = try FileManager.default.attributesOfItem(atPath: stored.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(stored.path.hasPrefix(folder.appendingPathComponent("imagery").path))
  }

  @Test("offline without a cached image says so")
  func offlineWithoutImage() throws {
    let client = ImageryClient(
      transport: CannedTransport(HTTPResponse(status: 500)),
      cache: ImageryCache(cacheFolder: try Fixtures.temporaryDirectory()), offline: true)
    #expect(failure(of: fetch(client)) == "no image: offline, and this image is not in the cache")
  }

  @Test(
    "the server's errors become one line",
    arguments: [
      (
        HTTPResponse(
          status: 200, headers: ["Content-Type": "text/xml"],
          body: Data(
            """
            <?xml version="1.0"?><ServiceExceptionReport version="1.3.0">
            <ServiceException code="InvalidDimensionValue">
              Invalid TIME:\u{1B}[2J 2099-01-01
            </ServiceException></ServiceExceptionReport>
            """.utf8)),
        "no image: the server says: Invalid TIME:?[2J 2099-01-01"
      ),
      (
        HTTPResponse(status: 404, body: Data("not found".utf8)),
        "no image: the server has no such image (HTTP 404)"
      ),
      (HTTPResponse(status: 503), "no image: the server answered HTTP 503"),
      (
        HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: Data("GIF89a".utf8)),
        "no image: the server did not send a PNG image"
      ),
    ])
  func reportsServerErrors(response: HTTPResponse, line: String) throws {
    let transport = CannedTransport(response)
    let cache = ImageryCache(cacheFolder: try Fixtures.temporaryDirectory())
    let client = ImageryClient(transport: transport, cache: cache)
    #expect(failure(of: fetch(client)) == line)
    #expect(cache.read(request) == nil)
  }

  @Test("the cache keeps its size, the oldest images going first")
  func evictsTheOldest() throws {
    let png = try Fixtures.data("png/rgb-mixed.png")
    let cache = ImageryCache(cacheFolder: try Fixtures.temporaryDirectory(), maximumBytes: png.count * 2)
    var requests: [ImageryRequest] = []
    for index in 0..<4 {
      var next = request
      next.date = "2025-11-0\(index + 1)"
      requests.append(next)
      #expect(cache.write(png, for: next) == nil)
      // Modification times order the files; make each older than the next beyond the clock's step.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + index * 10))],
        ofItemAtPath: cache.url(for: next).path)
    }
    #expect(cache.read(requests[0]) == nil)
    #expect(cache.read(requests[1]) == nil)
    #expect(cache.read(requests[2]) != nil)
    #expect(cache.read(requests[3]) != nil)
  }
}

/// Answers every request with one response, counting them.
private final class CannedTransport: HTTPTransport {
  private struct Task: HTTPTask {
    func cancel() {}
  }

  private let response: HTTPResponse
  private let requests = LockedValue<[HTTPRequest]>([])

  init(_ response: HTTPResponse) { self.response = response }

  var count: Int { requests.withLock { $0.count } }

  func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    requests.withLock { $0.append(request) }
    completion(.success(response))
    return Task()
  }
}
