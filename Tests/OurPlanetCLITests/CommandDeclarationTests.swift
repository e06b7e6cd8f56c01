import Foundation
import Testing

@testable import OurPlanetCLI

/// Every place that names the commands reads ``CommandDeclaration/all``: each test walks the table,
/// so a place that stops reading it (a command it does not know) fails here.
@Suite("CommandDeclaration")
struct CommandDeclarationTests {
  private let parser = CommandLineParser(environment: [:])

  /// The command line that runs `command` with its example word.
  private func arguments(_ command: CommandDeclaration) -> [String] {
    var words = command.name.isEmpty ? [] : [command.name]
    if case .argument(_, let example, _, _) = command.form { words.append(example) }
    return words
  }

  @Test("each command parses to its own command, and refuses a missing or an extra word")
  func everyCommandParses() throws {
    var seen: [String] = []
    for command in CommandDeclaration.all {
      let options = try parser.parse(arguments(command))
      let parsed = options.help ? "help" : "\(options.command)"
      #expect(!seen.contains(parsed), "'\(command.name)' parses as another command: \(parsed)")
      seen.append(parsed)
      guard !command.name.isEmpty else { continue }
      #expect(
        parser.refusal(arguments(command) + ["extra"])
          == "unexpected argument 'extra' after '\(arguments(command).joined(separator: " "))'")
      if case .argument(let what, _, _, _) = command.form {
        #expect(parser.refusal([command.name]) == "'\(command.name)' needs \(what)")
        #expect(parser.refusal([command.name, ""]) == "'\(command.name)' needs \(what)")
      }
    }
    #expect(parser.refusal(["evnets"]) == "unknown command 'evnets'")
  }

  @Test("each command that takes options by scope checks them against that scope")
  func scopesMatchTheOptionDeclarations() throws {
    let scoped = CommandDeclaration.all.compactMap(\.options)
    #expect(Set(scoped) == Set(Options.CommandName.allCases))
    #expect(scoped.count == Options.CommandName.allCases.count)
    for command in CommandDeclaration.all {
      let options = try parser.parse(arguments(command))
      guard !options.help else { continue }
      #expect(options.command.name == command.options, "\(command.name)")
      if let scope = command.options, scope != .interactive { #expect(command.name == scope.rawValue) }
    }
  }

  @Test(
    "--help's usage, the page's synopsis and COMMANDS and the README's table list exactly the listed commands, in order"
  )
  func helpAndPageListTheCommands() throws {
    let manual = Manual.ourplanet
    let listed = CommandDeclaration.all.filter(\.isListed)
    let help = manual.helpText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(help.firstIndex(of: "Usage:"))
    let usage = help[(start + 1)...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ourplanet") }
    #expect(usage.count == listed.count)
    for (line, command) in zip(usage, listed) {
      #expect(line.hasPrefix("  " + manual.synopsis(of: Manual.Command(words: command.words, summary: ""))))
      #expect(line.hasPrefix(command.name.isEmpty ? "  ourplanet [" : "  ourplanet \(command.name)"))
    }
    // The README's table (`make docs`): one row per listed command, in order.
    let readme = manual.markdown(.commands).split(separator: "\n").dropFirst(2)
    #expect(readme.count == listed.count)
    for (row, command) in zip(readme, listed) {
      #expect(row.hasPrefix("| `ourplanet" + (command.name.isEmpty ? " [" : " \(command.name)")), "\(row)")
    }
    let page = manual.roffPage
    for command in CommandDeclaration.all where !command.name.isEmpty {
      #expect(
        page.contains(#"\fBourplanet\fR \fB\#(command.name)\fR"#) == command.isListed, "\(command.name)")
      #expect(help.contains { $0.hasPrefix("  ourplanet \(command.name)") } == command.isListed)
    }
  }

  @Test("the bash, zsh and fish scripts offer exactly the listed commands and their words")
  func completionsOfferTheCommands() throws {
    let names = CommandDeclaration.typed.map(\.name)
    #expect(names.contains("events") && !names.contains("manual") && !names.contains("help"))
    for shell in ShellCompletion.allCases {
      let script = shell.script
      switch shell {
      case .bash, .zsh:
        #expect(script.contains("COMPREPLY=($(compgen -W \"\(names.joined(separator: " "))\" -- \"$cur\"))"))
        for command in CommandDeclaration.typed where command.options != nil {
          #expect(script.contains("      \(command.name)) options=\""), "\(shell): \(command.name)")
        }
      case .fish:
        #expect(script.contains("__fish_use_subcommand -a '\(names.joined(separator: " "))'"))
      }
      for command in CommandDeclaration.typed {
        guard case .argument(_, _, .oneOf(let words), _) = command.form else { continue }
        let offered =
          shell == .fish
          ? "__fish_seen_subcommand_from \(command.name)' -a '\(words.joined(separator: " "))'"
          : "compgen -W \"\(words.joined(separator: " "))\""
        #expect(script.contains(offered), "\(shell): \(command.name)")
      }
    }
  }

  @Test("bash completes each command's name, and the words of a command that lists them")
  func bashCompletesTheCommands() throws {
    let bash = URL(fileURLWithPath: "/bin/bash")
    try #require(FileManager.default.isExecutableFile(atPath: bash.path))
    func complete(_ words: [String]) throws -> [String] {
      let line = (["ourplanet"] + words).map { "'\($0)'" }.joined(separator: " ")
      let program = """
        \(ShellCompletion.bash.script)
        COMP_WORDS=(\(line)); COMP_CWORD=\(words.count); _ourplanet; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let process = Process()
      process.executableURL = bash
      process.arguments = ["--norc", "-c", program]
      // `ourplanet completions categories` is not on this PATH: that word list comes out empty.
      process.environment = ["PATH": "/usr/bin:/bin"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    #expect(try complete([""]) == CommandDeclaration.typed.map(\.name))
    for command in CommandDeclaration.typed {
      #expect(try complete([String(command.name.prefix(3))]).contains(command.name))
      switch command.form {
      case .argument(_, _, .oneOf(let words), _): #expect(try complete([command.name, ""]) == words)
      case .argument(_, _, .categories, _): #expect(try complete([command.name, ""]) == ["all"])
      default: #expect(try complete([command.name, ""]).isEmpty, "\(command.name)")
      }
    }
  }
}
