import EONETKit
import Foundation
import Support

/// The config file's `[[alert]]` rules, validated, in file order.
///
/// ```swift
/// let rules = try AlertRules.parse(configuration.alerts, places: configuration.places)
/// rules.matching(event, change: .new).map(\.name)  // ["fires near home"]
/// ```
package struct AlertRules: Equatable, Sendable {
  /// The rules, in file order.
  package let rules: [AlertRule]

  /// The given rules.
  package init(_ rules: [AlertRule] = []) {
    self.rules = rules
  }

  /// Whether there are none.
  package var isEmpty: Bool { rules.isEmpty }

  /// The rules that fire on `change` of `event`, in file order.
  package func matching(_ event: EOEvent, change: EventChange) -> [AlertRule] {
    rules.filter { $0.matches(event, change: change) }
  }

  /// Whether any rule marks `event` in the UI (``AlertRule/marks(_:)``).
  package func marks(_ event: EOEvent) -> Bool {
    rules.contains { $0.marks(event) }
  }

  /// Validates the `[[alert]]` tables.
  ///
  /// - Parameters:
  ///   - tables: The tables, as the TOML reader gives them (each key with its line).
  ///   - places: The config's named places, for `near = "home"`.
  ///   - file: The file's name in messages (`config.toml:12: …`).
  /// - Throws: ``AlertRuleError`` for the first problem: an unknown key (with the closest known
  ///   one), a value of the wrong type, an empty or repeated name, a `near` that is no place and
  ///   no coordinates, an unknown kind of change, bounds the wrong way round, an empty `exec`.
  package static func parse(_ tables: [TOMLTable], places: [String: Region], file: String = "config.toml")
    throws(AlertRuleError) -> AlertRules
  {
    var rules: [AlertRule] = []
    var names: [String: Int] = [:]
    for table in tables {
      var reader = AlertTableReader(table: table, places: places, file: file)
      let rule = try reader.rule()
      if let first = names[rule.name] {
        throw AlertRuleError(
          file: file, line: table.entry("name")?.line ?? table.line,
          message: "alert '\(rule.name)' is named twice (first on line \(first))")
      }
      names[rule.name] = table.entry("name")?.line ?? table.line
      rules.append(rule)
    }
    return AlertRules(rules)
  }
}

/// A mistake in an `[[alert]]` table: the file, the line and what is wrong there.
package struct AlertRuleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file's name as messages show it.
  package let file: String
  /// The 1-based line.
  package let line: Int
  /// What is wrong, in words.
  package let message: String

  /// `config.toml:12: alert 'fires': min-magnitude must be a number, not a string`.
  package var description: String { "\(file):\(line): \(message)" }
}

/// Reads one `[[alert]]` table into a rule, or says what is wrong with it.
private struct AlertTableReader {
  let table: TOMLTable
  let places: [String: Region]
  let file: String

  /// The rule's name once known, for messages.
  private var label = "alert"

  init(table: TOMLTable, places: [String: Region], file: String) {
    self.table = table
    self.places = places
    self.file = file
  }

  func error(_ key: String?, _ message: String) -> AlertRuleError {
    let line = key.flatMap { table.entry($0)?.line } ?? table.line
    return AlertRuleError(file: file, line: line, message: "\(label): \(message)")
  }

  mutating func rule() throws(AlertRuleError) -> AlertRule {
    // Named in every message about it, once it has a name to go by.
    if case .string(let given)? = table["name"], !given.trimmingCharacters(in: .whitespaces).isEmpty {
      label = "alert '\(given.trimmingCharacters(in: .whitespaces))'"
    }
    for key in table.keys where !AlertRules.keys.contains(key) {
      let hint = Suggestion.closest(to: key, in: AlertRules.keys).map { " (did you mean '\($0)'?)" } ?? ""
      throw error(
        key, "unknown key '\(key)'\(hint); an alert takes \(AlertRules.keys.joined(separator: ", "))")
    }
    guard table["name"] != nil else { throw error(nil, "has no name (name = \"…\")") }

    let reader = self
    let context = AlertKeyContext(
      error: { key, message in reader.error(key, message) },
      region: { text throws(AlertRuleError) in try reader.region(text) })
    var draft = AlertDraft()
    for key in AlertRules.keyDeclarations {
      guard let value = try value(of: key) else { continue }
      try key.apply(value, &draft, context)
    }
    if let minimum = draft.scope.minimumMagnitude, let maximum = draft.scope.maximumMagnitude,
      minimum > maximum
    {
      throw error("max-magnitude", "max-magnitude \(maximum) is below min-magnitude \(minimum)")
    }
    return AlertRule(
      name: draft.name, scope: draft.scope, place: draft.place, changes: draft.changes, bell: draft.bell,
      notify: draft.notify, exec: draft.exec, line: table.line)
  }

  /// `key`'s value read as its declared type (``AlertKey/ValueType``, whose phrase the messages
  /// use); `nil` when the table does not have it. A single string is a list of one for
  /// ``AlertKey/ValueType/strings``, never for a program, whose words a shell would split
  /// differently than a reader expects.
  private func value(of key: AlertKey) throws(AlertRuleError) -> AlertValue? {
    guard let value = table[key.name] else { return nil }
    let name = key.name
    switch (key.type, value) {
    case (.string, .string(let text)): return .string(text)
    case (.boolean, .boolean(let flag)): return .boolean(flag)
    case (.number, .integer(let number)): return .number(Double(number))
    case (.number, .float(let number)) where number.isFinite: return .number(number)
    case (.number, .float): throw error(name, "\(name) must be a finite number")
    case (.strings, .string(let text)): return .strings([text])
    case (.strings, .array(let values)), (.program, .array(let values)):
      var strings: [String] = []
      for element in values {
        guard case .string(let text) = element else {
          throw error(name, "\(name) must be \(key.type.phrase), not one holding \(element.typeName)")
        }
        strings.append(text)
      }
      return .strings(strings)
    default: throw error(name, "\(name) must be \(key.type.phrase), not \(value.typeName)")
    }
  }

  /// `near`: a place's name, `LAT,LON[,KM]` or `bbox:W,S,E,N`.
  func region(_ text: String) throws(AlertRuleError) -> Region {
    if let place = places[text] { return place }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    do {
      // Coordinates as a place's value reads them (one reader for `[places]`, `near` and the memory).
      if trimmed.lowercased().hasPrefix("bbox:") || trimmed.contains(",") {
        return try Configuration.Place.region(parsing: trimmed)
      }
    } catch {
      // The region parser names the command-line option; here the key is `near`.
      var message = error.description
      for option in ["--near: ", "--bbox: "] where message.hasPrefix(option) {
        message = String(message.dropFirst(option.count))
      }
      throw self.error("near", "near: \(message)")
    }
    let names = places.keys.sorted()
    let hint = Suggestion.closest(to: text, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    let known =
      names.isEmpty ? "no places are defined ([places])" : "places: \(names.joined(separator: ", "))"
    throw error(
      "near", "near '\(text)' is no place and not LAT,LON[,KM] or bbox:W,S,E,N\(hint); \(known)")
  }
}
