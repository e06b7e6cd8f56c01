/// The config file's example, as a user would write it: settings, places, keys and two alert rules
/// (the TOML reader's and the configuration's tests read it).
enum ConfigExample {
  static let text = """
    days = 30                      # any long option of the UI/commands
    sort = "magnitude"
    refresh-interval = "5m"
    theme = "light"
    [places]
    home = "29.76,-95.37,300"      # LAT,LON[,KM]
    coast = "bbox:-98,25,-88,31"
    [keys]
    quit = "Q"
    refresh = ["r", "F5"]
    [[alert]]
    name = "fires near home"
    near = "home"
    categories = ["wildfires"]
    min-magnitude = 1000           # in the event's own unit
    changes = ["new", "updated"]
    bell = true
    notify = true
    exec = ["/usr/local/bin/page-me", "--urgent"]

    [[alert]]
    name = "storms"
    categories = ["severeStorms"]

    """
}
