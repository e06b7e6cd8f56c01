/// The completion scripts of `ourplanet completions bash|zsh|fish`, generated from
/// ``Options/declarations``: the commands, each command's options, and each option's values as its
/// ``OptionDeclaration/Completion`` says.
///
/// Words that depend on the user's files (the places of the config, the category ids of the cache
/// or the bundled snapshot, EONET's source ids) are asked of `ourplanet completions
/// places|categories|sources` when the shell completes, so the script never goes stale; a category
/// or source list completes its last item (`wildfires,sev` → `wildfires,severeStorms`). An option a
/// command takes only in a form another option says better (`--format` off `events`) is not offered.
enum ShellCompletion: String, CaseIterable {
  case bash, zsh, fish

  /// The commands, as a user types them (``CommandDeclaration/typed``).
  private static var commands: [String] { CommandDeclaration.typed.map(\.name) }

  /// The script for this shell.
  var script: String {
    switch self {
    case .bash:
      Self.bashScript(header: "# bash completion for ourplanet, made by `ourplanet completions bash`")
    case .zsh:
      """
      #compdef ourplanet
      # zsh completion for ourplanet, made by `ourplanet completions zsh`: the bash completion through
      # zsh's bashcompinit.
      autoload -U +X bashcompinit && bashcompinit

      """ + Self.bashScript(header: "")
    case .fish: Self.fishScript
    }
  }

  /// The options a command takes (`nil`: the terminal UI), long names only.
  private static func options(for command: Options.CommandName?) -> [OptionDeclaration] {
    Options.declarations.filter { declaration in
      guard let command else { return true }
      return (declaration.offeredTo ?? declaration.commands).contains(command)
    }
  }

