import Foundation
import RxCore
import Support

/// A satellite image ready to draw, with where it came from.
package struct FetchedImage: Sendable {
  /// What was asked for.
  package let request: ImageryRequest
  /// The PNG as the server sent it.
  package let png: Data
  /// The decoded pixels.
  package let image: RGBImage
  /// When it was fetched from the server.
  package let fetchedAt: Date
  /// Whether it came from the disk cache rather than the network just now.
  package let fromCache: Bool
}

/// Fetches satellite images over WMS `GetMap`, through the app's one HTTP transport, and keeps them.
///
/// The cache comes first: an image already stored is never fetched again (a day's image does not
/// change), and offline it is all there is. Everything, the disk included, runs on the client's
/// scheduler; the answer is checked before it is decoded: a WMS error document (XML) or an HTTP
/// error becomes one line, a PNG is decoded with ``PNGDecoder``'s bounds.
///
/// ```swift
/// imagery.image(request).subscribe(onSuccess: { draw($0) }, onFailure: { show("\($0)") })
/// ```
///
/// The client is immutable after `init`.
// `@unchecked Sendable`: `scheduler` is a `SchedulerType`, not `Sendable` (as in RxSwift); every property is a `let`.
package final class ImageryClient: @unchecked Sendable {
  /// The WMS endpoint.
  package let endpoint: URL
  let transport: any HTTPTransport
  let cache: ImageryCache?
  let offline: Bool
  let timeout: TimeInterval
  let scheduler: any SchedulerType
  let clock: @Sendable () -> Date

  /// The largest image body accepted from the server.
  static let maximumBodyBytes = 16 << 20

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - endpoint: The WMS endpoint (GIBS's unless told).
  ///   - transport: The HTTP transport.
  ///   - cache: Where images are kept, or `nil`.
  ///   - offline: Never touch the network (the cache only).
  ///   - timeout: Seconds per request.
  ///   - scheduler: Where the disk is read, the request made and the image decoded.
  ///   - clock: The wall clock (fetch times).
  package init(
    endpoint: URL = ImageryRequest.defaultEndpoint, transport: any HTTPTransport, cache: ImageryCache?,
    offline: Bool = false, timeout: TimeInterval = 30,
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .userInitiated),
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.endpoint = endpoint
    self.transport = transport
    self.cache = cache
    self.offline = offline
    self.timeout = timeout
    self.scheduler = scheduler
    self.clock = clock
  }

  /// `request`'s image: from the cache when it is there, else from the server (then stored).
  ///
  /// - Returns: One image, or an ``EONETError`` whose description is the line to show.
  package func image(_ request: ImageryRequest) -> Single<FetchedImage> {
    let scheduler = self.scheduler
    return Single<FetchedImage?>.deferred { [self] in
      .just(cached(request))
    }
    .subscribe(on: scheduler)
    .flatMap { [self] stored -> Single<FetchedImage> in
      if let stored { return .just(stored) }
      if offline { return .error(EONETError.image("offline, and this image is not in the cache")) }
      return download(request)
    }
  }

  /// The cached image of `request`, if one is stored and still reads.
  private func cached(_ request: ImageryRequest) -> FetchedImage? {
    guard let (png, fetchedAt) = cache?.read(request),
      let image = try? PNGDecoder.decode(png, maximumWidth: request.width, maximumHeight: request.height)
    else { return nil }
    return FetchedImage(request: request, png: png, image: image, fetchedAt: fetchedAt, fromCache: true)
  }

  /// One GetMap exchange, checked, decoded and stored.
  private func download(_ request: ImageryRequest) -> Single<FetchedImage> {
    let transport = self.transport
    let http = HTTPRequest(
      url: request.url(endpoint: endpoint), headers: ["Accept": "image/png"], timeout: timeout,
      maximumBodyBytes: Self.maximumBodyBytes)
    return Single<HTTPResponse>.create { single in
      let box = UncheckedSendable(single)  // completed at most once: the Rx grammar holds
      let task = transport.send(http) { result in
        box.value(result.mapError { $0 as any Error })
      }
      return Disposables.create { task.cancel() }
    }
    .observe(on: scheduler)
    .map { [self] response throws -> FetchedImage in
      let image = try Self.image(from: response, for: request)
      cache?.write(response.body, for: request)
      return FetchedImage(
        request: request, png: response.body, image: image, fetchedAt: clock(), fromCache: false)
    }
  }

  /// The image in `response`, or the one line that says why there is none.
  static func image(from response: HTTPResponse, for request: ImageryRequest) throws(EONETError) -> RGBImage {
    let type = response.header("Content-Type")?.lowercased() ?? ""
    let start = response.body.prefix(512)
    if type.contains("xml") || start.starts(with: Data("<?xml".utf8))
      || start.starts(with: Data("<Service".utf8))
    {
      throw .image(
        serviceException(in: response.body) ?? "the server sent an error document (HTTP \(response.status))")
    }
    guard (200..<300).contains(response.status) else {
      throw .image(
        response.status == 404
          ? "the server has no such image (HTTP 404)" : "the server answered HTTP \(response.status)")
    }
    return try PNGDecoder.decode(response.body, maximumWidth: request.width, maximumHeight: request.height)
  }

  /// The text of a WMS `ServiceException`, on one line, at most 200 characters.
  static func serviceException(in body: Data) -> String? {
    let text = String(decoding: body.prefix(16 << 10), as: UTF8.self)
    // `<ServiceException` alone would also match the report around it.
    guard let open = text.range(of: "<ServiceException ") ?? text.range(of: "<ServiceException>"),
      let close = text.range(of: ">", range: open.lowerBound..<text.endIndex),
      let end = text.range(of: "</ServiceException>", range: close.upperBound..<text.endIndex)
    else { return nil }
    let message = text[close.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !message.isEmpty else { return nil }
    return "the server says: " + String(message.prefix(200))
  }
}
