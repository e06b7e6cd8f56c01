@preconcurrency internal import CCurl
import Foundation

/// One blocking request to a test's own loopback server (its control endpoints, a check of what it
/// serves), through libcurl's easy interface: the tests' side channel, never the app's client.
enum LoopbackRequest {
  /// Sends `method` to `url` and returns the status and body.
  ///
  /// - Parameters:
  ///   - method: `GET` or `POST`.
  ///   - url: A loopback URL.
  ///   - body: The POST body.
  ///   - caBundle: The CA to trust for https.
  ///   - timeout: Seconds for the whole exchange.
  /// - Throws: ``FixtureServer/Failure`` when no answer comes.
  static func send(
    _ method: String, _ url: URL, body: Data? = nil, caBundle: String? = nil, timeout: Double
  ) throws -> (status: Int, body: Data) {
    guard let easy = curl_easy_init() else {
      throw FixtureServer.Failure(description: "curl_easy_init failed")
    }
    defer { curl_easy_cleanup(easy) }
    let sink = LoopbackSink()
    let context = Unmanaged.passUnretained(sink).toOpaque()
    _ = ccurl_setopt_string(easy, CURLOPT_URL, url.absoluteString)
    _ = ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
    _ = ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
    // The test's own server: never through a proxy the environment names.
    _ = ccurl_setopt_string(easy, CURLOPT_NOPROXY, "*")
    _ = ccurl_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, loopbackRequestBody)
    _ = ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
    if let caBundle {
      _ = ccurl_setopt_string(easy, CURLOPT_CAINFO, caBundle)
      // The tests' own server, which may present the test certificate made for another host.
      _ = ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 0)
    }
    let payload = [UInt8](body ?? Data())
    let code = payload.withUnsafeBufferPointer { bytes -> CURLcode in
      if method == "POST" {
        _ = ccurl_setopt_long(easy, CURLOPT_POST, 1)
        _ = ccurl_setopt_pointer(
          easy, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
        _ = ccurl_setopt_long(easy, CURLOPT_POSTFIELDSIZE, bytes.count)
      }
      return curl_easy_perform(easy)
    }
    guard code == CURLE_OK else {
      throw FixtureServer.Failure(
        description: "\(method) \(url.path): \(String(cString: curl_easy_strerror(code)))")
    }
    var status = 0
    _ = ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
    return (status, sink.data)
  }
}

/// The body as it arrives (one request's, on the calling thread).
private final class LoopbackSink {
  var data = Data()
}

private func loopbackRequestBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let sink = Unmanaged<LoopbackSink>.fromOpaque(context).takeUnretainedValue()
  sink.data.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
  return size * count
}
