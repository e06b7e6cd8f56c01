import Foundation
import TestSupport
import Testing

/// `ourplanet completions bash`, sourced in a real bash that completes command lines the way
/// the shell does on Tab, with the real binary answering the place and category questions.
@Suite("ourplanet shell completion, end to end", .serialized, .tags(.spawnsProcess))
struct CompletionEndToEndTests {
  @Test(
    "the bash script completes commands, each command's options, values, places and category ids",
    .enabled(if: CommandRun.isAvailable("bash"), "bash is not installed"))
  func bash() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let files = FileManager.default
    let folder = temporary.url
    try files.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try files.createSymbolicLink(
      atPath: folder.appendingPathComponent("bin/ourplanet").path, withDestinationPath: binary)
    try files.createDirectory(
      at: folder.appendingPathComponent("config/ourplanet"), withIntermediateDirectories: true)
    try Data("[places]\nhome = \"29.76,-95.37,300\"\nhollow = \"bbox:1,2,3,4\"\noffice = \"1,2\"\n".utf8)
      .write(to: folder.appendingPathComponent("config/ourplanet/config.toml"))
    let environment = [
      "PATH": folder.appendingPathComponent("bin").path + ":/usr/bin:/bin",
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "HOME": folder.path,
    ]
    let script = try CommandRun.run(
      ["ourplanet", "completions", "bash"], in: folder, environment: environment)
    #expect(script.status == 0, "\(script)")
    try Data(script.standardOutput.utf8).write(to: folder.appendingPathComponent("ourplanet.bash"))
    // Each line as typed so far, and what Tab offers.
    let cases: [(line: String, expected: [String])] = [
      ("ourplanet --so", ["--sort", "--source"]),
      ("ourplanet events all --status ", ["open", "closed", "all"]),
      ("ourplanet --sort m", ["magnitude"]),
      ("ourplanet --format ", ["json", "csv", "geojson"]),
      ("ourplanet w", ["watch"]),
      ("ourplanet c", ["categories", "config", "completions"]),
      ("ourplanet watch --int", ["--interval"]),
      ("ourplanet --int", []),
      ("ourplanet --near h", ["home", "hollow"]),
      ("ourplanet events wildfires --bbox o", ["office"]),
      ("ourplanet events wi", ["wildfires"]),
      ("ourplanet completions ", ["bash", "zsh", "fish"]),
      ("ourplanet watch --exec ourpl", ["ourplanet"]),
      ("ourplanet watch --exec ourplanet --da", []),
      // Issue 38, item 16: the last item of a list, the source ids, --format only where it means more
      // than --json.
      ("ourplanet events wildfires,sev", ["wildfires,severeStorms"]),
      ("ourplanet events all --source IRW", ["IRWIN"]),
      ("ourplanet events all --source InciWeb,IRW", ["InciWeb,IRWIN"]),
      ("ourplanet events all --for", ["--format"]),
      ("ourplanet sources --for", []),
      ("ourplanet watch --for", []),
    ]
    for (line, expected) in cases {
      let run = try CommandRun.run(
        [
          "bash", "--norc", "--noprofile", "-c",
          """
          source ./ourplanet.bash
          read -ra COMP_WORDS <<< "$1"
          [[ $1 == *" " ]] && COMP_WORDS+=("")
          COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
          _ourplanet
          printf '%s\\n' "${COMPREPLY[@]}"
          """, "bash", line,
        ], in: folder, environment: environment)
      #expect(run.status == 0, "\(line): \(run)")
      let offered = run.standardOutput.split(separator: "\n").map(String.init)
      #expect(Set(offered) == Set(expected), "\(line): \(run)")
    }
  }

  @Test("zsh and fish scripts come from the same declarations; a wrong shell is bad usage")
  func otherShells() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let fish = try CommandRun.run([binary, "completions", "fish"], in: temporary.url, environment: [:])
    #expect(fish.status == 0)
    #expect(
      fish.standardOutput.contains(
        "complete -c ourplanet -n '__fish_seen_subcommand_from watch' -l interval -x"))
    #expect(fish.standardOutput.contains("-l sort -x -a 'date magnitude title distance'"))
    let zsh = try CommandRun.run([binary, "completions", "zsh"], in: temporary.url, environment: [:])
    #expect(zsh.standardOutput.hasPrefix("#compdef ourplanet\n"))
    #expect(zsh.standardOutput.contains("complete -F _ourplanet ourplanet"))
    let wrong = try CommandRun.run([binary, "completions", "tcsh"], in: temporary.url, environment: [:])
    #expect(wrong.status == 2)
    #expect(wrong.standardError.hasPrefix("ourplanet: 'completions' needs a shell: bash, zsh or fish\n"))
  }
}
