import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import TerminalUI

/// Everything the command line says, shared by the UI and the script commands.
///
/// Each option property is set by its entry in ``declarations``, which also gives its names, help
/// and the commands that take it.
struct Options: Equatable {
  /// What to run.
  enum Command: Equatable {
    /// The terminal UI (no subcommand).
    case interactive
    /// `ourplanet categories`.
    case categories
    /// `ourplanet events <category-id>`.
    case events(categoryID: String)
    /// `ourplanet sources`.
    case sources
    /// `ourplanet watch`.
    case watch
    /// `ourplanet manual` (not in the help): prints the manual page's roff source.
    case manual
    /// `ourplanet docs commands|keys|environment` (not in the help): prints a table of the README.
    case docs(Manual.ReadmeTable)
    /// `ourplanet config`: prints every setting in force and where it came from.
    case config
    /// `ourplanet completions bash|zsh|fish|places|categories`: a completion script, or the words
    /// the scripts ask for.
    case completions(CompletionsCommand.Subject)
    /// `ourplanet image <event-id> --output FILE.png`: an event's satellite image, as served.
    case image(eventID: String)

    /// Whether this is `events`.
    var isEvents: Bool {
      if case .events = self { return true }
      return false
    }

    /// Which command this is, as option declarations name it; `nil` for `manual`, `docs`, `config`
    /// and `completions`, which take any option (`manual` and `docs` ignore them, `config` shows them,
    /// `completions places` reads `--config`).
    var name: CommandName? {
      switch self {
      case .interactive: .interactive
      case .categories: .categories
      case .events: .events
      case .sources: .sources
      case .watch: .watch
      case .image: .image
      case .manual, .docs, .config, .completions: nil
      }
    }
  }

  /// The commands an option may be declared for (``OptionDeclaration/commands``).
  enum CommandName: String, CaseIterable, Sendable {
    case interactive, categories, events, sources, watch, image

    /// The command as a message names it: `the terminal UI`, `'watch'`.
    var described: String {
      self == .interactive ? "the terminal UI" : "'\(rawValue)'"
    }
  }

  /// Default for `--days`.
  static let defaultDays = 360

