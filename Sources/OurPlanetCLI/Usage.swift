/// The help and version texts.
enum Usage {
  static let version = "0.1.0"

  static let text = """
    ourplanet — natural events on Earth, from NASA's EONET

    Usage:
      ourplanet [options]                         start the terminal UI
      ourplanet categories [--json] [options]     each category with its number of events
      ourplanet events <category-id> [--json] [options]
                                                  a category's events, newest first

    Options:
      --api URL          EONET API root (default $OURPLANET_API, else \(defaultAPI))
      --days N           only events of the last N days (default \(Options.defaultDays))
      --cache-dir DIR    cache folder (default $XDG_CACHE_HOME/ourplanet or ~/.cache/ourplanet)
      --offline          no network: the cache, else the bundled snapshot
      --json             machine-readable output (categories, events)
      --no-color         no colors in the UI (also when NO_COLOR is set)
      --log FILE         the UI's log file
      -h, --help         this help
      -V, --version      the version

    Exit status: 0 everything loaded, 1 something failed (what loaded is still printed), 2 bad usage.
    """

  private static let defaultAPI = "https://eonet.gsfc.nasa.gov/api/v3"
}
