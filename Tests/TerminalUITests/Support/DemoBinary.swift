import Foundation

/// Where the `TerminalUIDemo` executable is: `$TERMINALUI_DEMO`, else next to the test bundle
/// (`.build/<config>/debug/`), which `make test` builds before running the tests.
enum DemoBinary {
  static var path: String? {
    if let override = ProcessInfo.processInfo.environment["TERMINALUI_DEMO"] { return override }
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for directory in candidates {
      let demo = directory.appendingPathComponent("TerminalUIDemo")
      if FileManager.default.isExecutableFile(atPath: demo.path) { return demo.path }
    }
    return nil
  }
}
