import EONETKit
import Foundation
import RxCore
import TestSupport

/// EONETKit's benchmarks: decoding speed against a plain `JSONDecoder`, and a full refresh over
/// loopback HTTP. One line per case.
func runEONETBenchmarks() {
  let repository = repositoryRoot
  let dump = repository.deletingLastPathComponent()
    .appendingPathComponent("shared/data/eonet/v3/events-open-all-2025-11.json")
  if let data = try? Data(contentsOf: dump) {
    benchmarkDecoding(data)
  } else {
    print("eonet.decode        skipped: \(dump.path) not found")
  }
  benchmarkRefresh(repository: repository, tls: false)
  benchmarkRefresh(repository: repository, tls: true)
}

private func benchmarkDecoding(_ data: Data) {
  let megabytes = Double(data.count) / 1e6
  var events = 0
  let decoder = EONETDecoder()
  let ours = best(of: 15) {
    events = (try? decoder.decodeEvents(from: data).elements.count) ?? -1
  }
  var baselineEvents = 0
  let baseline = best(of: 5) {
    let plain = JSONDecoder()
    plain.dateDecodingStrategy = .iso8601
    baselineEvents = (try? plain.decode(NaiveEnvelope.self, from: data).events.count) ?? -1
  }
  if let decoded = try? decoder.decodeEvents(from: data) {
    benchmarkArchive(decoded, json: ours)
  }
  print(
    "eonet.decode        \(format(megabytes, 2)) MB, \(events) events: \(format(ours * 1000, 1)) ms, "
      + "\(format(megabytes / ours, 0)) MB/s, \(format(Double(events) / ours, 0)) events/s "
      + "(JSONDecoder: \(format(baseline * 1000, 1)) ms, \(format(megabytes / baseline, 0)) MB/s, "
      + "\(baselineEvents) events; \(format(baseline / ours, 1))x faster)")
}

/// A full refresh as a user runs it: the release `ourplanet categories --json` (fresh cache) against
/// the fixture server with the real dump and 100 ms per request, alternating with the reference: curl
/// fetching the same 27 requests the same way (the category list, then two categories at a time, the
/// open and closed halves of each at once), from the same server. Each figure is a median of `runs`;
/// the peak memory is the command's own (its maximum resident set, from `wait4`).
/// The cache's own form of the same events (``EventArchive``): what a start-up reads.
private func benchmarkArchive(_ decoded: EODecoded<EOEvent>, json: Double) {
  let archive = EventArchive.encode(decoded)
  var count = 0
  let read = best(of: 15) { count = (try? EventArchive.decode(archive).elements.count) ?? -1 }
  let write = best(of: 5) { _ = EventArchive.encode(decoded) }
  print(
    "eonet.archive       \(count) events in \(format(Double(archive.count) / 1e6, 2)) MB: read "
      + "\(format(read * 1000, 1)) ms (\(format(json / read, 1))x faster than the JSON), write "
      + "\(format(write * 1000, 1)) ms")
}

