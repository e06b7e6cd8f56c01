import Foundation
import TestSupport
import Testing

/// `make install` and `make uninstall` as a user or a packager runs them, and the installed program
/// used from somewhere else entirely.
@Suite("make install", .serialized, .tags(.spawnsProcess))
struct InstallTests {
  /// The package root: this file is `<root>/Tests/EndToEndTests/InstallTests.swift`.
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The manual page's sections that `--help` has too, with the help's title for each.
  private static let sharedSections = [
    ("COMMANDS", "Usage"), ("OPTIONS", "Options"), ("KEYS", "Keys in the terminal UI"),
    ("ENVIRONMENT", "Environment"), ("FILES", "Files"), ("EXIT STATUS", "Exit status"),
  ]

  @Test(
    "install into DESTDIR, run the moved copy offline, help and page agree, the page renders, uninstall",
    .enabled(if: CommandRun.isAvailable("make"), "make is not installed"))
  func installRunUninstall() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let stage = temporary.url.appendingPathComponent("stage")
    // A packager's install: DESTDIR with the default PREFIX.
    let prefix = stage.appendingPathComponent("usr/local")

    let install = try make("install", destination: stage)
    try #require(install.status == 0, "make install failed: \(install)")
    #expect(try files(under: stage) == expectedFiles(under: "usr/local"))
    let binaryAttributes = try FileManager.default.attributesOfItem(
      atPath: prefix.appendingPathComponent("bin/ourplanet").path)
    #expect((binaryAttributes[.posixPermissions] as? Int) == 0o755)
    // The user unit runs the installed binary (where it will be, without DESTDIR) and counts a stop
    // by signal as success.
    let unit = try String(
      contentsOf: prefix.appendingPathComponent("lib/systemd/user/ourplanet-watch.service"), encoding: .utf8)
    #expect(unit.contains("\nExecStart=/usr/local/bin/ourplanet watch\n"), "\(unit)")
    #expect(unit.contains("\nSuccessExitStatus=129 130 131 143\n"), "\(unit)")
    #expect(unit.contains("\nWantedBy=default.target\n"), "\(unit)")

    // The installed tree moved to a prefix no build and no Makefile knows of: it still finds its data.
    let moved = temporary.url.appendingPathComponent("elsewhere")
    // Copied by cp, not in this process: a copy made here holds the binary open for writing for a
    // moment, a test spawning a process on another thread inherits that descriptor, and running the
    // copy then fails with "Text file busy" (1 of 5 CI runs).
    let copy = try run(["cp", "-R", prefix.path, moved.path], in: temporary.url)
    try #require(copy.status == 0, "cp failed: \(copy)")
    try checkOfflineRun(binary: moved.appendingPathComponent("bin/ourplanet"), in: temporary.url)

    let binary = moved.appendingPathComponent("bin/ourplanet").path
    let version = try run([binary, "--version"], in: temporary.url)
    let page = try String(
      contentsOf: moved.appendingPathComponent("share/man/man1/ourplanet.1"), encoding: .utf8)
    #expect(version.status == 0)
    let versionLine = version.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(versionLine.hasPrefix("ourplanet "))
    #expect(page.contains("\"\(versionLine)\""), "the page's .TH names the version:\n\(page.prefix(300))")

    let help = try run([binary, "--help"], in: temporary.url)
    #expect(help.status == 0)
    try checkAgreement(help: help.standardOutput, page: page)
    try checkRendering(of: moved.appendingPathComponent("share/man/man1/ourplanet.1"), in: temporary.url)

