import EONETKit
import Foundation
import RxCore
import TestSupport

/// EONETKit's benchmarks: decoding speed against a plain `JSONDecoder`, and a full refresh over
/// loopback HTTP. One line per case.
func runEONETBenchmarks() {
  let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let dump = repository.deletingLastPathComponent()
    .appendingPathComponent("shared/data/eonet/v3/events-open-all-2025-11.json")
  if let data = try? Data(contentsOf: dump) {
    benchmarkDecoding(data)
  } else {
    print("eonet.decode        skipped: \(dump.path) not found")
  }
  benchmarkRefresh(repository: repository)
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
  print(
    "eonet.decode        \(format(megabytes, 2)) MB, \(events) events: \(format(ours * 1000, 1)) ms, "
      + "\(format(megabytes / ours, 0)) MB/s, \(format(Double(events) / ours, 0)) events/s "
      + "(JSONDecoder: \(format(baseline * 1000, 1)) ms, \(format(megabytes / baseline, 0)) MB/s, "
      + "\(baselineEvents) events; \(format(baseline / ours, 1))x faster)")
}

private func benchmarkRefresh(repository: URL) {
  let fixtures = repository.appendingPathComponent("Resources/eonet")
  let latency = 100
  let server: FixtureServer
  do {
    server = try FixtureServer(fixtures: fixtures, latencyMilliseconds: latency)
  } catch {
    print("eonet.refresh       skipped: \(error)")
    return
  }
  defer { server.stop() }
  let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
    "ourplanet-bench-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: cache) }
  let configuration = EONETClient.Configuration(
    baseURL: server.baseURL, cacheDirectory: cache)
  let client = EONETClient(configuration: configuration)
  let done = DispatchSemaphore(value: 0)
  let outcome = RefreshOutcome()
  let start = DispatchTime.now().uptimeNanoseconds
  let subscription = client.refresh(forLast: 36_500).subscribe(
    onNext: { outcome.add($0) },
    onError: { error in
      outcome.error = error
      done.signal()
    },
    onCompleted: { done.signal() })
  _ = done.wait(timeout: .now() + 60)
  subscription.dispose()
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  guard outcome.error == nil else {
    print("eonet.refresh       failed: \(String(describing: outcome.error))")
    return
  }
  let maxInFlight = (try? server.stats().maxInFlightCategories).map(String.init) ?? "?"
  let peak = peakResidentMegabytes().map { format($0, 1) } ?? "?"
  let rounds = (outcome.categories + 1) / 2
  let ideal = Double((rounds + 1) * latency) / 1000
  print(
    "eonet.refresh       \(outcome.categories) categories, \(outcome.events) events, \(latency) ms latency: "
      + "\(format(seconds, 2)) s (ideal \(format(ideal, 2)) s = categories + \(rounds) rounds of 2), "
      + "failed \(outcome.failures), max \(maxInFlight) categories in flight, peak RSS \(peak) MB")
}

/// What the refresh delivered, written on a background thread before `done` signals.
private final class RefreshOutcome: @unchecked Sendable {
  // @unchecked: written before the semaphore signals, read after it: the semaphore orders them.
  var categories = 0
  var events = 0
  var failures = 0
  var error: (any Error)?

  func add(_ update: EORefreshUpdate) {
    switch update {
    case .listed(let list): categories = list.count
    case .loaded(_, let fetched): events += fetched.value.count
    case .failed: failures += 1
    case .started: break
    }
  }
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