private func benchmarkRefresh(repository: URL, tls: Bool, runs: Int = 5) {
  let label = tls ? "eonet.refresh_https " : "eonet.refresh_http  "
  guard let binary = BuiltProducts.path(of: "ourplanet") else {
    print("\(label)skipped: needs the release ourplanet (make bench builds it)")
    return
  }
  let fixtures = repository.appendingPathComponent("Resources/eonet")
  let latency = 100
  let server: FixtureServer
  do {
    // The recorded data served as recorded (status and limit only), as earlier rounds measured: its
    // dates are a year old, and a server honouring `days` would answer nothing.
    server = try FixtureServer(
      fixtures: fixtures, plan: FixtureServer.recordedPlan, latencyMilliseconds: latency, tls: tls)
  } catch {
    print("\(label)skipped: \(error)")
    return
  }
  defer { server.stop() }
  let categories =
    ((try? Data(contentsOf: fixtures.appendingPathComponent("categories.json")))
    .flatMap { try? EONETDecoder().decodeCategories(from: $0).elements } ?? []).map(\.id)
  let api = server.baseURL.absoluteString
  let ca = FixtureServer.caBundle.path
  let reference = curlReference(api: api, categories: categories, caBundle: tls ? ca : nil)
  // The test CA trusted as a user trusts theirs; CURL_CA_BUNDLE, which would win, emptied.
  let trust = tls ? ["/usr/bin/env", "SSL_CERT_FILE=\(ca)", "CURL_CA_BUNDLE="] : []
  var app: [ChildRun] = []
  var curl: [ChildRun] = []
  // The app's first refresh as the server saw it: how many requests each connection carried.
  var appLog: [FixtureServerStats.Request] = []
  for _ in 0..<runs {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-bench-\(UUID())")
    defer { try? FileManager.default.removeItem(at: cache) }
    guard
      let run = runChild(trust + [binary, "categories", "--json", "--api", api, "--cache-dir", cache.path]),
      run.status == 0
    else {
      print("\(label)failed: `ourplanet categories --json` did not succeed")
      return
    }
    app.append(run)
    if appLog.isEmpty { appLog = (try? server.stats().log) ?? [] }
    if let reference, let run = runChild(["/bin/sh", "-c", reference]) { curl.append(run) }
  }
  let maxInFlight = (try? server.stats().maxInFlightCategories).map(String.init) ?? "?"
  let appSeconds = median(app.map(\.seconds))
  let peaks = app.map(\.peakMegabytes)
  var line =
    "\(label)\(categories.count) categories, \(latency) ms latency: "
    + "\(format(appSeconds, 2)) s median (\(format(app.map(\.seconds).min() ?? 0, 2))–"
    + "\(format(app.map(\.seconds).max() ?? 0, 2)))"
  if !curl.isEmpty {
    let curlSeconds = median(curl.map(\.seconds))
    line +=
      ", curl \(format(curlSeconds, 2)) s (\(format(curl.map(\.seconds).min() ?? 0, 2))–"
      + "\(format(curl.map(\.seconds).max() ?? 0, 2))): \(format(appSeconds / curlSeconds, 2))x curl"
  } else {
    line += ", curl reference skipped (no curl)"
  }
  let connections = Set(appLog.compactMap(\.connection)).count
  line +=
    "; \(format(Double(appLog.count) / Double(max(1, connections)), 1)) requests per connection"
    + "; max \(maxInFlight) categories in flight; peak RSS \(format(median(peaks), 1)) MB median, "
    + "\(format(peaks.max() ?? 0, 1)) MB max (`ourplanet categories --json`)"
  print(line)
}

/// The curl reference as one shell command, or `nil` without curl and xargs.
private func curlReference(api: String, categories: [String], caBundle: String?) -> String? {
  let tools = ["/usr/bin/curl", "/usr/bin/xargs"]
  guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }), !categories.isEmpty else {
    return nil
  }
  let get = "/usr/bin/curl -s -o /dev/null" + (caBundle.map { " --cacert '\($0)'" } ?? "")
  let pair =
    "\(get) '\(api)/categories/{}?status=open&days=360' & "
    + "\(get) '\(api)/categories/{}?status=closed&days=360'; wait"
  return "\(get) '\(api)/categories' && printf '%s\\n' \(categories.joined(separator: " ")) "
    + "| /usr/bin/xargs -P 2 -I{} /bin/sh -c \"\(pair)\""
}

/// VmHWM from /proc/self/status: the peak resident set size.

// The naive models a first version would write: the baseline to beat.
private struct NaiveEnvelope: Decodable {
  let events: [NaiveEvent]
}

private struct NaiveEvent: Decodable {
  let id: String
  let title: String
  let description: String?
  let link: String
  let closed: String?
  let categories: [NaiveCategory]
  let sources: [NaiveSource]
  let geometry: [NaiveGeometry]
}

private struct NaiveCategory: Decodable {
  let id: String
  let title: String
}

private struct NaiveSource: Decodable {
  let id: String
  let url: String
}

private struct NaiveGeometry: Decodable {
  let magnitudeValue: Double?
  let magnitudeUnit: String?
  let date: Date
  let type: String
  let coordinates: [Double]
}
