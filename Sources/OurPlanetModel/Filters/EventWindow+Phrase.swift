import EONETKit

extension EventWindow {
  /// "the last day", "the last 30 days".
  public var phrase: String { days == 1 ? "the last day" : "the last \(Formatting.count(days)) days" }
}
