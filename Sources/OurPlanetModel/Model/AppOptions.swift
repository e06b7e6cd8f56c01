import Dispatch
import EONETKit
import Foundation
import RxCore

/// How the interactive app starts.
public struct AppOptions: Sendable, Equatable {
  /// The days filter's first value.
  public var days: Int
  /// Show stored data only; never touch the network.
  public var offline: Bool
  /// Refresh by itself this often; `nil` for never.
  public var refreshInterval: RxTimeInterval?
  /// Only events in this region (`--near`, `--bbox`).
  public var region: Region?
  /// The events list's first order (`--sort`).
  public var sort: EventSort = .date
  /// The first status, magnitude, sources and marked categories (`--status`, `--min-magnitude`,
  /// `--max-magnitude`, `--source`); none by default.
  public var filters = ScopeFilters.none
  /// The config's `[[alert]]` rules: the lists and the map mark the events they match.
  public var alerts = AlertRules()
  /// The config's named places, which the UI offers as region filters.
  public var places: [Configuration.Place] = []
  /// Ring the terminal bell once when a live refresh brings a new or updated event in the days
  /// window and region (`--bell`).
  public var bell = false
  /// The category whose events open at start, once the catalog names it (the remembered one).
  public var category: String?
  /// Whether the map shows from the start (the remembered setting).
  public var mapShown = false
  /// Whether the detail shows the event's satellite image (`i`), as remembered.
  public var imageShown = false
  /// The config file the map's `f` saves places in (`nil`: none, as with `--no-config`).
  public var configFile: String?
  /// What the state folder remembers; the UI writes its changes over it.
  public var remembered = RememberedSettings()
  /// The end of the past range to show (`--from`/`--to`), `nil` for days up to now.
  public var rangeEnd: Date?
  /// EONET's magnitudes, the list the command line reads units against (its cached `/magnitudes`,
  /// else the bundled one): the filter form reads its bounds and unit against it too.
  public var magnitudeKinds: [EOMagnitudeKind] = []

  /// The slider's usual reach: a year of events.
  public static let standardDayRange = 1...360

  /// Options with the days filter at `days`.
  public init(
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
  public var dayRange: ClosedRange<Int> {
    Self.standardDayRange.lowerBound...max(Self.standardDayRange.upperBound, days)
  }
}
