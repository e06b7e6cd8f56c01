import OurPlanetModel
import OurPlanetUI
import TerminalUI

extension Manual {
  /// `ourplanet`'s manual: what `--help` prints and what `man ourplanet` shows.
  ///
  /// Keep the text to characters a plain ASCII terminal can show too (the page is checked with
  /// `LC_ALL=C`): arrows, `−` and `—` are fine, symbols such as `●` are not.
  static let ourplanet = Manual(
    name: "ourplanet",
    version: "0.1.0",
    date: "2026-11-22",
    summary: "natural events on Earth, from NASA's EONET",
    description: ourplanetDescription,
    commands: CommandDeclaration.all.compactMap { command in
      command.summary.map { Command(words: command.words, summary: $0) }
    },
    options: Options.declarations,
    configuration: ourplanetConfiguration,
    configurationEntries: ourplanetConfigurationEntries,
    keys: KeyCommand.all.map { HelpEntry(keys: KeyCommand.label($0.keys), action: $0.help) },
    environment: EnvironmentVariable.all.map { Entry(term: $0.name, summary: $0.summary) },
    eventFields: EventRecord.fieldTable.map { Entry(term: $0.name, summary: $0.meaning) },
    files: [
      Entry(
        term: "~/.config/ourplanet/config.toml",
        summary: """
          the config file (`$XDG_CONFIG_HOME/ourplanet/config.toml` if set, or `--config`): settings, \
          places and keys, as CONFIGURATION says. Only read, except when the map's `f` saves the \
          view as a place: one line `NAME = "bbox:W,S,E,N"` is added after the last entry of \
          `[places]` (a `[places]` table is added at the end when there is none), every other line \
          left as it was; a name the file has already is refused, never replaced. The file is \
          written atomically under a lock (`.config.toml.lock`) and a symbolic link to it stays a link
          """),
      Entry(
        term: "~/.cache/ourplanet/",
        summary: """
          the cache (`$XDG_CACHE_HOME/ourplanet/` if set, or `--cache-dir`): one file per \
          download, written atomically; safe to delete
          """),
      Entry(
        term: "~/.local/state/ourplanet/",
        summary: """
          what you have seen in the UI (`seen.json`) and what `watch` has announced \
          (`announced.json`), written atomically and merged under a lock (`.seen.json.lock`, \
          `.announced.json.lock`, `watch.lock`); a damaged file is reported and started afresh. \
          `remembered.json`: the days, order, region, open category and map of the terminal UI, \
          written atomically as they change and restored at the next launch for each setting the \
          command line, environment and config leave unset (`--fresh`: none); a damaged, huge or \
          strange file is reported and the defaults used
          """),
      Entry(
        term: "PREFIX/share/ourplanet/eonet/",
        summary: """
          the bundled snapshot, found as `../share/ourplanet` from the folder of the \
          `ourplanet` binary (`/usr/local/share/ourplanet` after `make install`)
          """),
      Entry(
        term: "PREFIX/share/bash-completion/completions/ourplanet",
        summary: """
          the bash completion `make install` puts there (zsh: `share/zsh/site-functions/_ourplanet`, \
          fish: `share/fish/vendor_completions.d/ourplanet.fish`); `ourplanet completions bash|zsh|fish` \
          prints the same script
          """),
    ],
    exitStatuses: [
      ExitStatus(status: 0, meaning: "everything loaded"),
      ExitStatus(
        status: 1,
        meaning: "something failed: what did load is still printed, the failure goes to standard error"),
      ExitStatus(
        status: 2,
        meaning: """
          bad usage: an unknown option, a missing or bad value, an option of another command, a config \
          file that is missing (`--config`) or not valid
          """),
      ExitStatus(
        status: 75,
        meaning: "`watch`: another `watch` holds the state folder; try again once it ends (EX_TEMPFAIL)"),
    ],
    examples: [
      Entry(term: "ourplanet", summary: "browse the live feed"),
      Entry(term: "ourplanet config", summary: "the settings in force and where each comes from"),
      Entry(
        term: "ourplanet events wildfires --near home",
        summary: "the wildfires around the place the config calls `home`"),
      Entry(term: "ourplanet --offline --days 30", summary: "browse the bundled snapshot's last 30 days"),
      Entry(term: "ourplanet categories", summary: "the categories and their event counts"),
      Entry(
        term: "ourplanet events severeStorms --from 2024-06-01 --to 2024-11-30",
        summary: "history: the storms of the 2024 Atlantic hurricane season (EONET's start and end)"),
      Entry(
        term: "ourplanet --from 2024-06-01 --to 2024-11-30",
        summary: "browse that season; `<` and `>` move the window by its length through time"),
      Entry(
        term: "ourplanet events wildfires --status open --min-magnitude 5000acres",
        summary: "the open fires of 5,000 acres or more (events without a magnitude are left out)"),
      Entry(
        term: "ourplanet events severeStorms,floods --source NOAA_NHC,GDACS --json",
        summary: "storms and floods together, as reported by those sources, each event once"),
      Entry(
        term: "ourplanet sources --days 30",
        summary: "who reported the last 30 days' events: each source with its number of events"),
      Entry(
        term: "ourplanet events wildfires --days 7 --json",
        summary: "the last week's wildfires, for a script"),
      Entry(
        term: "ourplanet watch --json --interval 5m", summary: "one JSON line per change, every 5 minutes"),
      Entry(
        term: "ourplanet watch --bell --exec notify-send -- {summary} {details}",
        summary: "ring and notify the desktop for each change: what happened, to which event"),
    ],
    seeAlso: ["xdg-open(1)"]
  )
}
