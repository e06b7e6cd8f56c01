import EONETKit
import Foundation
import Support

/// An ``HTTPTransport`` that answers from memory: the client's logic tested without a socket.
///
/// Rules are tried first, in order (a path, the query parameters that must match, how many times);
/// a request no rule takes is answered from a fixture folder served the way EONET serves it
/// (`/categories`, `/categories/<id>` with its events cut to `status` and `limit`, `/<name>` whole),
/// else 404. An `/api/v3` or `/api/v2.1` prefix is ignored. Every request is logged with its outcome;
/// answers arrive on another thread after their delay, and a cancelled request never completes.
///
/// ```swift
/// let transport = InMemoryTransport(site: Fixtures.server, rules: [.init("/categories", times: 1, .status(503))])
/// let client = EONETClient(configuration: configuration, transport: transport)
/// #expect(transport.log.map(\.status) == [503, 200])
/// ```
final class InMemoryTransport: HTTPTransport {
  /// What a rule answers, after `delay` seconds; `outcome` `nil` never answers (until cancelled).
  struct Answer: Sendable {
    var outcome: Result<HTTPResponse, EONETError>?
    var delay: TimeInterval = 0

    /// A response with a JSON body (Content-Type `application/json` unless `headers` say otherwise).
    static func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> Answer {
      let fields = ["Content-Type": "application/json"].merging(headers) { $1 }
      return Answer(outcome: .success(HTTPResponse(status: status, headers: fields, body: Data(body.utf8))))
    }

    /// A bodyless response with `code`, and `Retry-After` when given.
    static func status(_ code: Int, retryAfter: String? = nil) -> Answer {
      let headers = retryAfter.map { ["Retry-After": $0] } ?? [:]
      return Answer(outcome: .success(HTTPResponse(status: code, headers: headers)))
    }

    /// A failure to get a response at all.
    static func failure(_ error: EONETError) -> Answer { Answer(outcome: .failure(error)) }

    /// No answer, ever: the request stays in flight until it is cancelled.
    static let never = Answer(outcome: nil)
  }

  /// Answers requests for `path` whose query holds every pair of `query`, the first `times` of them.
  struct Rule: Sendable {
    var path: String
    var query: [String: String] = [:]
    var times: Int?
    var answer: Answer

    init(_ path: String, query: [String: String] = [:], times: Int? = nil, _ answer: Answer) {
      self.path = path
      self.query = query
      self.times = times
      self.answer = answer
    }
  }

  /// One request as it was asked and what became of it.
  struct Request: Sendable {
    var url: URL
    /// The path without the API prefix, e.g. `/categories/wildfires`.
    var path: String
    /// The last value of each query parameter.
    var query: [String: String]
    var headers: [String: String]
    var timeout: TimeInterval
    /// The status answered, or `nil` while in flight, after a failure, or when cancelled.
    var status: Int?
    var cancelled = false
    var finished = false
  }

  private struct State: Sendable {
    var rules: [Rule]
    var used: [Int]
    var log: [Request] = []
    var inFlight = 0
    var maxInFlight = 0
    var categoriesInFlight: [String: Int] = [:]
    var maxInFlightCategories = 0
  }

  /// `Last-Modified` of every site answer when validators are on.
  static let lastModified = "Sat, 08 Nov 2025 12:00:00 GMT"

  private let site: URL?
  private let validators: Bool
  private let latency: TimeInterval
  private let contentType: String
  private let state: LockedValue<State>

  /// Creates a transport.
  ///
  /// - Parameters:
  ///   - site: The fixture folder to serve when no rule answers (`nil`: 404).
  ///   - validators: Send `ETag` and `Last-Modified` with site answers; answer 304 to a matching
  ///     conditional request.
  ///   - latency: Seconds before each site answer.
  ///   - contentType: The site answers' Content-Type.
  ///   - rules: The answers tried first, in order.
  init(
    site: URL? = nil, validators: Bool = false, latency: TimeInterval = 0,
    contentType: String = "application/json", rules: [Rule] = []
  ) {
    self.site = site
    self.validators = validators
    self.latency = latency
    self.contentType = contentType
    self.state = LockedValue(State(rules: rules, used: Array(repeating: 0, count: rules.count)))
  }

  /// Every request so far, in the order they were sent.
  var log: [Request] { state.withLock { $0.log } }
  /// How many requests were sent.
  var requestCount: Int { state.withLock { $0.log.count } }
  /// Requests sent and neither answered nor cancelled.
  var inFlight: Int { state.withLock { $0.inFlight } }
  /// The most requests in flight at once.
  var maxInFlight: Int { state.withLock { $0.maxInFlight } }
  /// The most categories (`/categories/<id>`) with a request in flight at once.
  var maxInFlightCategories: Int { state.withLock { $0.maxInFlightCategories } }

