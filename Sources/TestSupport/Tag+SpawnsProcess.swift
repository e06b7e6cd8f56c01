public import Testing

extension Tag {
  /// A suite or test that starts a child process: the fixture server, the `ourplanet` binary, tmux,
  /// python, a helper program.
  ///
  /// ThreadSanitizer watches the test runner, not the child, and a fork under it is slow; so the
  /// instrumented run (`make test-instrumented`, `make test-tsan`) leaves these out, and the plain
  /// `make test` runs them. Tag the suite when every test in it spawns, else the test.
  ///
  /// ```swift
  /// @Suite("CurlTransport contract", .tags(.spawnsProcess))
  /// ```
  @Tag public static var spawnsProcess: Self
}
