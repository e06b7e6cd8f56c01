import Foundation
import RxCore
import Support

/// The machinery of ``EONETClient``'s requests: URLs, conditional requests, retries, decoding and
/// what the cache keeps (its reads are in EONETClient+Cache.swift, the merging of halves in
/// EONETClient+Combining.swift).
extension EONETClient {
  typealias Decode<Element: Sendable> = (Data, Int, String?) throws(EONETError) -> EODecoded<Element>

  /// How a body is decoded from the server and kept in the cache.
  struct BodyFormat<Element: Sendable> {
    /// Decodes the server's JSON (the status and content type name a body that is not JSON).
    let decode: Decode<Element>
    /// The cache's own form, when it keeps something other than the server's JSON.
    var archive:
      (
        encoding: String, encode: (EODecoded<Element>) -> Data,
        decode: (Data, Date?) throws(EONETError) -> EODecoded<Element>
      )? = nil

    /// A cache entry's elements, whichever form its body has. An archive may leave out elements
    /// dated before `cutoff` (JSON is read whole).
    func decode(_ entry: CacheEntry, newerThan cutoff: Date? = nil) throws(EONETError) -> EODecoded<Element> {
      guard let encoding = entry.encoding else { return try decode(entry.body, 200, "application/json") }
      guard let archive, archive.encoding == encoding else {
        throw .unexpectedShape("a body encoded as \(encoding), which this build does not read")
      }
      return try archive.decode(entry.body, cutoff)
    }

    /// What the cache keeps of a decoded response: the archive if this format has one, else `body`.
    func stored(_ decoded: EODecoded<Element>, body: Data) -> (body: Data, encoding: String?) {
      guard let archive else { return (body, nil) }
      return (archive.encode(decoded), archive.encoding)
    }
  }

  // MARK: Live requests

  /// Requests the categories now (not shared), sorted by title, with their provenance.
  ///
  /// - Returns: One element, then completion; or an ``EONETError``.
  package func fetchCategories() -> Observable<EOFetched<[EOCategory]>> {
    if configuration.offline { return localCategories() }
    return load(key: "categories", path: ["categories"], query: [], format: .categories)
      .map { fetched in fetched.map { $0.sorted(by: EOCategory.byTitle) } }
      .asObservable()
  }

  /// A category's events as `query` asks (`EventQuery(days: 30)`: the last 30 days), with provenance
  /// (source, fetch time, skipped count): one request per status half, in parallel, merged and
  /// de-duplicated by id, newest first, cut to the query's window.
  ///
  /// A past range already downloaded after it ended is final: it comes from the cache without a
  /// request (``EventQuery/isComplete(fetchedAt:)``).
  ///
  /// - Parameters:
  ///   - query: What to ask for.
  ///   - category: The category.
  /// - Returns: One element, then completion; or an ``EONETError``.
  package func fetchEvents(_ query: EventQuery, category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    if configuration.offline { return localEvents(query, category: category) }
    let download = Observable.deferred { [self] () -> Observable<EOFetched<[EOEvent]>> in
      // This question's files are in use while the client lives: no sweep removes them.
      cache?.pin(question: query.cacheSuffix)
      // A past range stored from after it ended is final: judged from the files' fetch times, then
      // decoded from the same reads.
      if query.window.end != nil {
        let entries = ownCacheEntries(query, category: category)
        if entries.count == query.halves.count,
          entries.allSatisfy({ query.isComplete(fetchedAt: $0.entry.fetchedAt) }),
          let stored = decodeOwnCache(entries, query: query)
        {
          return .just(stored)
        }
      }
      let requests = query.halves.map { half in
        load(
          key: Self.eventsKey(category: category, status: half) + query.cacheSuffix,
          path: ["categories", category.id], query: query.queryItems(status: half), format: .events)
      }
      return Single.zip(requests)
        .map { parts in
          let combined = Self.combine(parts)
          // The server cut the days itself; a range or a filter is cut again here, so a server that
          // ignores them fills no list with what was not asked for.
          return query.isPlainDays ? combined : Self.filter(combined, in: query.window)
        }
        .asObservable()
    }
    return download.subscribe(on: scheduler)
  }

  static func eventsKey(category: EOCategory, status: String) -> String {
    "events-\(category.id)-\(status)"
  }

  /// One GET with its cache file: conditional if the cache holds this URL, retried on 429/5xx,
  /// decoded and cached on the scheduler.
  func load<Element: Sendable>(
    key: String, path: [String], query: [URLQueryItem], format: BodyFormat<Element>
  ) -> Single<EOFetched<[Element]>> {
    Single<EOFetched<[Element]>>.deferred { [self] in
      let url = try makeURL(path: path, query: query)
      let cached = readCacheEntry(key)
      var headers = ["Accept": "application/json"]
      let validated = cached.flatMap { $0.url == url.redacted ? $0 : nil }
      if let etag = validated?.etag { headers["If-None-Match"] = etag }
      if let lastModified = validated?.lastModified { headers["If-Modified-Since"] = lastModified }
      let request = HTTPRequest(
        url: url, headers: headers, timeout: configuration.requestTimeout,
        maximumBodyBytes: configuration.maximumResponseBytes)
      return response(for: request, attempt: 0)
        .observe(on: scheduler)
        .map { [self] response in
          try interpret(response, url: url, cached: validated, stored: cached, key: key, format: format)
        }
    }
    .subscribe(on: scheduler)
  }

