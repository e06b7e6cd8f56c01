import Foundation
import Support

/// Undoes the folders FoundationNetworking creates as a side effect of making a URLSession.
///
/// Any `URLSessionConfiguration`, even an ephemeral one with no cookie storage and no cache, first
/// initialises `HTTPCookieStorage.shared` and `URLCache.shared`, which create
/// `~/.local/share/<bundle name>` and `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<program>`
/// (seen with strace and gdb on swift-corelibs-foundation 6.3). We keep no cookies and have our own
/// cache, and we write only to folders of our own and to files we are asked for, so what that made
/// and left empty goes again. Only folders that did not exist before and are still empty are removed
/// (`rmdir` refuses anything else), and never one of our own XDG folders: our cache may be made at
/// the same moment on another thread.
enum FoundationLeftovers {
  /// Runs `body` (which makes a URLSession) and removes the empty folders it left behind.
  static func removingEmptyFolders<Value>(
    environment: [String: String] = ProcessInfo.processInfo.environment, _ body: () -> Value
  ) -> Value {
    let roots = candidateRoots(environment: environment)
    let ours = Set(XDGFolder.allCases.map { $0.url(environment: environment).standardizedFileURL.path })
    let before = roots.map { root in (root, snapshot(of: root)) }
    let value = body()
    for (root, state) in before {
      switch state {
      case .existing(let entries):
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where !entries.contains(name) {
          removeEmptyTree(root.appendingPathComponent(name), keeping: ours)
        }
      case .missing(let firstMissing):
        removeEmptyTree(firstMissing, keeping: ours)
      }
    }
    return value
  }

  /// What a root looked like before: its entries, or the highest of its folders that was missing.
  private enum State {
    case existing(Set<String>)
    case missing(firstMissing: URL)
  }

  /// The data and cache homes, both the XDG variable's and the default under `HOME`.
  static func candidateRoots(environment: [String: String]) -> [URL] {
    // Foundation may follow the variable or not: both places are looked at.
    let home = XDGFolder.home(environment: environment)
    let roots = [("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache")].flatMap {
      variable, fallback in
      [
        XDGFolder.base(variable, default: fallback, environment: environment),
        home.appendingPathComponent(fallback, isDirectory: true),
      ]
    }
    var seen = Set<String>()
    return roots.filter { seen.insert($0.standardizedFileURL.path).inserted }
  }

  private static func snapshot(of root: URL) -> State {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) {
      return .existing(Set((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []))
    }
    // Walk up to the highest missing folder: all of it is new if it appears.
    var missing = root
    while true {
      let parent = missing.deletingLastPathComponent()
      if parent.path == missing.path || FileManager.default.fileExists(atPath: parent.path) { break }
      missing = parent
    }
    return .missing(firstMissing: missing)
  }

  /// Removes `folder` if it holds nothing but empty folders (depth first); leaves anything else,
  /// and the folders whose paths are in `kept`.
  private static func removeEmptyTree(_ folder: URL, keeping kept: Set<String>) {
    guard !kept.contains(folder.standardizedFileURL.path) else { return }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
    else { return }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      removeEmptyTree(folder.appendingPathComponent(name), keeping: kept)
    }
    _ = rmdir(folder.path)
  }
}
