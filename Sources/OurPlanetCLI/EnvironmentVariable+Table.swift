// Declaration table: every environment variable `ourplanet` reads, one entry each.

extension EnvironmentVariable {
  /// Every variable, in the order the help, the manual page and the README list them.
  static let all: [EnvironmentVariable] = [
    EnvironmentVariable(
      "OURPLANET_API", summary: "the EONET API root when `--api` is not given",
      setting: Setting(key: "api") { options, value, variable throws(UsageError) in
        options.api = try Options.apiURL(value, from: variable)
      }),
    EnvironmentVariable(
      "OURPLANET_IMAGERY",
      summary: "the WMS endpoint of the satellite images (or `off`) when `--imagery` is not given",
      setting: Setting(key: "imagery") { options, value, variable throws(UsageError) in
        try Options.setImagery(&options, value, from: variable)
      }),
    EnvironmentVariable(
      "TZ", summary: "the zone times are shown in, with its name (`2025-11-08 07:00 EST`); `--utc` shows UTC"),
    EnvironmentVariable(
      "OURPLANET_RESOURCES",
      summary: "a folder holding the bundled data (`eonet/snapshot.json`), looked in first"),
    EnvironmentVariable(
      "XDG_CACHE_HOME",
      summary: "the cache goes in `$XDG_CACHE_HOME/ourplanet` (an absolute path), else `~/.cache/ourplanet`"),
    EnvironmentVariable(
      "BROWSER",
      summary: """
        the browsers `o` tries first: a `:`-separated list of commands, `%s` for the URL (else it \
        comes last), run without a shell; then `xdg-open`, then `open`
        """),
    EnvironmentVariable(
      "SSL_CERT_FILE",
      summary: """
        a CA bundle (PEM) to trust for `https://` instead of the system's, as in curl; \
        `CURL_CA_BUNDLE` wins over it, `SSL_CERT_DIR` names a folder of CA certificates
        """),
    EnvironmentVariable(
      "https_proxy",
      summary: """
        the proxy for `https://` (also `HTTPS_PROXY`); `http_proxy` for `http://`, `all_proxy` for \
        both, `no_proxy` the hosts to reach directly, as curl reads them
        """),
    // Any non-empty value, as https://no-color.org asks.
    EnvironmentVariable(
      "NO_COLOR",
      summary:
        "when set and not empty, no colors, as with `--no-color`: the terminal UI draws in the `mono` theme",
      setting: Setting(key: "no-color") { options, _, _ in options.noColor = true }),
    EnvironmentVariable(
      "COLORTERM",
      summary: """
        `truecolor` or `24bit`: the `light` and `colorblind` themes and the satellite images in \
        24-bit colour, where terminfo has the terminal's direct-colour entry (`tmux-direct`, \
        `xterm-direct`)
        """),
    EnvironmentVariable(
      "TERM",
      summary: "the terminal, as terminfo names it; `dumb` draws in the `mono` theme, as `--no-color` does"),
    EnvironmentVariable(
      "ESCDELAY",
      summary: """
        the milliseconds curses waits after Esc for the rest of a key's sequence, as ncurses reads \
        it (else 25)
        """),
    EnvironmentVariable(
      "XDG_CONFIG_HOME",
      summary: """
        the config file is `$XDG_CONFIG_HOME/ourplanet/config.toml` (an absolute path), else \
        `~/.config/ourplanet/config.toml`
        """),
    EnvironmentVariable(
      "XDG_STATE_HOME",
      summary:
        "the state goes in `$XDG_STATE_HOME/ourplanet` (an absolute path), else `~/.local/state/ourplanet`"),
  ]
}
