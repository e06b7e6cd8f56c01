import Foundation
import Testing

@testable import OurPlanetCLI

@Suite("OptionDeclaration")
struct OptionDeclarationTests {
  /// A command line that runs a command `declaration` is for: `events all` when it can.
  private static func commandWords(for declaration: OptionDeclaration) -> [String] {
    let preferred: [Options.CommandName] = [.events, .watch, .interactive, .categories, .sources, .image]
    switch preferred.first(where: declaration.commands.contains) {
    case .events: return ["events", "all"]
    case .watch: return ["watch"]
    case .categories: return ["categories"]
    case .sources: return ["sources"]
    case .image: return ["image", "EONET_1"]
    case .interactive, nil: return []
    }
  }

  @Test(
    "every declared option parses its documented example, and the example changes the options",
    arguments: Options.declarations.compactMap(\.names.last))
  func examplesParse(name: String) throws {
    let declaration = try #require(Options.declaration(named: name))
    let parser = CommandLineParser(environment: [:])
    let command = Self.commandWords(for: declaration)
    #expect(declaration.names.contains(try #require(declaration.example.first)))
    let parsed = try parser.parse(command + declaration.example)
    #expect(parsed != (try parser.parse(command)), "\(declaration.example) stores nothing")
    // Every spelling is the same option.
    for name in declaration.names {
      let respelled = [name] + declaration.example.dropFirst()
      #expect(try parser.parse(command + respelled) == parsed)
    }
  }

  @Test("each name is declared once and starts with a dash, and each value is named")
  func namesAreUnique() {
    let names = Options.declarations.flatMap(\.names)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.hasPrefix("--") || ($0.count == 2 && $0.hasPrefix("-")) })
    for declaration in Options.declarations {
      #expect(!declaration.commands.isEmpty, "\(declaration.label) is for no command")
      #expect(declaration.valueName?.isEmpty != true, "\(declaration.label)")
      #expect(!declaration.summary.isEmpty, "\(declaration.label)")
    }
  }

  @Test("a value from a fixed list completes to exactly the words the parser takes")
  func completionListsParse() throws {
    let parser = CommandLineParser(environment: [:])
    for declaration in Options.declarations {
      guard case .oneOf(let words) = declaration.completion, let name = declaration.names.last else {
        continue
      }
      for word in words {
        let arguments = Self.commandWords(for: declaration) + [name, word]
        // `--sort distance` needs a point; `--format csv` is for events: valid with what they need.
        let extra = word == "distance" ? ["--near", "0,0"] : []
        #expect(throws: Never.self, "\(arguments)") { try parser.parse(arguments + extra) }
      }
      #expect(throws: UsageError.self) {
        try parser.parse(Self.commandWords(for: declaration) + [name, "nonsense"])
      }
    }
  }
}
