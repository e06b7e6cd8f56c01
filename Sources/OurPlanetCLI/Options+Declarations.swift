// Declaration table: every command-line option, one entry each (their value parsers are in
// Options+Values.swift).
import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import Support
import TerminalUI

extension Options {
  /// Every command-line option, in the order `--help` and the manual page list them.
  ///
  /// The one place an option exists: ``CommandLineParser`` looks names up here and stores values
  /// through each declaration, and the help and the page print ``OptionDeclaration/label`` and
  /// ``OptionDeclaration/summary`` from here. A new option is a property of ``Options`` and an entry
  /// here; its `example` is parsed by the tests.
  static let declarations: [OptionDeclaration] = [
    OptionDeclaration(
      names: ["--api"],
      value: .one("URL") { options, text throws(UsageError) in options.api = try apiURL(text, from: "--api")
      },
      summary: """
        the EONET API root (default `$OURPLANET_API`, else \
        `\(EONETClient.Configuration.defaultBaseURL.absoluteString)`)
        """,
      example: ["--api", "http://127.0.0.1:8080/api/v3"],
      current: { .string(($0.api ?? EONETClient.Configuration.defaultBaseURL).absoluteString) }),
    OptionDeclaration(
      names: ["--days"],
      value: .one("N") { options, text throws(UsageError) in options.days = try days(text) },
      summary:
        "only events of the last N days, \(EventWindow.dayRange.lowerBound) to \(EventWindow.dayRange.upperBound) (default \(Options.defaultDays))",
      example: ["--days", "30"], current: { .integer($0.days) }),
    OptionDeclaration(
      names: ["--from"],
      value: .one("DATE") { options, text throws(UsageError) in options.from = try day(text, for: "--from") },
      summary: """
        only events of the range from DATE (YYYY-MM-DD, UTC) to `--to`: EONET's history, such as a \
        past season; the UI's slider then moves within it
        """,
      example: ["--from", "2024-06-01"], group: "range",
      current: { $0.from.map { .string(EventWindow.dayText($0)) } }),
    OptionDeclaration(
      names: ["--to"],
      value: .one("DATE") { options, text throws(UsageError) in options.to = try day(text, for: "--to") },
      summary: "the last day of the `--from` range (default today); alone, the `--days` days ending that day",
      example: ["--to", "2024-11-30"], group: "range",
      current: { $0.to.map { .string(EventWindow.dayText($0)) } }),
    OptionDeclaration(
      names: ["--status"],
      value: .one("STATUS") { options, text throws(UsageError) in
        do {
          options.status = try EventStatus(parsing: text)
        } catch {
          throw UsageError("--status: \(error)")
        }
      },
      summary: "only `open` events, only `closed` ones, or `all` (the default: both, each event once)",
      completion: .oneOf(EventStatus.words),
      example: ["--status", "open"],
      current: { .string($0.status.rawValue) }),
    OptionDeclaration(
      names: ["--min-magnitude"],
      value: .one("N[UNIT]") { options, text throws(UsageError) in
        try setMagnitude(&options, text, option: "--min-magnitude") { $0.minimumMagnitude = $1 }
      },
      summary: """
        only events whose latest magnitude is at least N, in UNIT as EONET names it (`acres`, `ha`, \
        `kts`, `NM^2` or `NM²`; `1000acres`), acres and hectares reading each other; without a unit, in \
        each event's own. Events without a magnitude are left out
        """,
      example: ["--min-magnitude", "1000acres"], group: "magnitude",
      current: { options in
        options.minimumMagnitude.map { .string(EventQuery.numberText($0) + (options.magnitudeUnit ?? "")) }
      }),
    OptionDeclaration(
      names: ["--max-magnitude"],
      value: .one("N[UNIT]") { options, text throws(UsageError) in
        try setMagnitude(&options, text, option: "--max-magnitude") { $0.maximumMagnitude = $1 }
      },
      summary: "only events whose latest magnitude is at most N (as `--min-magnitude`)",
      example: ["--max-magnitude", "100kts"], group: "magnitude",
      current: { options in
        options.maximumMagnitude.map { .string(EventQuery.numberText($0) + (options.magnitudeUnit ?? "")) }
      }),
    OptionDeclaration(
      names: ["--source"],
      value: .one("ID[,ID...]") { options, text throws(UsageError) in
        options.sources = try sources(text, known: KnownLists.in(options.cacheDirectory).sources)
      },
      summary:
        "only events reported by one of these EONET sources (`InciWeb,IRWIN`; `ourplanet sources` lists them)",
      completion: .sources, example: ["--source", "InciWeb,IRWIN"],
      current: { $0.sources.map { .string($0.joined(separator: ",")) } }),
    OptionDeclaration(
      names: ["--cache-dir"],
      value: .one("DIR") { options, text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--cache-dir needs a folder") }
        options.cacheDirectory = URL(fileURLWithPath: text, isDirectory: true)
      },
      summary: "the cache folder (default `$XDG_CACHE_HOME/ourplanet`, else `~/.cache/ourplanet`)",
      completion: .directory,
      example: ["--cache-dir", "/tmp/ourplanet-cache"],
      current: { .string(($0.cacheDirectory ?? EONETCache.defaultDirectory()).path) }),
    OptionDeclaration(
      names: ["--cache-limit"],
      value: .one("MB") { options, text throws(UsageError) in
        guard text.allSatisfy(\.isASCII), let megabytes = Int(text), (1...1_000_000).contains(megabytes)
        else {
          throw UsageError("--cache-limit: '\(text)' is not a whole number of megabytes from 1 to 1000000")
        }
        options.cacheLimit = megabytes
      },
      summary: """
        keep the cache under MB megabytes (default \(CacheSweep.defaultLimit >> 20)): each start removes \
        the ranges and filters asked longest ago, never one a running instance uses
        """,
      example: ["--cache-limit", "500"], current: { .integer($0.cacheLimit) }),
    OptionDeclaration(
      names: ["--offline"], value: .flag { $0.offline = true },
      summary: "no network: the cache, else the bundled snapshot", example: ["--offline"],
      current: { .boolean($0.offline) }),
    OptionDeclaration(
      names: ["--near"],
      value: .one("LAT,LON[,KM]|PLACE") { options, text throws(UsageError) in
        try setRegion(&options, text, from: "--near") { () throws(RegionError) in
          try Region.near(parsing: text)
        }
      },
      summary: """
        only events within KM km (default 500) of a point, by great-circle distance, or in a place \
        of the config's `[places]`
        """,
      completion: .place,
      example: ["--near", "30.3,-97.7,400"], group: "region",
      current: { $0.regionText.flatMap { $0.box ? nil : .string($0.text) } }),
    OptionDeclaration(
      names: ["--bbox"],
      value: .one("MINLON,MINLAT,MAXLON,MAXLAT|PLACE") { options, text throws(UsageError) in
        try setRegion(&options, text, from: "--bbox") { () throws(RegionError) in
          try Region.box(parsing: text)
        }
      },
      summary: """
        only events inside a box (GeoJSON order; MINLON above MAXLON crosses the antimeridian), or in \
        a place of the config's `[places]`
        """,
      completion: .place,
      example: ["--bbox", "170,-50,-170,-10"], group: "region",
      current: { $0.regionText.flatMap { $0.box ? .string($0.text) : nil } }),
    OptionDeclaration(
      names: ["--sort"],
      value: .one("ORDER") { options, text throws(UsageError) in
        guard let sort = EventSort(rawValue: text.lowercased()) else {
          throw UsageError("--sort: '\(text)' is not one of \(words(EventSort.allCases))")
        }
        options.sort = sort
      },
      summary: "`date` (newest first, the default), `magnitude`, `title`, or `distance` (needs `--near`)",
      commands: [.interactive, .events],
      completion: .oneOf(EventSort.allCases.map(\.rawValue)),
      example: ["--sort", "magnitude"], current: { .string($0.sort.rawValue) }),
    OptionDeclaration(
      names: ["--json"], value: .flag { $0.json = true },
      summary: "machine-readable output (`categories`, `events`, `sources`, `watch`)",
      commands: [.categories, .events, .sources, .watch], example: ["--json"], group: "format",
      current: { .boolean($0.json) }),
    OptionDeclaration(
      names: ["--format"],
      value: .one("FORMAT") { options, text throws(UsageError) in
        guard let format = EventExport.Format(rawValue: text.lowercased()) else {
          throw UsageError("--format: '\(text)' is not one of \(words(EventExport.Format.allCases))")
        }
        options.format = format
      },
      summary: "`events` output: `json` (as `--json`), `csv` (RFC 4180) or `geojson` (a FeatureCollection)",
      // `categories`, `sources` and `watch` take `--format json` as `--json`; the parser refuses the
      // others there.
      commands: [.categories, .events, .sources, .watch], offeredTo: [.events],
      completion: .oneOf(EventExport.Format.allCases.map(\.rawValue)),
      example: ["--format", "csv"], group: "format", current: { $0.format.map { .string($0.rawValue) } }),
    OptionDeclaration(
      names: ["--refresh-interval"],
      value: .one("D") { options, text throws(UsageError) in
        options.refreshInterval = text == "off" ? nil : try duration(text, for: "--refresh-interval")
      },
      summary: "the terminal UI refreshes by itself every D (default 10m; `off` never)",
      commands: [.interactive], completion: .oneOf(["off"]),
      example: ["--refresh-interval", "1h"],
      current: { .string($0.refreshInterval.map(durationText) ?? "off") }),
    OptionDeclaration(
      names: ["--interval"],
      value: .one("D") { options, text throws(UsageError) in
        options.interval = try duration(text, for: "--interval")
      },
      summary: "`watch` looks every D (default 10m, at least 1s)",
      commands: [.watch], example: ["--interval", "5m"], current: { .string(durationText($0.interval)) }),
    OptionDeclaration(
      names: ["--bell"], value: .flag { $0.bell = true },
      summary: """
        ring the terminal bell: `watch` for each change, the terminal UI once for a live refresh that \
        brings a new or updated event in the days window and region
        """,
      commands: [.watch, .interactive], example: ["--bell"],
      current: { .boolean($0.bell) }),
    OptionDeclaration(
      names: ["--exec"],
      value: .rest("CMD [ARG...]") { options, words throws(UsageError) in
        guard let program = words.first, !program.isEmpty else {
          throw UsageError("--exec needs a program to run")
        }
        options.exec = words
      },
      summary:
        "`watch` runs CMD for each change (no shell); the rest of the line is its arguments, where "
        + "`{change}`, `{id}`, `{title}`, `{summary}` and `{details}` become the change's text, each one whole argument",
      commands: [.watch], completion: .executable,
      example: ["--exec", "notify-send", "--", "{summary}", "{details}"],
      current: { $0.exec.map { .array($0.map(TOMLValue.string)) } }),
    OptionDeclaration(
      names: ["--exec-timeout"],
      value: .one("D") { options, text throws(UsageError) in
        options.execTimeout = try duration(text, for: "--exec-timeout")
      },
      summary: "`watch` stops a CMD still running after D (default 30s): SIGTERM, then SIGKILL",
      commands: [.watch], example: ["--exec-timeout", "10s"],
      current: { .string(durationText($0.execTimeout)) }),
    OptionDeclaration(
      names: ["--exec-quiet"], value: .flag { $0.execQuiet = true },
      summary: "`watch` sends CMD's output to /dev/null (by default, to stderr)",
      commands: [.watch], example: ["--exec-quiet"], current: { .boolean($0.execQuiet) }),
    OptionDeclaration(
      names: ["--alerts-only"], value: .flag { $0.alertsOnly = true },
      summary: "`watch` tells only the changes an `[[alert]]` rule of the config file matches",
      commands: [.watch], example: ["--alerts-only"], current: { .boolean($0.alertsOnly) }),
    OptionDeclaration(
      names: ["--imagery"],
      value: .one("URL|off") { options, text throws(UsageError) in
        try setImagery(&options, text, from: "--imagery")
      },
      summary: """
        the WMS endpoint of the satellite images (default `$OURPLANET_IMAGERY`, else NASA GIBS's \
        `\(ImageryRequest.defaultEndpoint.absoluteString)`); `off`: no images
        """,
      commands: [.interactive, .image], completion: .oneOf(["off"]),
      example: ["--imagery", "http://127.0.0.1:8080/wms"],
      current: { options in
        .string(
          options.imageryOff ? "off" : (options.imagery ?? ImageryRequest.defaultEndpoint).absoluteString)
      }),
    OptionDeclaration(
      names: ["--layer"],
      value: .one("LAYER") { options, text throws(UsageError) in
        guard !text.isEmpty, text.count <= 200, text.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
          throw UsageError("--layer: '\(text)' is not a WMS layer name")
        }
        options.layer = text
      },
      summary: "`image`: the GIBS layer (default `\(ImageryRequest.defaultLayer)`)",
      commands: [.image], example: ["--layer", "MODIS_Terra_CorrectedReflectance_Bands721"],
      current: { .string($0.layer ?? ImageryRequest.defaultLayer) }),
    OptionDeclaration(
      names: ["--date"],
      value: .one("DATE") { options, text throws(UsageError) in
        guard ImageryRequest.isDay(text) else {
          throw UsageError("--date: '\(text)' is not a day (YYYY-MM-DD)")
        }
        options.imageDate = text
      },
      summary:
        "`image`: the day of the image (default the event's latest report's; today's becomes yesterday's)",
      commands: [.image], example: ["--date", "2025-11-07"], current: { $0.imageDate.map { .string($0) } }),
    OptionDeclaration(
      names: ["--output"],
      value: .one("FILE") { options, text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--output needs a file") }
        options.output = text
      },
      summary: "`image`: the PNG file to write (the image as the server sent it)",
      commands: [.image], completion: .file, example: ["--output", "/tmp/event.png"], inConfig: false),
    OptionDeclaration(
      names: ["--no-mouse"], value: .flag { $0.noMouse = true },
      summary: """
        leave the mouse to the terminal (by default a click selects, a double click opens, the wheel \
        scrolls and zooms)
        """,
      commands: [.interactive], example: ["--no-mouse"], current: { .boolean($0.noMouse) }),
    OptionDeclaration(
      names: ["--no-color"], value: .flag { $0.noColor = true },
      summary: "no colors in the terminal UI (also when `NO_COLOR` is set)", example: ["--no-color"],
      current: { .boolean($0.noColor) }),
    OptionDeclaration(
      names: ["--theme"],
      value: .one("NAME") { options, text throws(UsageError) in
        guard let theme = Theme.named(text) else {
          let names = Theme.all.map(\.name)
          let hint =
            Suggestion.closest(to: text.lowercased(), in: names).map { " (did you mean '\($0)'?)" } ?? ""
          throw UsageError("--theme: '\(text)' is not one of \(names.joined(separator: ", "))\(hint)")
        }
        options.theme = theme
      },
      summary: """
        the terminal UI's colors: `dark` (the default), `light` (for light backgrounds), `colorblind` \
        (the Okabe–Ito palette) or `mono` (no colors: bold, dim, reverse and underline only)
        """,
      commands: [.interactive], completion: .oneOf(Theme.all.map(\.name)),
      example: ["--theme", "light"], current: { .string($0.theme.name) }),
    OptionDeclaration(
      names: ["--fresh"], value: .flag { $0.fresh = true },
      summary: """
        start from the config and the defaults, not from the days, order, region, category and map \
        the terminal UI remembered (what this run changes is still remembered)
        """,
      commands: [.interactive], example: ["--fresh"], current: { .boolean($0.fresh) }),
    OptionDeclaration(
      names: ["--utc"], value: .flag { $0.utc = true },
      summary: "times in UTC (by default in the local zone, from `TZ`, its name shown: `20:02 EST`)",
      example: ["--utc"], current: { .boolean($0.utc) }),
    OptionDeclaration(
      names: ["--log"],
      value: .one("FILE") { options, text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--log needs a file") }
        options.logFile = URL(fileURLWithPath: text)
      },
      summary: """
        where the terminal UI logs (nothing is ever printed over its screen); `watch` appends each \
        change it tells of there, one line each
        """,
      commands: [.interactive, .watch], completion: .file, example: ["--log", "/tmp/ourplanet.log"],
      current: { $0.logFile.map { .string($0.path) } }),
    OptionDeclaration(
      names: ["--config"],
      value: .one("FILE") { options, text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--config needs a file") }
        options.configFile = text
      },
      summary: """
        read this config file instead of `$XDG_CONFIG_HOME/ourplanet/config.toml` (else \
        `~/.config/ourplanet/config.toml`); it must exist
        """,
      completion: .file, example: ["--config", "/dev/null"], inConfig: false),
    OptionDeclaration(
      names: ["--no-config"], value: .flag { $0.noConfig = true }, summary: "read no config file",
      example: ["--no-config"], inConfig: false),
    OptionDeclaration(
      names: ["-h", "--help"], value: .flag { $0.help = true }, summary: "print the help and exit",
      example: ["--help"], inConfig: false),
    OptionDeclaration(
      names: ["-V", "--version"], value: .flag { $0.version = true }, summary: "print the version and exit",
      example: ["-V"], inConfig: false),
  ]
}