    let uninstall = try make("uninstall", destination: stage)
    #expect(uninstall.status == 0, "make uninstall failed: \(uninstall)")
    #expect(try files(under: stage).isEmpty, "make uninstall leaves nothing installed behind")
  }

  // MARK: - The steps

  /// `ourplanet categories --offline` from the moved prefix: the installed snapshot's categories and
  /// counts, with no `$OURPLANET_RESOURCES` and the working folder outside the package; then, with
  /// the data removed, a clean failure that says where it looked (proof the data came from there,
  /// not from the build folder), and `$OURPLANET_RESOURCES` pointing at a copy brings it back.
  private func checkOfflineRun(binary: URL, in directory: URL) throws {
    let share = binary.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/ourplanet")
    let cache = directory.appendingPathComponent("empty-cache")
    let snapshot = try installedSnapshot(in: share.appendingPathComponent("eonet"))

    let recent = try run([binary.path, "categories", "--offline", "--cache-dir", cache.path], in: directory)
    #expect(recent.status == 0, "\(recent)")
    #expect(recent.standardError.contains("snapshot"), "it says it shows the snapshot: \(recent)")
    let listed = counts(in: recent.standardOutput)
    #expect(Set(listed.keys) == Set(snapshot.keys), "every category of the snapshot, and no other: \(recent)")

    // The whole snapshot: exactly the counts its manifest records.
    let all = try run(
      [binary.path, "categories", "--offline", "--days", "36500", "--cache-dir", cache.path], in: directory)
    #expect(all.status == 0, "\(all)")
    #expect(counts(in: all.standardOutput) == snapshot, "\(all)")

    let spare = directory.appendingPathComponent("spare-resources")
    try FileManager.default.moveItem(at: share, to: spare)
    let missing = try run([binary.path, "categories", "--offline", "--cache-dir", cache.path], in: directory)
    #expect(missing.status == 1, "no data is a failure, not a crash: \(missing)")
    #expect(
      missing.standardError.contains(share.resolvingSymlinksInPath().path),
      "it names where the data belongs: \(missing)")

    let overridden = try run(
      [binary.path, "categories", "--offline", "--cache-dir", cache.path], in: directory,
      extraEnvironment: ["OURPLANET_RESOURCES": spare.path])
    #expect(overridden.status == 0, "$OURPLANET_RESOURCES is honoured: \(overridden)")
    try FileManager.default.moveItem(at: spare, to: share)
  }

  /// Every entry of the page's COMMANDS, OPTIONS, KEYS, ENVIRONMENT, FILES and EXIT STATUS is in the
  /// matching section of `--help`, and the help has no entry the page lacks.
  private func checkAgreement(help: String, page: String) throws {
    let pageSections = ManualPage.taggedSections(of: page)
    let helpSections = HelpText.sections(of: help)
    for (pageTitle, helpTitle) in Self.sharedSections {
      let tags = try #require(pageSections[pageTitle], "the page has a \(pageTitle) section")
      let lines = try #require(helpSections[helpTitle], "--help has a \(helpTitle) section:\n\(help)")
      #expect(!tags.isEmpty, "\(pageTitle) lists something")
      #expect(
        lines.count == tags.count, "\(helpTitle): \(lines.count) entries in --help, \(tags.count) on the page"
      )
      for tag in tags {
        let term = tag.replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
        let found = lines.contains { line in
          let plain = line.replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
          return plain == term || plain.hasPrefix(term + "  ")
        }
        #expect(
          found, "--help's \(helpTitle) lists '\(term)' as the page does:\n\(lines.joined(separator: "\n"))")
      }
    }
    for variable in ["NO_COLOR", "XDG_CACHE_HOME", "OURPLANET_API", "OURPLANET_RESOURCES"] {
      #expect(pageSections["ENVIRONMENT"]?.contains(variable) == true, "the page documents \(variable)")
    }
  }

  /// `man -l` renders the page with no warning, in a UTF-8 and in a plain ASCII locale.
  private func checkRendering(of page: URL, in directory: URL) throws {
    guard CommandRun.isAvailable("man") else {
      Issue.record("man is not installed (apt-get install man-db groff-base; .ci/run does)")
      return
    }
    for locale in ["C.UTF-8", "C"] {
      let rendered = try run(
        ["man", "--warnings=all", "-l", page.path], in: directory,
        extraEnvironment: ["MANWIDTH": "80", "LC_ALL": locale, "MANPAGER": "cat", "PAGER": "cat"],
        removing: ["MANOPT", "MANROFFOPT"])
      #expect(rendered.status == 0, "\(rendered)")
      #expect(rendered.standardError.isEmpty, "man -l warns in \(locale): \(rendered.standardError)")
      #expect(rendered.standardOutput.contains("OURPLANET(1)"), "\(rendered)")
      #expect(rendered.standardOutput.contains("EXIT STATUS"), "\(rendered)")
    }
  }

  // MARK: - Helpers

  /// The `ourplanet` this test run drives: installed as it is (a release build of the whole package
  /// here would double CI's time; `make install` without `INSTALL_BINARY` builds one).
  private static func builtBinary() throws -> String {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    return binary
  }

  /// `make <target> DESTDIR=<destination>` in the package root, at low priority so it does not starve
  /// the suites running beside it. `MAKEFLAGS` is dropped: under `make test` it
  /// carries the outer make's variables and jobserver, which are not this make's business.
  private func make(_ target: String, destination: URL) throws -> CommandRun {
    try run(
      [
        "nice", "-n", "10", "make", "-C", Self.packageRoot.path, target, "SWIFT=swift",
        "DESTDIR=\(destination.path)", "INSTALL_BINARY=\(try Self.builtBinary())",
      ],
      in: Self.packageRoot, removing: ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "DESTDIR", "PREFIX"],
      timeout: .seconds(1200))
  }

  /// Runs a command with this process's environment less anything that would point the program at
  /// other data or another server.
  private func run(
    _ arguments: [String], in directory: URL, extraEnvironment: [String: String] = [:],
    removing: [String] = [], timeout: Duration = .seconds(60)
  ) throws -> CommandRun {
    var environment = ProcessInfo.processInfo.environment
    for name in ["OURPLANET_RESOURCES", "OURPLANET_API", "OURPLANET_BINARY"] + removing {
      environment[name] = nil
    }
    environment.merge(extraEnvironment) { _, new in new }
    return try CommandRun.run(arguments, in: directory, environment: environment, timeout: timeout)
  }

  /// The regular files under `root`, as paths relative to it.
  private func files(under root: URL) throws -> Set<String> {
    var found: Set<String> = []
    let prefix = root.standardizedFileURL.path + "/"
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return found }
    while let relative = walker.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = root.appendingPathComponent(relative).path
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
        found.insert(String(URL(fileURLWithPath: path).standardizedFileURL.path.dropFirst(prefix.count)))
      }
    }
    return found
  }

  /// What `make install` must put under `prefix` (relative to DESTDIR): the binary, the page, the
  /// completion scripts, and every file of `Resources/` but hidden ones.
  private func expectedFiles(under prefix: String) throws -> Set<String> {
    let resources = try files(under: Self.packageRoot.appendingPathComponent("Resources"))
      .filter { !($0 as NSString).lastPathComponent.hasPrefix(".") }
    return Set(resources.map { "\(prefix)/share/ourplanet/\($0)" })
      .union([
        "\(prefix)/bin/ourplanet", "\(prefix)/share/man/man1/ourplanet.1",
        "\(prefix)/lib/systemd/user/ourplanet-watch.service",
        "\(prefix)/share/bash-completion/completions/ourplanet",
        "\(prefix)/share/zsh/site-functions/_ourplanet",
        "\(prefix)/share/fish/vendor_completions.d/ourplanet.fish",
      ])
  }

  /// The category ids of the installed snapshot with their event counts, from its manifest.
  private func installedSnapshot(in directory: URL) throws -> [String: Int] {
    let data = try Data(contentsOf: directory.appendingPathComponent("snapshot.json"))
    let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(manifest["counts"] as? [String: Int], "the manifest has counts")
  }

  /// `categories`' text output (`  count  id  title`) as counts by id.
  private func counts(in output: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count >= 2, let count = Int(fields[0]) { counts[String(fields[1])] = count }
    }
    return counts
  }
}

