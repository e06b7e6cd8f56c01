/// One environment variable `ourplanet` reads, declared once: its name, what it does, and, for one
/// that stands for an option, how its value is stored.
///
/// The parser applies ``EnvironmentVariable/all``'s settings; the manual page, `--help` and the
/// README's environment table (`make docs`) print its names and summaries, so none of them can
/// know a variable the others do not.
///
/// ```swift
/// EnvironmentVariable(
///   "NO_COLOR", summary: "when set and not empty, no colours",
///   setting: Setting(key: "no-color") { options, _, _ in options.noColor = true })
/// ```
struct EnvironmentVariable: Sendable {
  /// What a variable sets when the command line does not give its option: the option's key, and
  /// how the (non-empty) value is stored (the value, then the variable's name for messages). It
  /// overrides the config file.
  struct Setting: Sendable {
    var key: String
    var apply: @Sendable (inout Options, String, String) throws(UsageError) -> Void
  }

  /// The variable (`OURPLANET_API`).
  var name: String
  /// What it does (backticks mark literals, as in the manual).
  var summary: String
  /// The option it stands for, if it stands for one.
  var setting: Setting?

  init(_ name: String, summary: String, setting: Setting? = nil) {
    self.name = name
    self.summary = summary
    self.setting = setting
  }
}
