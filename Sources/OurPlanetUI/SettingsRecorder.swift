import OurPlanetModel

/// Writes the settings a key changed, and only those, over what the state folder remembers: a
/// setting the command line set stays as the file had it unless the user changes it in the UI.
///
/// ```swift
/// var recorder = SettingsRecorder(memory: memory, remembered: options.remembered)
/// recorder.start(from: shownNow)
/// recorder.record(shownAfterTheKey)  // writes the days only if the key changed the days
/// ```
struct SettingsRecorder {
  /// Where the settings go (`nil`: nowhere, as in tests).
  private let memory: SettingsMemory?
  /// What the state folder holds, with this run's changes over it.
  private var remembered: RememberedSettings
  /// The settings as they stood after the last key: a key that changes one is remembered.
  private var shown = RememberedSettings()

  init(memory: SettingsMemory?, remembered: RememberedSettings) {
    self.memory = memory
    self.remembered = remembered
  }

  /// Takes `settings` as what the screens show before any key, remembering none of it.
  mutating func start(from settings: RememberedSettings) {
    shown = settings
  }

  /// Remembers each setting that differs in `now` from what was shown last.
  mutating func record(_ now: RememberedSettings) {
    guard now != shown else { return }
    if now.days != shown.days { remembered.days = now.days }
    if now.sort != shown.sort { remembered.sort = now.sort }
    if now.region != shown.region { remembered.region = now.region }
    if now.category != shown.category { remembered.category = now.category }
    if now.map != shown.map { remembered.map = now.map }
    if now.image != shown.image { remembered.image = now.image }
    shown = now
    memory?.remember(remembered)
  }
}
