import Foundation
import RxCore
import Support

/// The machinery of ``EONETClient``'s requests: URLs, conditional requests, retries, decoding, cache.
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

  /// A category's events from the last `days` days, with provenance (source, fetch time, skipped
  /// count): its open and its closed events, requested in parallel, merged and de-duplicated by id,
  /// newest first.
  ///
  /// - Parameters:
  ///   - days: Prior days, today included.
  ///   - category: The category.
  /// - Returns: One element, then completion; or an ``EONETError``.
  package func fetchEvents(forLast days: Int, category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    fetchEvents(EventQuery(days: days), category: category)
  }

  /// A category's events as `query` asks, with provenance: one request per status half, in
  /// parallel, merged and de-duplicated by id, newest first, cut to the query's window.
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

  // MARK: Cache and snapshot

  private func readCacheEntry(_ key: String) -> CacheEntry? {
    switch cache?.read(key) ?? .miss {
    case .miss:
      return nil
    case .hit(let entry):
      return entry
    case .ignored(let warning):
      warn(warning)
      return nil
    }
  }

  /// A cached response decoded, and whether it was an archive (whose ids are unique), or `nil` (a
  /// broken body is reported and ignored like a broken file).
  func readCached<Element: Sendable>(
    _ key: String, format: BodyFormat<Element>
  ) -> (fetched: EOFetched<[Element]>, archived: Bool)? {
    readCacheEntry(key).flatMap { decodeCached($0, key: key, format: format) }
  }

  /// `readCached` of an entry already read; an archive leaves out what is older than `cutoff`.
  private func decodeCached<Element: Sendable>(
    _ entry: CacheEntry, key: String, format: BodyFormat<Element>, newerThan cutoff: Date? = nil
  ) -> (fetched: EOFetched<[Element]>, archived: Bool)? {
    do {
      let decoded = try format.decode(entry, newerThan: cutoff)
      let fetched = EOFetched(
        value: decoded.elements, source: .cache, fetchedAt: entry.fetchedAt, skippedEvents: decoded.skipped)
      return (fetched, entry.encoding != nil)
    } catch {
      let path = cache?.fileURL(for: key).path ?? key
      warn(.cacheIgnored(path: path, reason: error.description))
      return nil
    }
  }

  func readCachedCategories() -> EOFetched<[EOCategory]>? {
    readCached("categories", format: .categories).map { read in
      read.fetched.map { $0.sorted(by: EOCategory.byTitle) }
    }
  }

  func readCachedEvents(forLast days: Int, category: EOCategory) -> EOFetched<[EOEvent]>? {
    readOwnCachedEvents(EventQuery(days: days), category: category)
  }

  /// The cached events of `query`: its own files, else (for a query narrower than the last N days)
  /// the shared files when they cover its window, cut to it.
  func readCachedEvents(_ query: EventQuery, category: EOCategory) -> EOFetched<[EOEvent]>? {
    if let own = readOwnCachedEvents(query, category: category) { return own }
    guard !query.isPlainDays else { return nil }
    // The shared files hold every status, magnitude and source of their window: a superset of any
    // narrower question, which the app filters. For a past range they serve only if they reach back
    // to its start (else the range would show as whole with its older part missing).
    let wide = ownCacheEntries(EventQuery(days: query.window.days), category: category)
    guard let fetchedAt = wide.map(\.entry.fetchedAt).min(), wide.count == 2 else { return nil }
    let stored = wide.map { Self.days(in: $0.entry.url) }.min() ?? 0
    let covers =
      query.window.end.map { end in
        EventWindow(days: stored).start(before: fetchedAt) <= query.window.start(before: end)
      } ?? (stored >= query.window.days)
    guard covers else { return nil }
    let cutoff = query.window.start(before: query.window.reference(fetchedAt: fetchedAt))
    let parts = wide.compactMap { decodeCached($0.entry, key: $0.key, format: .events, newerThan: cutoff) }
    guard parts.count == 2 else { return nil }
    return Self.filter(
      Self.combine(parts.map(\.fetched), knownUnique: parts.allSatisfy(\.archived)), in: query.window)
  }

  /// The events of `query`'s own cache files (the shared ones for the last N days alone).
  func readOwnCachedEvents(_ query: EventQuery, category: EOCategory) -> EOFetched<[EOEvent]>? {
    decodeOwnCache(ownCacheEntries(query, category: category), query: query)
  }

  /// `query`'s own cache files for `category` that can be read, by key.
  private func ownCacheEntries(
    _ query: EventQuery, category: EOCategory
  ) -> [(key: String, entry: CacheEntry)] {
    cache?.pin(question: query.cacheSuffix)
    return query.halves.compactMap { status in
      let key = Self.eventsKey(category: category, status: status) + query.cacheSuffix
      return readCacheEntry(key).map { (key: key, entry: $0) }
    }
  }

  /// The events of `entries` (``ownCacheEntries(_:category:)``'s), cut to the query's window.
  private func decodeOwnCache(
    _ entries: [(key: String, entry: CacheEntry)], query: EventQuery
  ) -> EOFetched<[EOEvent]>? {
    // The window counts back from the earliest fetch (as `filter` does with the halves combined):
    // nothing older is decoded. A closed copy left out this way cannot hide an open copy inside the
    // window: the open half listed the event open when it was fetched, after the window's start, so
    // the event closed after that start too (unless the server backdated its closing to before it).
    guard let fetchedAt = entries.map(\.entry.fetchedAt).min() else { return nil }
    let start = query.window.start(before: query.window.reference(fetchedAt: fetchedAt))
    let parts = entries.compactMap { decodeCached($0.entry, key: $0.key, format: .events, newerThan: start) }
    // A category is whole or not at all: one half alone (the closed half written before the open one
    // failed) would show as the category's events; without both the caller falls back further.
    guard parts.count == query.halves.count else { return nil }
    let combined = Self.combine(parts.map(\.fetched), knownUnique: parts.allSatisfy(\.archived))
    return Self.filter(combined, in: query.window)
  }

  /// Each category's expected download in bytes: its cached responses, else its snapshot file, else 0.
  func expectedSizes(of categories: [EOCategory]) -> [Int] {
    let snapshot = try? snapshot()
    return categories.map { category in
      let files = ["open", "closed"].compactMap {
        cache?.fileURL(for: Self.eventsKey(category: category, status: $0))
      }
      let cached = files.map(Self.fileSize).reduce(0, +)
      return cached > 0 ? cached : snapshot.map { Self.fileSize($0.fileURL(for: category)) } ?? 0
    }
  }

  private static func fileSize(_ url: URL) -> Int {
    var status = stat()
    return stat(url.path, &status) == 0 ? Int(status.st_size) : 0
  }

  func snapshot() throws(EONETError) -> EONETSnapshot {
    if let snapshot = configuration.snapshot { return snapshot }
    return try EONETSnapshot.locate()
  }

  /// The categories without the network: the cache, else the snapshot.
  package func localCategories() -> Observable<EOFetched<[EOCategory]>> {
    background { [self] () throws(EONETError) in
      if let cached = readCachedCategories() { return cached }
      do {
        return try snapshot().categories()
      } catch {
        throw .unavailableOffline("the categories (\(error))")
      }
    }
  }

  /// A category's events as `query` asks, without the network: its cache, else the wider cache
  /// that covers it, else the snapshot, cut to the query's window (the app applies the rest).
  ///
  /// - Parameters:
  ///   - query: What to ask for.
  ///   - category: The category.
  package func localEvents(_ query: EventQuery, category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    background { [self] () throws(EONETError) in
      if let cached = readCachedEvents(query, category: category) { return cached }
      do {
        return Self.filter(try snapshot().events(for: category), in: query.window)
      } catch {
        throw .unavailableOffline("\(category.id) (\(error))")
      }
    }
  }

  /// Runs `work` on the scheduler and emits its value (none for `nil`), then completes.
  func background<Value>(_ work: @escaping () throws -> Value?) -> Observable<Value> {
    Observable<Value>.deferred {
      if let value = try work() { return .just(value) }
      return .empty()
    }
    .subscribe(on: scheduler)
  }

  // MARK: Combining

  /// The events inside the ``EventWindow`` of `days` days before the data's fetch time.
  ///
  /// Newest first, the window is a prefix: when it holds them all (the usual case, the server was
  /// asked for those days), events already in order (``combine(_:knownUnique:)``'s) are handed on
  /// uncopied.
  static func filter(_ fetched: EOFetched<[EOEvent]>, forLast days: Int) -> EOFetched<[EOEvent]> {
    filter(fetched, in: EventWindow(days: days))
  }

  /// The events inside `window` (counted back from its end, else the data's fetch time); a past
  /// range keeps only events that began before its end.
  static func filter(_ fetched: EOFetched<[EOEvent]>, in window: EventWindow) -> EOFetched<[EOEvent]> {
    fetched.map { events in
      let ordered = events.sortedNewestFirst()
      let inside = window.prefix(of: ordered, reference: window.reference(fetchedAt: fetched.fetchedAt))
      guard let end = window.end else { return inside.count == ordered.count ? ordered : Array(inside) }
      return inside.filter { $0.firstDate < end }
    }
  }

  /// Merges the open and closed halves, newest first. A closed copy wins over an open one: the event
  /// closed between the two requests.
  ///
  /// - Parameters:
  ///   - parts: The halves.
  ///   - knownUnique: Each half is known to hold an id once (archives are written so): one non-empty
  ///     half is then handed on without looking its ids up.
  static func combine(_ parts: [EOFetched<[EOEvent]>], knownUnique: Bool = false) -> EOFetched<[EOEvent]> {
    let nonEmpty = parts.filter { !$0.value.isEmpty }
    let events: [EOEvent]
    if nonEmpty.count == 1 {
      events = knownUnique ? nonEmpty[0].value : unique(nonEmpty[0].value)
    } else {
      events = merge(parts.map(\.value))
    }
    let sources = Set(parts.map(\.source))
    let source: EODataSource = sources.count == 1 ? sources.first! : .cache
    let skipped = parts.reduce(0) { $0 + $1.skippedEvents }
    let fetchedAt = parts.map(\.fetchedAt).min() ?? Date()
    return EOFetched(
      value: events.sortedNewestFirst(), source: source, fetchedAt: fetchedAt, skippedEvents: skipped)
  }

  /// `events` without repeated ids (the first kept): the array itself, uncopied, when none repeats.
  private static func unique(_ events: [EOEvent]) -> [EOEvent] {
    var seen = Set<String>(minimumCapacity: events.count)
    for (index, event) in events.enumerated() where !seen.insert(event.id).inserted {
      return merge([Array(events[..<index]), Array(events[index...])])
    }
    return events
  }

  /// The halves merged by id.
  private static func merge(_ parts: [[EOEvent]]) -> [EOEvent] {
    // Positions by id, not events: the table holds a string and an integer per event, and the
    // events are copied once, into the result.
    let total = parts.reduce(0) { $0 + $1.count }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(total)
    var merged: [EOEvent] = []
    merged.reserveCapacity(total)
    for part in parts {
      for event in part {
        if let position = positions[event.id] {
          if merged[position].closed == nil, event.closed != nil { merged[position] = event }
        } else {
          positions[event.id] = merged.count
          merged.append(event)
        }
      }
    }
    return merged
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
