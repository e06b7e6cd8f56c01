package import Testing

extension Tag {
  /// A suite or test that starts a child process: the fixture server, the `ourplanet` binary, tmux,
  /// python, a helper program.
  ///
  /// ThreadSanitizer watches the test runner, not the child, and a fork under it is slow; so the
  /// instrumented run (`make test-instrumented`, `make test-tsan`) leaves these out, and the plain
  /// `make test` runs them. Tag the suite when every test in it spawns, else the test. Leave untagged
  /// a test whose threads under test run in the runner and only talk to a child (the curl transport's
  /// contract against the fixture server): that is what ThreadSanitizer is for.
  ///
  /// ```swift
  /// @Suite("ourplanet watch alerts, end to end", .tags(.spawnsProcess))
  /// ```
  @Tag package static var spawnsProcess: Self
}