  private func interpret<Element: Sendable>(
    _ response: HTTPResponse, url: URL, cached: CacheEntry?, stored existing: CacheEntry?, key: String,
    format: BodyFormat<Element>
  ) throws(EONETError) -> EOFetched<[Element]> {
    let now = configuration.clock()
    if response.status == 304, var entry = cached {
      let decoded = try format.decode(entry)
      if entry.encoding == nil { (entry.body, entry.encoding) = format.stored(decoded, body: entry.body) }
      entry.fetchedAt = now
      entry.etag = response.header("ETag") ?? entry.etag
      entry.lastModified = response.header("Last-Modified") ?? entry.lastModified
      if let warning = cache?.write(entry, for: key) { warn(warning) }
      return EOFetched(value: decoded.elements, source: .live, fetchedAt: now, skippedEvents: decoded.skipped)
    }
    guard (200...299).contains(response.status) else {
      throw .httpStatus(url: url.absoluteString, status: response.status)
    }
    let decoded = try format.decode(response.body, response.status, response.header("Content-Type"))
    if decoded.skipped > 0 { warn(.skippedEvents(count: decoded.skipped, source: url.absoluteString)) }
    let stored = format.stored(decoded, body: response.body)
    let entry = CacheEntry(
      url: url.redacted, fetchedAt: now, etag: response.header("ETag"),
      lastModified: response.header("Last-Modified"), count: decoded.elements.count, body: stored.body,
      encoding: stored.encoding)
    // A narrower window never shrinks what a wider one stored (`categories --days 1` would leave the
    // UI's 360 days 0 events offline): the cache holds the widest window asked, bounded by it, and
    // reads cut any window out of it. Its validators stay those of its own (wider) URL.
    let narrower = existing.map { Self.days(in: $0.url) > Self.days(in: entry.url) } ?? false
    if !narrower, let warning = cache?.write(entry, for: key, keepLarger: decoded.skipped > 0) {
      warn(warning)
    }
    return EOFetched(value: decoded.elements, source: .live, fetchedAt: now, skippedEvents: decoded.skipped)
  }

  /// The `days` window of a stored URL; `Int.max` without one (the whole history).
  static func days(in url: String) -> Int {
    let items = URLComponents(string: url)?.queryItems ?? []
    return items.first { $0.name == "days" }?.value.flatMap { Int($0) } ?? Int.max
  }

  /// The response, after waiting out and retrying 429 and 5xx answers as the policy allows.
  private func response(for request: HTTPRequest, attempt: Int) -> Single<HTTPResponse> {
    send(request).flatMap { [self] answer -> Single<HTTPResponse> in
      guard RetryPolicy.isRetryable(status: answer.status),
        let delay = configuration.retryPolicy.delay(
          afterAttempt: attempt, retryAfter: answer.header("Retry-After"), now: configuration.clock())
      else { return .just(answer) }
      let milliseconds = Int((delay * 1000).rounded())
      return Single<Int>.timer(.milliseconds(milliseconds), scheduler: scheduler)
        .flatMap { [self] _ in response(for: request, attempt: attempt + 1) }
    }
  }

  /// One HTTP exchange: one response or one failure; disposing the subscription cancels the request.
  private func send(_ request: HTTPRequest) -> Single<HTTPResponse> {
    let transport = self.transport
    return Single.create { single in
      let box = UncheckedSendable(single)  // completed at most once: the Rx grammar holds
      let task = transport.send(request) { result in
        box.value(result.mapError { $0 as any Error })
      }
      return Disposables.create { task.cancel() }
    }
  }

  /// `baseURL` + escaped path segments + query, built with `URLComponents`.
  func makeURL(path: [String], query: [URLQueryItem]) throws(EONETError) -> URL {
    let base = configuration.baseURL
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { throw .invalidURL(base.absoluteString) }
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/;?#")
    let segments = path.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
    var root = components.percentEncodedPath
    while root.hasSuffix("/") { root.removeLast() }
    components.percentEncodedPath = root + "/" + segments.joined(separator: "/")
    components.queryItems = query.isEmpty ? nil : query
    guard let url = components.url else {
      throw .invalidURL(base.absoluteString + "/" + path.joined(separator: "/"))
    }
    return url
  }

  func warn(_ warning: EONETWarning) {
    configuration.onWarning?(warning)
  }
}

extension EONETClient.BodyFormat where Element == EOCategory {
  /// The category list: the cache keeps the server's JSON (a few kilobytes).
  static var categories: Self {
    Self(decode: { data, status, contentType throws(EONETError) in
      try EONETDecoder().decodeCategories(from: data, status: status, contentType: contentType)
    })
  }
}

extension EONETClient.BodyFormat where Element == EOEvent {
  /// A category's events: the cache keeps them as an ``EventArchive``.
  static var events: Self {
    Self(
      decode: { data, status, contentType throws(EONETError) in
        try EONETDecoder().decodeEvents(from: data, status: status, contentType: contentType)
      },
      archive: (
        EventArchive.encoding, EventArchive.encode,
        { data, cutoff throws(EONETError) in try EventArchive.decode(data, newerThan: cutoff) }
      ))
  }
}
