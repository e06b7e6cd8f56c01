import Dispatch
import EONETKit
import Foundation
import RxCore

/// How the interactive app starts.
package struct AppOptions: Sendable, Equatable {
  /// The days filter's first value.
  package var days: Int
  /// Show stored data only; never touch the network.
  package var offline: Bool
  /// Refresh by itself this often; `nil` for never.
  package var refreshInterval: RxTimeInterval?
  /// Only events in this region (`--near`, `--bbox`).
  package var region: Region?
  /// The events list's first order (`--sort`).
  package var sort: EventSort = .date
  /// The first status, magnitude, sources and marked categories (`--status`, `--min-magnitude`,
  /// `--max-magnitude`, `--source`); none by default.
  package var filters = ScopeFilters.none
  /// The config's `[[alert]]` rules: the lists and the map mark the events they match.
  package var alerts = AlertRules()
  /// The config's named places, which the UI offers as region filters.
  package var places: [Configuration.Place] = []
  /// Ring the terminal bell once when a live refresh brings a new or updated event in the days
  /// window and region (`--bell`).
  package var bell = false
  /// The category whose events open at start, once the catalog names it (the remembered one).
  package var category: String?
  /// Whether the map shows from the start (the remembered setting).
  package var mapShown = false
  /// Whether the detail shows the event's satellite image (`i`), as remembered.
  package var imageShown = false
  /// The config file the map's `f` saves places in (`nil`: none, as with `--no-config`).
  package var configFile: String?
  /// What the state folder remembers; the UI writes its changes over it.
  package var remembered = RememberedSettings()
  /// The end of the past range to show (`--from`/`--to`), `nil` for days up to now.
  package var rangeEnd: Date?
  /// EONET's magnitudes, the list the command line reads units against (its cached `/magnitudes`,
  /// else the bundled one): the filter form reads its bounds and unit against it too.
  package var magnitudeKinds: [EOMagnitudeKind] = []

  /// The slider's usual reach: a year of events.
  package static let standardDayRange = 1...360

  /// Options with the days filter at `days`.
  package init(
    days: Int = 30, offline: Bool = false, refreshInterval: RxTimeInterval? = nil, region: Region? = nil,
    sort: EventSort = .date
  ) {
    self.days = max(1, days)
    self.offline = offline
    self.refreshInterval = refreshInterval
    self.region = region
    self.sort = sort
  }

  /// The days slider's bounds: a year, or further when `--days` asks for more (the downloads cover
  /// the whole range, so the slider filters locally).
  package var dayRange: ClosedRange<Int> {
    Self.standardDayRange.lowerBound...max(Self.standardDayRange.upperBound, days)
  }
}
