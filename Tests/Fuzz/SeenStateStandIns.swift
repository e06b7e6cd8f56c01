// Stand-ins for names the seen-state fuzzer's sources use from files it does not compile (each would
// pull in much of the app). Nothing the fuzzer runs reads them.

/// `StateFile.isStateFileName` lists the remembered-settings file by this name; the real one is
/// `RememberedSettings` in Sources/OurPlanetModel/Settings, which needs the whole configuration.
enum RememberedSettings {
  static let fileName = "(not used by the fuzzer)"
}