  private static func bashScript(header: String) -> String {
    var valueCases = ""
    for declaration in Options.declarations {
      guard declaration.valueName != nil else { continue }
      let names = declaration.names.joined(separator: "|")
      let action: String
      switch declaration.completion {
      case .none: action = "return 0"
      case .file: action = "COMPREPLY=($(compgen -f -- \"$cur\")); return 0"
      case .directory: action = "COMPREPLY=($(compgen -d -- \"$cur\")); return 0"
      case .executable: action = "COMPREPLY=($(compgen -c -- \"$cur\")); return 0"
      case .oneOf(let words):
        action = "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return 0"
      case .place:
        action =
          "COMPREPLY=($(compgen -W \"$(ourplanet completions places 2>/dev/null)\" -- \"$cur\")); return 0"
      case .sources:
        action = "_ourplanet_list \"$(ourplanet completions sources 2>/dev/null)\"; return 0"
      }
      if case .rest = declaration.value {
        valueCases += "      \(names)) COMPREPLY=($(compgen -c -- \"$cur\")); return 0 ;;\n"
      } else {
        valueCases += "      \(names)) \(action) ;;\n"
      }
    }
    let rest = Options.declarations.filter { if case .rest = $0.value { true } else { false } }
      .flatMap(\.names).joined(separator: "|")
    var optionCases = ""
    for command in CommandDeclaration.all where command.isListed {
      guard let scope = command.options else { continue }
      let words = options(for: scope).flatMap(\.names).filter { $0.hasPrefix("--") }.joined(separator: " ")
      optionCases += "      \(command.name.isEmpty ? "\"\"" : command.name)) options=\"\(words)\" ;;\n"
    }
    let argumentCases = bashArgumentCases()
    let all = options(for: nil).flatMap(\.names).filter { $0.hasPrefix("--") }.joined(separator: " ")
    return """
      \(header.isEmpty ? "" : header + "\n")# Completes the last item of a comma-separated list (wildfires,sev → wildfires,severeStorms).
      _ourplanet_list() {
        local prefix=""
        [[ $cur == *,* ]] && prefix="${cur%,*},"
        COMPREPLY=($(compgen -P "$prefix" -W "$1" -- "${cur##*,}"))
      }
      _ourplanet() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command="" arguments=0 i
        [[ $COMP_CWORD -gt 0 ]] && prev="${COMP_WORDS[COMP_CWORD-1]}"
        COMPREPLY=()
        # The command, and how many words follow it that are not options or their values.
        for ((i = 1; i < COMP_CWORD; i++)); do
          case "${COMP_WORDS[i]}" in
            # After the program of `--exec` come its own arguments: nothing to offer.
            \(rest)) [[ $i -lt $((COMP_CWORD - 1)) ]] && return 0 ;;
            -*) ;;
            *)
              if [[ -z $command ]]; then
                case " \(commands.joined(separator: " ")) " in *" ${COMP_WORDS[i]} "*) command="${COMP_WORDS[i]}" ;; esac
              else
                arguments=$((arguments + 1))
              fi
              ;;
          esac
        done
        case "$prev" in
      \(valueCases)  esac
        if [[ $cur == -* ]]; then
          local options
          case "$command" in
      \(optionCases)      *) options="\(all)" ;;
          esac
          COMPREPLY=($(compgen -W "$options" -- "$cur"))
        elif [[ -z $command ]]; then
          COMPREPLY=($(compgen -W "\(commands.joined(separator: " "))" -- "$cur"))
      \(argumentCases)  fi
        return 0
      }
      complete -F _ourplanet ourplanet

      """
  }

  /// The bash branches that complete each command's word (the first word after the command).
  private static func bashArgumentCases() -> String {
    var cases = ""
    for command in CommandDeclaration.typed {
      guard case .argument(_, _, let completion, _) = command.form else { continue }
      let action: [String]
      switch completion {
      case .none: continue
      case .oneOf(let words):
        action = ["COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"]
      case .categories:
        action = [
          "if [[ $cur == *,* ]]; then",
          "  _ourplanet_list \"$(ourplanet completions categories 2>/dev/null)\"",
          "else",
          "  COMPREPLY=($(compgen -W \"all $(ourplanet completions categories 2>/dev/null)\" -- \"$cur\"))",
          "fi",
        ]
      }
      cases += "  elif [[ $command == \(command.name) && $arguments -eq 0 ]]; then\n"
      cases += action.map { "    " + $0 + "\n" }.joined()
    }
    return cases
  }

  private static var fishScript: String {
    var lines = [
      "# fish completion for ourplanet, made by `ourplanet completions fish`",
      "complete -c ourplanet -f",
      "complete -c ourplanet -n __fish_use_subcommand -a '\(commands.joined(separator: " "))'",
      // The last item of a comma-separated list: the words after what the token holds up to its last comma.
      "function __ourplanet_list; set -l token (commandline -ct); set -l prefix (string match -r '.*,' -- $token; or echo ''); "
        + "for word in (ourplanet completions $argv[1] 2>/dev/null); echo $prefix$word; end; end",
    ]
    for command in CommandDeclaration.typed {
      guard case .argument(_, _, let completion, _) = command.form else { continue }
      let words =
        switch completion {
        case .none: ""
        case .oneOf(let words): words.joined(separator: " ")
        case .categories: "all (__ourplanet_list categories)"
        }
      guard !words.isEmpty else { continue }
      lines.append("complete -c ourplanet -n '__fish_seen_subcommand_from \(command.name)' -a '\(words)'")
    }
    // The commands an option may be left out of (those that take any option are not).
    let scriptCommands = CommandDeclaration.typed.compactMap { $0.options == nil ? nil : $0.name }
    for declaration in Options.declarations {
      var line = "complete -c ourplanet"
      // A condition only for an option some command does not take.
      let offered = declaration.offeredTo ?? declaration.commands
      if offered.count < Options.CommandName.allCases.count {
        let taking = offered.filter { $0 != .interactive }.map(\.rawValue).sorted()
        let others = scriptCommands.filter { !taking.contains($0) }
        if offered.contains(.interactive) {
          line += " -n 'not __fish_seen_subcommand_from \(others.joined(separator: " "))'"
        } else {
          line += " -n '__fish_seen_subcommand_from \(taking.joined(separator: " "))'"
        }
      }
      for name in declaration.names {
        line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
      }
      if declaration.valueName != nil {
        switch declaration.completion {
        case .none: line += " -x"
        case .file: line += " -r -F"
        case .directory: line += " -x -a '(__fish_complete_directories)'"
        case .executable: line += " -x -a '(__fish_complete_command)'"
        case .oneOf(let words): line += " -x -a '\(words.joined(separator: " "))'"
        case .place: line += " -x -a '(ourplanet completions places 2>/dev/null)'"
        case .sources: line += " -x -a '(__ourplanet_list sources)'"
        }
      }
      let summary = declaration.summary.replacingOccurrences(of: "`", with: "")
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      line += " -d '\(summary)'"
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