/// Reads the `.TP` tags of a roff manual page, section by section, as plain text.
enum ManualPage {
  /// For each `.SH` section, the text of the line after each `.TP`.
  static func taggedSections(of roff: String) -> [String: [String]] {
    var sections: [String: [String]] = [:]
    var section = ""
    var tagNext = false
    for line in roff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(".SH ") {
        section = line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        sections[section, default: []] = []
      } else if line == ".TP" {
        tagNext = true
      } else if tagNext {
        sections[section, default: []].append(plain(String(line)))
        tagNext = false
      }
    }
    return sections
  }

  /// Roff text without its font changes and escapes.
  static func plain(_ roff: String) -> String {
    var text = roff
    for (escape, replacement) in [
      ("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\fP", ""), ("\\&", ""), ("\\-", "-"), ("\\(dq", "\""),
      ("\\e", "\\"),
    ] {
      text = text.replacingOccurrences(of: escape, with: replacement)
    }
    while let start = text.range(of: "\\[u"), let end = text[start.upperBound...].firstIndex(of: "]") {
      let scalar = UInt32(text[start.upperBound..<end], radix: 16).flatMap(Unicode.Scalar.init)
      text.replaceSubrange(start.lowerBound...end, with: scalar.map { String(Character($0)) } ?? "?")
    }
    return text
  }
}

/// Reads `--help`: titled sections (`Options:`) of entries indented by two.
private enum HelpText {
  /// For each section title, its entries' first lines without the indent (wrapped continuation lines,
  /// indented further, are left out).
  static func sections(of help: String) -> [String: [String]] {
    var sections: [String: [String]] = [:]
    var title: String?
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if let first = line.first, first != " ", line.hasSuffix(":") {
        let name = String(line.dropLast())
        sections[name] = []
        title = name
      } else if line.isEmpty {
        title = nil
      } else if let title, line.hasPrefix("  "), !line.hasPrefix("   ") {
        sections[title, default: []].append(String(line.dropFirst(2)))
      }
    }
    return sections
  }
}
