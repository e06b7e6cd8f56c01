// `make bench` (release build): one line per case. `make bench ARGS="rx"` runs one suite.
let suites: [(name: String, run: () -> Void)] = [
  ("rx", { runRxBenchmarks() }),
  ("eonet", { runEONETBenchmarks() }),
  ("terminal", { runTerminalUIBenchmarks() }),
  (
    "app",
    {
      runAppBenchmarks()
      runAppLaunchBenchmark()
      runRefreshMemoryBenchmark()
    }
  ),
  ("map", { runMapBenchmarks() }),
  ("imagery", { runImageryBenchmarks() }),
  ("safety", { runNetworkWaitBenchmarks() }),
  // The filter change on All alone: `make bench ARGS=filter`.
  ("filter", { runFilterBenchmarks() }),
  // One case on its own: `make bench ARGS=refresh-memory` (about a minute).
  ("refresh-memory", { runRefreshMemoryBenchmark() }),
]

let selected = Set(CommandLine.arguments.dropFirst())
for suite in suites where selected.isEmpty || selected.contains(suite.name) {
  print("# \(suite.name)")
  suite.run()
}