  func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    let (path, query) = Self.route(request.url)
    let category = path.hasPrefix("/categories/") ? String(path.dropFirst("/categories/".count)) : nil
    let entry = Request(
      url: request.url, path: path, query: query, headers: request.headers, timeout: request.timeout)
    let (index, rule) = state.withLock { state -> (Int, Answer?) in
      state.log.append(entry)
      state.inFlight += 1
      state.maxInFlight = max(state.maxInFlight, state.inFlight)
      if let category {
        state.categoriesInFlight[category, default: 0] += 1
        state.maxInFlightCategories = max(state.maxInFlightCategories, state.categoriesInFlight.count)
      }
      return (state.log.count - 1, Self.take(&state, path: path, query: query))
    }
    let answer = rule ?? siteAnswer(path: path, query: query, headers: request.headers)
    let handle = Handle { [state] status, cancelled in
      state.withLock { state in
        state.log[index].status = status
        state.log[index].cancelled = cancelled
        state.log[index].finished = true
        state.inFlight -= 1
        if let category {
          state.categoriesInFlight[category, default: 1] -= 1
          if state.categoriesInFlight[category] == 0 { state.categoriesInFlight[category] = nil }
        }
      }
    }
    if let outcome = answer.outcome {
      DispatchQueue.global().asyncAfter(deadline: .now() + answer.delay) {
        let status = try? outcome.get().status
        if handle.finish(status: status) { completion(outcome) }
      }
    }
    return handle
  }

  /// The path without the API prefix and the query's last value of each parameter.
  private static func route(_ url: URL) -> (String, [String: String]) {
    var path = url.path
    for prefix in ["/api/v3", "/api/v2.1"] where path.hasPrefix(prefix + "/") {
      path.removeFirst(prefix.count)
    }
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let query = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    return (path, query)
  }

  private static func take(_ state: inout State, path: String, query: [String: String]) -> Answer? {
    for (index, rule) in state.rules.enumerated() where rule.path == path {
      guard rule.query.allSatisfy({ query[$0.key] == $0.value }) else { continue }
      if let times = rule.times, state.used[index] >= times { continue }
      state.used[index] += 1
      return rule.answer
    }
    return nil
  }

  /// The fixture folder's answer, as the fixture server gives it.
  private func siteAnswer(path: String, query: [String: String], headers: [String: String]) -> Answer {
    guard let site, let body = try? Self.body(site: site, path: path, query: query) else {
      return Answer(outcome: .success(HTTPResponse(status: 404, body: Data(#"{"error":"not found"}"#.utf8))))
    }
    var fields = ["Content-Type": contentType]
    if validators {
      let etag = "\"\(Self.digest(body))\""
      fields["ETag"] = etag
      fields["Last-Modified"] = Self.lastModified
      let matches =
        headers["If-None-Match"].map { $0 == etag } ?? (headers["If-Modified-Since"] == Self.lastModified)
      if matches {
        return Answer(outcome: .success(HTTPResponse(status: 304, headers: fields)), delay: latency)
      }
    }
    return Answer(outcome: .success(HTTPResponse(status: 200, headers: fields, body: body)), delay: latency)
  }

  /// The file for `path`, its events cut to the query's `status` (default open) and `limit`.
  private static func body(site: URL, path: String, query: [String: String]) throws -> Data {
    let file = site.appendingPathComponent(String(path.dropFirst()) + ".json")
    let data = try Data(contentsOf: file)
    guard path.hasPrefix("/categories/"),
      var document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let events = document["events"] as? [[String: Any]]
    else { return data }
    let status = query["status"] ?? "open"
    var kept = events.filter { event in
      let closed = !(event["closed"] is NSNull || event["closed"] == nil)
      return status == "all" || (status == "closed") == closed
    }
    if let limit = query["limit"].flatMap({ Int($0) }) { kept = Array(kept.prefix(limit)) }
    document["events"] = kept
    return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
  }

  /// A stable tag for a body (FNV-1a): enough for an ETag that changes when the body does.
  private static func digest(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// One request's handle: it completes or is cancelled, once.
  private final class Handle: HTTPTask {
    private let done = LockedValue(false)
    private let record: @Sendable (_ status: Int?, _ cancelled: Bool) -> Void

    init(record: @escaping @Sendable (_ status: Int?, _ cancelled: Bool) -> Void) {
      self.record = record
    }

    /// Marks the request answered; `false` when it was cancelled (or answered) before.
    func finish(status: Int?) -> Bool {
      guard
        done.withLock({ done in
          defer { done = true }; return !done
        })
      else { return false }
      record(status, false)
      return true
    }

    func cancel() {
      guard
        done.withLock({ done in
          defer { done = true }; return !done
        })
      else { return }
      record(nil, true)
    }
  }
}
