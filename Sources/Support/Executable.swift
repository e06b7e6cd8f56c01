import Foundation

/// Finds a program the way a shell does: a name with a slash is a path, any other name is looked up
/// in each folder of `PATH` in order.
package enum Executable {
  /// The `PATH` used when the environment has none (what `execvp` falls back to, plus /usr/local).
  package static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

  /// `name` as a path, or the first executable file called `name` on `PATH`; `nil` when there is none.
  ///
  /// Empty `PATH` entries are skipped rather than read as the current folder: a program the app
  /// starts on its own should never come from wherever it was started.
  ///
  /// - Parameters:
  ///   - name: A program name (`xdg-open`) or a path (`./notify.sh`).
  ///   - environment: The process environment (injectable for tests).
  package static func find(
    _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    guard !name.isEmpty else { return nil }
    if name.contains("/") {
      return isExecutableFile(name) ? URL(fileURLWithPath: name) : nil
    }
    let path = environment["PATH"] ?? defaultSearchPath
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = URL(fileURLWithPath: String(folder), isDirectory: true).appendingPathComponent(name)
      if isExecutableFile(candidate.path) { return candidate }
    }
    return nil
  }

  /// A regular file (after links) that this user may run; a folder with its x bit is not one.
  private static func isExecutableFile(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
      && FileManager.default.isExecutableFile(atPath: path)
  }
}
