import Foundation
import TestSupport
import Testing

/// The app writes only to its own cache and state folders (and to files it is asked for): nothing
/// Foundation would create as a side effect (a cookie folder under `~/.local/share`, a URL cache
/// under `~/.cache`) is left behind.
@Suite("Files the app leaves", .serialized, .tags(.spawnsProcess))
struct FootprintEndToEndTests {
  /// Every path under `home`, relative to it.
  private func everything(under home: URL) -> [String] {
    let prefix = home.standardizedFileURL.path + "/"
    let walker = FileManager.default.enumerator(atPath: home.path)
    var paths: [String] = []
    while let relative = walker?.nextObject() as? String { paths.append(relative) }
    return paths.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }.sorted()
  }

  /// Only our own folders, their parents and what is inside them.
  private func isOurs(_ path: String) -> Bool {
    let ours = [".cache/ourplanet", ".local/state/ourplanet"]
    return [".cache", ".local", ".local/state"].contains(path)
      || ours.contains { path == $0 || path.hasPrefix($0 + "/") }
  }

  private func runInEmptyHome(_ arguments: [String], environment extra: [String: String] = [:]) throws
    -> (run: CommandRun, paths: [String])
  {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let home = try TemporaryDirectory()
    defer { home.remove() }
    // No XDG variables: everything is under HOME, where Foundation's defaults would go too.
    let run = try CommandRun.run(
      [binary] + arguments, in: home.url,
      environment: ["HOME": home.url.path, "PATH": "/usr/bin:/bin"].merging(extra) { $1 })
    return (run, everything(under: home.url))
  }

  @Test(
    "offline, over http:// and over https://, nothing is written outside our cache and state folders",
    arguments: [
      ["categories", "--offline"], ["events", "all", "--offline", "--json"],
      ["events", "wildfires", "--offline", "--format", "csv"],
    ])
  func offlineRunsLeaveOnlyOurFolders(arguments: [String]) throws {
    let (run, paths) = try runInEmptyHome(arguments)
    #expect(run.status == 0, "\(run)")
    #expect(paths.filter { !isOurs($0) } == [], "left behind: \(paths)")
  }

  @Test("a run over http:// leaves only our folders")
  func plainHTTPLeavesOnlyOurFolders() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let server = try FixtureServer(
      fixtures: FixtureAPI.standard(in: temporary.url).directory, idleTimeout: 120)
    defer { server.stop() }
    let (run, paths) = try runInEmptyHome(["categories", "--api", server.baseURL.absoluteString])
    #expect(run.status == 0, "\(run)")
    #expect(paths.contains(".cache/ourplanet"), "the download should be cached: \(paths)")
    #expect(paths.filter { !isOurs($0) } == [], "left behind: \(paths)")
  }

  @Test("a run over https:// leaves only our folders")
  func secureHTTPLeavesOnlyOurFolders() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let server = try FixtureServer(
      fixtures: FixtureAPI.standard(in: temporary.url).directory, idleTimeout: 120, tls: true)
    defer { server.stop() }
    let (run, paths) = try runInEmptyHome(
      ["categories", "--api", server.baseURL.absoluteString],
      environment: ["SSL_CERT_FILE": FixtureServer.caBundle.path])
    #expect(run.status == 0, "\(run)")
    #expect(paths.contains(".cache/ourplanet"), "the download should be cached: \(paths)")
    #expect(paths.filter { !isOurs($0) } == [], "left behind: \(paths)")
  }
}
