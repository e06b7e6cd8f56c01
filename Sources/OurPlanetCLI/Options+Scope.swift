import EONETKit
import Foundation
import OurPlanetModel
import Support

/// The command line's filters beyond the days and the region: a past range, the status, a magnitude
/// range and sources. Each is read by its declaration in ``Options/declarations``; this file holds
/// their parsing and the checks that need several of them.
extension Options {
  /// The days window: `--from`/`--to` as whole UTC days; `--to` alone, the `--days` days ending
  /// with that day; else the last `--days` days.
  var window: EventWindow { EventWindow(days: days, from: from, through: to, today: today) }

  /// What the script commands download: the scope as request parameters.
  var query: EventQuery { scope.query(magnitudeIDs: magnitudeIDs) }

  /// Today, for the range's default end: the clock unless a test set ``clock``.
  var today: Date { clock ?? Date() }

  /// `YYYY-MM-DD`, a day that exists, as the start of that UTC day.
  static func day(_ text: String, for option: String) throws(UsageError) -> Date {
    do {
      return try EventWindow.day(parsing: text)
    } catch {
      switch error {
      case .notADate: throw UsageError("\(option): '\(text)' is not a date as YYYY-MM-DD (2024-06-01)")
      case .notOnTheCalendar: throw UsageError("\(option): \(text) is not a day of the calendar")
      }
    }
  }

  /// `1000`, `1000acres`, `1,000 acres`, `64 kts`, `100 NM²`: the value, and the unit as EONET
  /// names it when one is given, by the one magnitude reading (``MagnitudeText``).
  static func magnitude(_ text: String, for option: String, kinds: [EOMagnitudeKind]) throws(UsageError) -> (
    value: Double, unit: String?
  ) {
    do {
      return try MagnitudeText.parse(text, kinds: kinds)
    } catch {
      throw UsageError("\(option): \(error.message)")
    }
  }

  /// `--source`'s ids, each as EONET spells it (matched regardless of case).
  static func sources(_ text: String, known: [String]) throws(UsageError) -> [String] {
    let words = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
    guard !words.isEmpty else { throw UsageError("--source needs one or more source ids (InciWeb,IRWIN)") }
    var ids: [String] = []
    for word in words {
      guard let id = known.first(where: { $0.caseInsensitiveCompare(word) == .orderedSame }) else {
        let hint = Suggestion.closest(to: word, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError(
          "--source: '\(TextSanitizer.strippingControls(word))' is not an EONET source\(hint); 'ourplanet sources' lists them"
        )
      }
      if !ids.contains(id) { ids.append(id) }
    }
    return ids
  }

  /// The checks across the scope's options, once everything is read: a range that ends before it
  /// starts or after today, `--days` beside `--from`, bounds the wrong way round.
  func checkScope(daysBesideFrom: Bool) throws(UsageError) {
    let today = EventWindow.startOfDay(self.today)
    if let to, to > today { throw UsageError("--to: \(EventWindow.dayText(to)) is after today") }
    if let from {
      if daysBesideFrom {
        throw UsageError("--days and --from ask for two windows: give one (--from DATE [--to DATE])")
      }
      if from > today { throw UsageError("--from: \(EventWindow.dayText(from)) is after today") }
      if let to, to < from {
        throw UsageError(
          "--to \(EventWindow.dayText(to)) is before --from \(EventWindow.dayText(from)): the range would be empty"
        )
      }
    }
    if let minimum = minimumMagnitude, let maximum = maximumMagnitude, minimum > maximum {
      let unit = magnitudeUnit
      throw UsageError(
        "--min-magnitude \(Formatting.magnitude(value: minimum, unit: unit, ascii: false)) is above "
          + "--max-magnitude \(Formatting.magnitude(value: maximum, unit: unit, ascii: false)): nothing would pass"
      )
    }
  }

  /// Stores a magnitude bound read from `text`, keeping one unit for both bounds.
  static func setMagnitude(
    _ options: inout Options, _ text: String, option: String, _ store: (inout Options, Double) -> Void
  ) throws(UsageError) {
    let (value, unit) = try magnitude(
      text, for: option, kinds: KnownLists.in(options.cacheDirectory).magnitudes)
    if let unit {
      if let other = options.magnitudeUnit, other != unit {
        throw UsageError("\(option): '\(unit)' and '\(other)': the magnitude bounds need one unit")
      }
      options.magnitudeUnit = unit
    }
    store(&options, value)
  }
}
