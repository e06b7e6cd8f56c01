import Foundation

/// Finds the package's built executables from inside a test run.
///
/// `swift test` runs the test bundle from the build folder (`.build/<triple>/debug/`), and `make test`
/// builds every executable there first, so a product is a sibling of the running test binary.
package enum BuiltProducts {
  /// The path of the executable `name`: `$<NAME>_BINARY` (upper-cased, `-` as `_`) if set, else the
  /// sibling of the test binary or of a loaded bundle; `nil` when it has not been built.
  package static func path(of name: String) -> String? {
    let variable = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
    if let override = ProcessInfo.processInfo.environment[variable] { return override }
    var directories: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for directory in directories {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
    }
    return nil
  }
}
