import TerminalUI

/// The header's right text in the forms a screen offers, fullest first, and the one that fits.
///
/// A screen decides what gives way first: descriptions (the provenance's long words), then the
/// filters in a short form, then the filters as a count; what it puts in every form (the data's
/// date, the window, the order) stays. Only when even the last form is too wide is it cut.
///
/// ```swift
/// let header = HeaderText(forms: ["open · ≥ 1,000 acres · last 30 days", "2 filters · last 30 days"])
/// header.fitting(24, ellipsis: "…")  // "2 filters · last 30 days"
/// ```
struct HeaderText: Equatable {
  /// The forms, fullest first (at least one).
  var forms: [String]

  /// One form.
  init(_ text: String) {
    forms = [text]
  }

  /// These forms, fullest first; repeated forms are dropped.
  init(forms: [String]) {
    var unique: [String] = []
    for form in forms where !unique.contains(form) { unique.append(form) }
    self.forms = unique.isEmpty ? [""] : unique
  }

  /// The fullest form.
  var full: String { forms[0] }

  /// The fullest form `width` columns hold, else the last one cut with `ellipsis`.
  func fitting(_ width: Int, ellipsis: String) -> String {
    if let form = forms.first(where: { DisplayWidth.of($0) <= width }) { return form }
    return TextLayout.truncate(forms[forms.count - 1], toWidth: width, ellipsis: ellipsis)
  }
}
