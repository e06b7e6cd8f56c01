import EONETKit
import OurPlanetModel
import RxCore

extension AppShell {
  /// The config's places, to filter by one.
  func openPlaces() {
    let places = context.places
    guard !places.isEmpty else {
      context.say("No places: name some in the config's [places] (see man ourplanet)")
      return
    }
    overlay = PlacePicker(places: places, closeKeys: keymap.keys(for: .places), theme: context.theme) {
      [unowned self] place in
      context.region.accept(place.region)
      context.say("Only events \(place.region.label) (\(place.name)); F clears the region")
    }
  }

  /// The map's `f` set `region`: a line for a name saves it as a place of `file`, off the main
  /// thread; the place is in `p` at once and in `--near NAME` from the next run.
  func offerToSave(_ region: Region, in file: String) {
    overlay = PlaceNamePrompt(taken: context.places.map(\.name), theme: context.theme) {
      [unowned self] name in
      context.say("Saving '\(name)' in \(file)…")
      let main = context.mainScheduler
      let messages = context.messages
      _ = context.exportScheduler.schedule(()) { [weak self] _ in
        let outcome = Result { () throws(ConfigurationError) in
          try PlaceWriter.save(name: name, region: region, to: file)
        }
        _ = main.schedule(()) { _ in
          self?.placeSaved(outcome, file: file)
          return Disposables.create()
        }
        if case .failure(let error) = outcome { messages.post("The place was not saved: \(error)") }
        return Disposables.create()
      }
    }
  }

  /// What saving a place came to: the place joins `p` and becomes the region filter (rounded as
  /// the file has it), or the failure is said.
  private func placeSaved(_ outcome: Result<Configuration.Place, ConfigurationError>, file: String) {
    switch outcome {
    case .success(let place):
      context.places.append(place)
      context.region.accept(place.region)
      context.say(
        "Saved place '\(place.name)' in \(file):\(place.line): p lists it, --near \(place.name) takes it")
    case .failure(let error):
      context.say("The place was not saved: \(error)", isError: true)
    }
    rememberChanges()
  }
}