  var command: Command = .interactive
  /// `--json` or `--format json`: machine-readable output (script commands only).
  var json = false
  /// `--format json|csv|geojson` (`nil`: text).
  var format: EventExport.Format?
  /// `--api URL`, else `$OURPLANET_API`, else the public API.
  var api: URL?
  /// `--days N`.
  var days: Int = defaultDays
  /// `--cache-dir DIR`.
  var cacheDirectory: URL?
  /// `--cache-limit MB`: the cache's size limit, in megabytes.
  var cacheLimit = CacheSweep.defaultLimit >> 20
  /// `--offline`: cache, else the bundled snapshot; no network.
  var offline = false
  /// `--no-mouse`: leave the mouse to the terminal.
  var noMouse = false
  /// `--no-color` or a non-empty `NO_COLOR`.
  var noColor = false
  /// `--theme NAME`: the UI's colours (``drawingTheme(terminal:)`` is what it draws with).
  var theme = Theme.dark
  /// `--utc`: times in UTC rather than the local zone.
  var utc = false
  /// `--log FILE` (the UI's log).
  var logFile: URL?
  /// `--near LAT,LON[,KM]|PLACE` or `--bbox MINLON,MINLAT,MAXLON,MAXLAT|PLACE`.
  var region: Region?
  /// What the commands list and count: the window, the region, the status, magnitudes and sources,
  /// as one scope (the one place the command line's filters meet).
  var scope: EventScope {
    var scope = EventScope(days: days, region: region, status: status)
    scope.window = window
    scope.minimumMagnitude = minimumMagnitude
    scope.maximumMagnitude = maximumMagnitude
    scope.magnitudeUnit = magnitudeUnit
    scope.sources = sources.map(Set.init)
    return scope
  }
  /// `--from DATE`: the first day of a past range (the start of that UTC day).
  var from: Date?
  /// `--to DATE`: its last day (default: today).
  var to: Date?
  /// `--status open|closed|all`.
  var status = EventStatus.all
  /// `--min-magnitude N[UNIT]`.
  var minimumMagnitude: Double?
  /// `--max-magnitude N[UNIT]`.
  var maximumMagnitude: Double?
  /// The unit the magnitude bounds named (`acres`), if either did.
  var magnitudeUnit: String?
  /// `--source ID[,ID…]`, as EONET spells the ids.
  var sources: [String]?
  /// The clock's today for tests; `nil`: the real clock.
  var clock: Date?
  /// EONET's magnitude ids by unit, for the requests' `magID`: read only when a bound names a unit
  /// (the lists are files; a run without a magnitude filter never reads them).
  var magnitudeIDs: [String: String] {
    guard magnitudeUnit != nil else { return [:] }
    return Dictionary(KnownLists.in(cacheDirectory).magnitudes.map { ($0.unit, $0.id) }) { first, _ in first }
  }
  /// The region as it was given, for `ourplanet config`.
  var regionText: RegionText?
  /// `--sort date|magnitude|title|distance`.
  var sort: EventSort = .date
  /// `--refresh-interval D` in seconds: the UI's automatic refresh; `nil` for `off`.
  var refreshInterval: Int? = 600
  /// `--interval D` in seconds: how often `watch` looks.
  var interval = 600
  /// `--bell`: `watch` rings for each change, the UI once per refresh that brings one.
  var bell = false
  /// `--exec CMD ARG...`: what `watch` runs for each change.
  var exec: [String]?
  /// `--exec-timeout D` in seconds: how long an `--exec` program may run.
  var execTimeout = 30
  /// `--exec-quiet`: the `--exec` program's output goes to /dev/null rather than stderr.
  var execQuiet = false
  /// `--alerts-only`: `watch` tells only the changes a rule matches.
  var alertsOnly = false
  /// The config file's `[[alert]]` rules, validated.
  var alerts = AlertRules()
  /// `--help`.
  var help = false
  /// `--version`.
  var version = false
  /// `--config FILE`: the config file instead of the default one.
  var configFile: String?
  /// `--no-config`: no config file at all.
  var noConfig = false
  /// `--imagery URL`: the WMS endpoint of the satellite images (`nil`: GIBS's).
  var imagery: URL?
  /// `--imagery off`: no satellite images at all.
  var imageryOff = false
  /// `image --layer`: the WMS layer (`nil`: true colour).
  var layer: String?
  /// `image --date`: the day, `YYYY-MM-DD` (`nil`: the event's latest report's).
  var imageDate: String?
  /// `image --output`: where the PNG goes.
  var output: String?
  /// The config file in force, which may not exist yet (`--config FILE`, else the default one;
  /// `nil` with `--no-config`): where the map's `f` saves places.
  var configurationPath: String?
  /// The config file's settings, places, keys and alert rules (``Configuration/none`` without one).
  var configuration = Configuration.none
  /// The keys of the terminal UI: the declared ones, with the config's `[keys]` over them.
  var keymap = Keymap.standard
  /// Where each setting came from, by config key; a key that is not here has its default.
  var origins: [String: SettingOrigin] = [:]
  /// `--fresh`: the terminal UI starts from the config and the defaults, not from what it
  /// remembered.
  var fresh = false
  /// What the terminal UI remembered (read with `--fresh` too: what this run changes is written
  /// over it, the rest kept).
  var remembered = RememberedSettings()
  /// The file it is in, or `nil` when the environment names no state folder.
  var rememberedFile: String?
  /// What was wrong with it, for the UI's messages.
  var rememberedProblems: [String] = []

  /// A region as `--near` or `--bbox` (or their config keys) gave it: coordinates or a place name.
  struct RegionText: Equatable {
    /// The words given (`home`, `30.3,-97.7,400`).
    var text: String
    /// Whether `--bbox` gave it.
    var box: Bool
  }
}

extension Options {
  /// The theme the UI draws with: `mono` when colours are off (`--no-color`, a non-empty
  /// `NO_COLOR`) or the terminal is `dumb`, whatever `--theme` says; else `--theme`'s.
  ///
  /// - Parameter terminal: `$TERM`.
  func drawingTheme(terminal: String?) -> Theme {
    noColor || terminal == "dumb" ? .mono : theme
  }
}
