import TestSupport

/// Where the `TerminalUIDemo` executable is: `$TERMINALUIDEMO_BINARY`, else next to the test bundle,
/// which `make test` builds before running the tests.
enum DemoBinary {
  static var path: String? { BuiltProducts.path(of: "TerminalUIDemo") }
}
