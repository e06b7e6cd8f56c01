extension Manual {
  /// The paragraphs of `ourplanet`'s DESCRIPTION (the page's; `--help` leaves them out).
  static let ourplanetDescription: [String] = [
    """
    `ourplanet` shows the natural events that NASA's Earth Observatory Natural Event Tracker \
    (EONET) follows — wildfires, storms, volcanoes, sea and lake ice, floods — in a terminal.
    """,
    """
    With no command it starts a full-screen terminal UI: the categories, each with its number of \
    events; Enter opens a category's events, newest first, filtered by a days slider; Enter on an \
    event shows its detail, and `o` opens its source link in the browser. The `?` key lists the \
    keys.
    """,
    """
    Every download is kept in a cache, so the next start shows the last data at once and then \
    refreshes it. Without a network, `ourplanet` shows the cache, else the snapshot of real EONET \
    data installed with it, and says which one it shows and from when.
    """,
    """
    The UI refreshes by itself every `--refresh-interval` (10 minutes unless told otherwise) and \
    remembers what you have seen: categories count their new and updated events, the events list \
    marks them (N new, U updated), `n` jumps to the next one, opening an event marks it seen and \
    `A` marks a whole category seen. On the very first run everything counts as seen.
    """,
    """
    The `categories` and `events` commands print the same data for scripts: as text, or with \
    `--json` as a JSON array with one object per line. `events` takes a category id as \
    `ourplanet categories` lists it (`wildfires`, `volcanoes`, ...). Messages go to standard error. \
    An event reads the same in every output: `events --json`, `--format csv`, the GeoJSON \
    properties, `watch --json` and an `--exec` program's variables all carry the fields listed \
    under EVENT FIELDS, with the same names and values (dates in ISO 8601 UTC to the second, \
    `2025-11-08T12:00:00Z`; numbers as JSON writes them, `500`, `38.25`); `distance_km` and \
    `bearing` are there when `--near` gives a point.
    """,
    """
    `ourplanet sources` lists the agencies EONET takes its events from: each source's id (as \
    events cite it in `sources`), its title and its home page, with the number of events in the \
    scope that cite it (the days window, `--near` or `--bbox`, and the other filters, as \
    `events all` counts them: each event once, however many categories list it). The list comes \
    from EONET, else from the cache, else from the snapshot installed with `ourplanet`; a source \
    the events cite that the list does not name is listed too, its id standing for its title. As \
    text, one source a line: the count, the id, the title and the home page, each column aligned; \
    with `--json`, an array of `{"id", "title", "link", "events"}` objects, one a line (`link` is \
    the home page). The terminal UI's detail names each source by its title the same way.
    """,
    """
    `ourplanet watch` keeps running and prints one line per change as it happens: an event that is \
    new, updated (a new position or record, another magnitude) or closed, each once, and never \
    again after a restart (what it announced is kept in its own state file). Its first look only \
    records what is there, and so does a category's first good load when it was failing before; \
    "new" is what appeared where it had looked: an unseen event dated before every window it \
    looked at (a wider `--days`, a `--from`) is history, never told. Each line says what changed: \
    `grew 500 → 1,200 acres, moved 87 km E, 1 new report`, `closed <date>`. With \
    `--json` each line is a JSON object: `change` (`new`, `updated` or `closed`), `changes` (a list \
    of facts: `{"fact": "grew" or "fell", "from", "to", "unit"}`, `{"fact": "moved", "km", \
    "bearing"}`, `{"fact": "reports", "count"}`, `{"fact": "closed", "date"}`), then the event's \
    fields (EVENT FIELDS); `--bell` rings the terminal bell per change; `--exec` runs a program per \
    change, without a shell, with that line on its standard input and each field in an \
    `OURPLANET_<NAME>` variable (`OURPLANET_ID`, `OURPLANET_LAST_DATE`, `OURPLANET_DISTANCE_KM`, \
    ...), besides `OURPLANET_CHANGE`, `OURPLANET_CHANGES` (what changed, in words), \
    `OURPLANET_SUMMARY` and `OURPLANET_DETAILS` (a notification's title and body) and \
    `OURPLANET_DATE` (the closed date if closed, else the last date). An argument that is exactly \
    `{change}`, `{id}`, `{title}`, `{summary}` or `{details}` becomes that text as one whole \
    argument, never split and never through a shell: `--exec notify-send -- {summary} {details}` \
    shows what happened to which event. Why placeholders rather than a recipe reading standard \
    input: notify-send, logger and most notifiers take their text only as arguments, and a shell \
    snippet that pastes a title into a command line is where injection starts. The risk left is \
    the program's own options: server text starting with `-` is read as one by a program that \
    takes options, so put `--` before the placeholders (`watch` warns when one comes before any \
    `--`). Every variable and argument is bounded: one line (but `{details}`), controls \
    stripped, cut at 2,048 characters with an ellipsis, the whole record still on standard input. Changed after 0.1.0: `watch --json` and the variables use the event fields of the other \
    outputs, so `link` (`OURPLANET_LINK`) is now the EONET link (the source pages are in \
    `sources`), `magnitude` (`OURPLANET_MAGNITUDE`) is the number alone, its unit in \
    `magnitude_unit`, and `date` and `closed` gave way to `status`, `first_date`, `last_date` \
    and `closed_date`; `OURPLANET_CATEGORIES` joins the ids with `;`. When the network fails it says so and tries again later, waiting twice as \
    long each time, up to eight intervals. Durations read `30s`, `10m`, `1h` or plain seconds.
    """,
    """
    Alert rules. Each `[[alert]]` table of the config file is a rule: `name` (required, unique), \
    `near` (a place of `[places]`, `LAT,LON[,KM]` or `bbox:W,S,E,N`), `categories` (category ids), \
    `min-magnitude` and `max-magnitude` (in the event's own unit, both inclusive; an event without \
    a magnitude is outside either), `changes` (`new`, `updated`, `closed`; all three unless told), \
    and what to do: `bell`, `notify` (a desktop notification through `notify-send`, its text after \
    `--`: the kind of change and the title, `New: Rim Fire`; then the category, what changed or \
    how big, and the distance and direction from the rule's place; the names of the rules that \
    match; a link. When `notify-send` is missing `watch` says so once at start), `exec` (a \
    program and its arguments as an array, run without a shell like `--exec`: the line on its \
    standard input, the fields in its environment, and `OURPLANET_ALERTS`, the names of the \
    rules that match, joined by `;`). `watch` adds the names of the rules that match a change to \
    its line: text lines end with `[fires near home]`, JSON lines carry `"alerts": ["fires near \
    home"]` (an empty list when none matches). `--alerts-only` tells only those changes (the \
    line, `--bell` and `--exec` alike). However many rules match a change, it rings once, shows one \
    notification naming them all, and runs each distinct program once; each action that ran is \
    recorded at once, so a restart after a kill re-runs only the one the kill cut. An action \
    that cannot start is said and tried again at the next look, three times in all, and never \
    counted as done. The UI marks the events a rule matches with a triangle (`^` without UTF-8) in the \
    lists (in a column of their own, so titles line up) and on the map, names the matching rules in \
    the detail (`Alerts:`), lists and counts only the marked events with `a` or the filter form's \
    `Alerts` row (`v`), on the categories and the events lists alike (the header says `alerts \
    only`), counts the marked rows of the list on screen on the status line (`3 alerts`), and \
    rings the bell once when a \
    refresh brings a new or changed match of a rule with `bell = true`; `ourplanet --bell` rings \
    it once when a live refresh brings any new or updated event in the days window and region. \
    `--bell` and the rules' bell ring only when standard error is a terminal.
    """,
    """
    As a service. `make install` installs a systemd user unit, `ourplanet-watch.service`, that \
    runs `ourplanet watch` with the config file's settings: `systemctl --user enable --now \
    ourplanet-watch` starts it now and at each login, `journalctl --user -u ourplanet-watch -f` \
    follows its lines (one per change, never coloured, messages on standard error). A bad \
    config file stops it (exit status 2) until fixed; other failures restart it after 30 seconds, \
    among them another `watch` holding the state folder (exit status 75), so the service runs \
    once a terminal's `watch` ends.
    """,
    """
    Themes and colours. `--theme NAME` (or `theme = "NAME"` in the config file) picks the terminal \
    UI's colours: `dark`, the default, in the terminal's own palette colours, so its theme decides \
    the hues; `light`, darker colours that read on a light background; `colorblind`, the \
    Okabe–Ito palette, whose colours stay apart with each common colour vision deficiency; and \
    `mono`, no colour at all, only bold, dim, reverse video and underline. When `COLORTERM` is \
    `truecolor` or `24bit` and terminfo has the terminal's direct-colour entry (`tmux-direct` for \
    `tmux-256color`, `xterm-direct` for `xterm-256color`, from the ncurses-term package), `light` \
    and `colorblind` are drawn in 24-bit colour; otherwise each of their colours becomes the \
    nearest of the terminal's 256 (the colour cube and grey ramp, never the 16 colours a terminal \
    theme may have changed), or of the 8 basic colours. Satellite images ask for the \
    direct-colour entry whatever the theme (unless `--imagery off`); there `dark`'s bright colours \
    show as xterm renders them. `NO_COLOR` (set and not empty) and \
    `--no-color` win over any theme: the UI draws in `mono` (a `dumb` terminal has no colours \
    either). No state is shown by colour alone: a failed category and its notice carry `!`, an \
    error on the status line starts with `!`, new and updated events `N` and `U`, an alert rule's \
    match a triangle (`^` without UTF-8), the selection is in reverse video and the selected marker \
    a ringed dot (`#` without UTF-8), the timeline's days window is its highlighted left end (up to \
    the slider's knob), and the map that has the keys says so in its legend.
    """,
    """
    Satellite images. In the detail, `i` shows the event's place seen from space on its day (and \
    hides it again; the choice is remembered), from NASA GIBS through OGC WMS `GetMap` 1.3.0 \
    (`--imagery URL` names another endpoint, `--imagery off` turns images off): the latest \
    position in the middle, marked `+`, in a box at least 200 km across, wide enough for the \
    whole track, drawn in upper half blocks, two pixels a cell, in 24-bit colour where \
    `COLORTERM` says so, else in the nearest of 256 or 8 colours; without colours a note instead. \
    The caption names the layer, the day, the box's size and NASA GIBS; an event reported today \
    shows yesterday's image, as GIBS has none of today yet, and says so. `L` cycles the layers: \
    true colour, then those of EONET's layer list that suit the category (fires and false colour \
    for wildfires, sea ice for ice). Images are kept in the cache folder (`imagery/`, 32 MB at \
    most, the oldest removed first) and never fetched twice; offline the cached image shows with \
    the time it was fetched. A bad answer (an image larger than asked for or than 64 MB decoded, \
    a bad checksum, a cut-off or corrupt file, an HTTP error, GIBS's XML error) is one line in \
    the pane; `i` twice asks again. `ourplanet image` writes the image of an event as the server \
    sent it, 1024×640 pixels.
    """,
    """
    Guarantees of `watch` and the commands. SIGINT, SIGTERM, SIGHUP and SIGQUIT end `categories`, \
    `events`, `sources` and `watch` within a second, whatever they are doing, with exit status 128+N; `watch` \
    ends its running `--exec` program first, with its whole process group (SIGTERM, then SIGKILL \
    half a second later). It says on standard error what it watches once its first look is done, \
    and when the server answers again after failed looks, for how long it did not. Each \
    change is announced, then recorded, before the next one: a `watch` killed while announcing a \
    change (its `--exec` program still running, say) announces that one change again when it \
    restarts, never loses it, and never repeats the ones before it (at least once: a missed alert \
    is worse than a repeated one, so `--exec` programs should tolerate a repeat of the same \
    `OURPLANET_ID`). An `--exec` program gets `--exec-timeout` (30 seconds unless told otherwise), \
    then SIGTERM to its process group and, two seconds later, SIGKILL; looks go on, and failures \
    go to standard error. \
    Its output goes to standard error (or nowhere with `--exec-quiet`), never into `watch`'s \
    lines; it inherits no file descriptor but 0–2; a program that cannot be found is bad usage \
    (exit status 2) before the first look. A category enters the baseline silently the first time \
    it loads from the network (a failure or data from the cache or the bundled snapshot does not \
    count), in `watch` and in the UI, so a category that was failing never floods with "new". \
    The state files are written atomically and durably (`fsync`) and merged with what is on disk \
    under a lock, so two UIs never lose each other's marks; a second `watch` on the same state \
    folder says so and exits with status 75. A broken pipe or a full disk is one line on standard \
    error and exit status 1.
    """,
    """
    Guarantees of the text it shows and writes. Text from the server never reaches a terminal as \
    a command: in the UI, in every message and in the commands' text output, control characters \
    and escape sequences (C0, C1, DEL) show as `?` or a replacement character, tabs and line \
    breaks as spaces, and characters that reverse the direction of text are dropped. A user name \
    or password in `--api` shows as `***` in every message and is never stored. A title, \
    description or link longer than 4096 characters is shown cut with an ellipsis (exports keep it \
    whole), so no field can freeze the screen. The exports (`--json`, CSV, GeoJSON, `watch --json`, \
    the `--exec` variables and input, the UI's `e` and `E`) hold the same text: control and \
    direction characters other than tab and line breaks are removed from every field, once. CSV \
    (`--format csv` and the UI's `E`) is then safe to open in a spreadsheet: a cell that starts \
    with `=`, `+`, `-`, `@`, a tab or a carriage return and is not a number gets a leading `'`, so \
    it is never run as a formula. JSON and GeoJSON stay valid: line breaks, tabs, U+2028 and \
    U+2029 are written as escapes.
    """,
    """
    Guarantees of the network and the files. Every request, `http://` and `https://`, goes \
    through the system's libcurl, as `curl` would send it: TLS checks the server's certificate \
    against the system's CAs, or against the bundle `CURL_CA_BUNDLE` or `SSL_CERT_FILE` names \
    (`SSL_CERT_DIR` for a folder), and `http_proxy`, `https_proxy` (or `HTTPS_PROXY`), \
    `all_proxy` and `no_proxy` are honoured as curl honours them (`HTTP_PROXY` in capitals is not, \
    as in curl). Redirects stay on http and https (at most 5); the user name and password of \
    `--api` go to that host only, never to one a redirect leads to. While it waits for a server, \
    or between looks, `ourplanet` sleeps in the kernel and uses no CPU to speak of. No answer may \
    exceed 64 MiB once decompressed: compressed answers are decoded as they arrive and an answer \
    past the limit fails with a message, so a small compressed bomb cannot exhaust memory. A \
    failure is one line that says what happened: the host name cannot be resolved, the connection \
    was refused, the certificate is not trusted (with the variable to set), no answer in time, \
    too large, a redirect elsewhere than http or https. A refresh never cuts a download short: one that hangs runs into its timeout and its \
    category is marked failed. At most 100 categories are loaded; a warning says how many were \
    left out. Cache and state files are private (0600, in 0700 folders), written whole or not at \
    all, and never hold the credentials of `--api`, which are sent only as an `Authorization` \
    header. A command asking for fewer days never shrinks what the cache holds for a wider \
    window; offline, a category comes whole from the cache (open and closed events) or from the \
    bundled snapshot, never half from each. Temporary files left by an interrupted write are \
    removed at the next start once their writer has exited (or after a day); another running \
    instance's are left alone. One SIGINT, SIGTERM, SIGHUP or SIGQUIT (Ctrl-\\) ends the terminal \
    UI within a second too, however busy it is, with the terminal restored.
    """,
  ]
}
