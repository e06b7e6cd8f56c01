import EONETKit

extension EventWindow {
  /// "the last day", "the last 30 days"; for a past range "the 183 days ending 2024-11-30" (its
  /// last UTC day).
  package var phrase: String {
    guard let lastDay else { return days == 1 ? "the last day" : "the last \(Formatting.count(days)) days" }
    let last = Formatting.day(lastDay, in: .utc)
    return days == 1 ? "the day \(last)" : "the \(Formatting.count(days)) days ending \(last)"
  }

  /// ``phrase`` as a heading starts it: "last 30 days", "183 days ending 2024-11-30".
  package var heading: String {
    let text = phrase
    return text.hasPrefix("the ") ? String(text.dropFirst(4)) : text
  }
}
