import EONETKit
import Foundation
import Support

/// One key an `[[alert]]` table may have: its name, the type of its value, what it means, and how
/// it shapes the rule. ``AlertRules/keyDeclarations`` is the list: the reader checks a table against
/// it (an unknown key is reported with the closest declared one), reads each value by its type and
/// applies it, and the manual and README can print it.
///
/// ```swift
/// AlertRules.keyDeclarations.map { "\($0.name) (\($0.type.phrase)): \($0.meaning)" }
/// ```
package struct AlertKey: Sendable {
  /// The types a key's value may have.
  package enum ValueType: String, Sendable {
    /// A string.
    case string
    /// An array of strings; a single string is a list of one.
    case strings
    /// An array of strings, never a single string (a program and its arguments).
    case program
    /// An integer or a finite float.
    case number
    /// `true` or `false`.
    case boolean

    /// The type as a sentence names it: `a string`, `an array of strings`, `true or false`.
    package var phrase: String {
      switch self {
      case .string: "a string"
      case .strings, .program: "an array of strings"
      case .number: "a number"
      case .boolean: "true or false"
      }
    }
  }

  /// The key as the file writes it (`min-magnitude`).
  package let name: String
  /// The type of its value.
  package let type: ValueType
  /// What it means, as the manual says it.
  package let meaning: String
  /// How a value of ``type`` shapes the rule being read; throws for a value it cannot take.
  let apply: @Sendable (AlertValue, inout AlertDraft, AlertKeyContext) throws(AlertRuleError) -> Void
}

/// A key's value, read as its declared type: a key's `apply` is only given the case of its
/// ``AlertKey/type`` (``AlertKey/ValueType/strings`` and ``AlertKey/ValueType/program`` both as
/// `strings`), so each accessor's fallback is never reached.
enum AlertValue {
  case string(String)
  case strings([String])
  case number(Double)
  case boolean(Bool)

  var text: String {
    if case .string(let text) = self { return text }
    return ""
  }

  var list: [String] {
    if case .strings(let list) = self { return list }
    return []
  }

  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  var flag: Bool {
    if case .boolean(let flag) = self { return flag }
    return false
  }
}

/// A rule as its keys are read, before the checks across keys.
struct AlertDraft {
  var name = ""
  var scope = EventScope(days: 1)
  var place: String?
  var changes = Set(EventChange.allCases)
  var bell = false
  var notify = false
  var exec: [String]?
}

/// What a key needs besides its value: the messages' form and the config's places.
struct AlertKeyContext {
  /// A mistake at `key`'s line.
  let error: (_ key: String, _ message: String) -> AlertRuleError
  /// `near`'s text as a region.
  let region: (_ text: String) throws(AlertRuleError) -> Region
}

extension AlertRules {
  /// The keys an `[[alert]]` table may have, in the order the manual lists them and the reader
  /// applies them.
  package static let keyDeclarations: [AlertKey] = [
    AlertKey(
      name: "name", type: .string, meaning: "what the alert is called in every message (required, unique)"
    ) {
      value, draft, context throws(AlertRuleError) in
      draft.name = value.text.trimmingCharacters(in: .whitespaces)
      guard !draft.name.isEmpty else { throw context.error("name", "the name is empty") }
    },
    AlertKey(
      name: "near", type: .string,
      meaning: "where: a place of `[places]`, `LAT,LON[,KM]` or `bbox:W,S,E,N` (default anywhere)"
    ) { value, draft, context throws(AlertRuleError) in
      draft.place = value.text
      draft.scope.region = try context.region(value.text)
    },
    AlertKey(
      name: "categories", type: .strings, meaning: "category ids; the alert is about events of any of them"
    ) { value, draft, context throws(AlertRuleError) in
      guard !value.list.isEmpty else {
        throw context.error("categories", "categories is empty: the alert would never fire")
      }
      draft.scope.categories = Set(value.list)
    },
    AlertKey(
      name: "min-magnitude", type: .number, meaning: "only events whose latest magnitude is at least this"
    ) { value, draft, _ in draft.scope.minimumMagnitude = value.number },
    AlertKey(
      name: "max-magnitude", type: .number, meaning: "only events whose latest magnitude is at most this"
    ) { value, draft, _ in draft.scope.maximumMagnitude = value.number },
    AlertKey(
      name: "changes", type: .strings,
      meaning:
        "the changes it fires on: \(EventChange.allCases.map(\.rawValue).joined(separator: ", ")) (default all)"
    ) { value, draft, context throws(AlertRuleError) in
      guard !value.list.isEmpty else {
        throw context.error("changes", "changes is empty: the alert would never fire")
      }
      let known = EventChange.allCases.map(\.rawValue)
      draft.changes = []
      for word in value.list {
        guard let change = EventChange(rawValue: word) else {
          let hint = Suggestion.closest(to: word, in: known).map { " (did you mean '\($0)'?)" } ?? ""
          throw context.error(
            "changes", "unknown change '\(word)'\(hint); one of \(known.joined(separator: ", "))")
        }
        draft.changes.insert(change)
      }
    },
    AlertKey(name: "bell", type: .boolean, meaning: "ring the terminal bell (default false)") {
      value, draft, _ in draft.bell = value.flag
    },
    AlertKey(name: "notify", type: .boolean, meaning: "show a desktop notification (default false)") {
      value, draft, _ in draft.notify = value.flag
    },
    AlertKey(
      name: "exec", type: .program,
      meaning: "a program and its arguments to run for each change, without a shell"
    ) { value, draft, context throws(AlertRuleError) in
      guard let program = value.list.first, !program.isEmpty else {
        throw context.error("exec", "exec needs a program: exec = [\"/path/to/program\", \"argument\", …]")
      }
      draft.exec = value.list
    },
  ]

  /// The keys an `[[alert]]` table may have (``keyDeclarations``' names).
  package static var keys: [String] { keyDeclarations.map(\.name) }
}
