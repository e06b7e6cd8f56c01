import Foundation

// The reference lists: `/categories`, `/sources` and `/magnitudes`.
extension EONETDecoder {
  /// Decodes a list of categories.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The categories in document order and the number skipped.
  /// - Throws: The same errors as ``decodeEvents(from:status:contentType:)``.
  package func decodeCategories(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOCategory> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try ListDocument.read(&scanner, key: "categories") { scanner throws(JSONScanner.Failure) in
        try readCategory(&scanner, full: true)
      }
    }
  }

  /// Decodes EONET's list of sources (`/sources`).
  ///
  /// A source without an id, or not an object, is skipped and counted, as a malformed event is.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The sources in document order and the number skipped.
  /// - Throws: The same errors as ``decodeEvents(from:status:contentType:)``.
  package func decodeSources(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOSourceInfo> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try ListDocument.read(&scanner, key: "sources", element: readSourceInfo)
    }
  }

  /// Decodes EONET's list of magnitudes (`/magnitudes`).
  ///
  /// A magnitude without an id, or not an object, is skipped and counted, as a malformed event is.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The magnitudes in document order and the number skipped.
  /// - Throws: The same errors as ``decodeEvents(from:status:contentType:)``.
  package func decodeMagnitudes(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOMagnitudeKind> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try ListDocument.read(&scanner, key: "magnitudes", element: readMagnitudeKind)
    }
  }
}

/// Reads the top level of a list response (`/categories`, `/sources`, `/magnitudes`): the
/// envelope's array under `key` and its title, or a bare array.
private enum ListDocument {
  static func read<Element>(
    _ scanner: inout JSONScanner, key name: StaticString,
    element readElement: (inout JSONScanner) throws(JSONScanner.Failure) -> Element?
  ) throws(JSONScanner.Failure) -> EODecoded<Element> {
    var elements: [Element] = []
    var skipped = 0
    var title: String?
    func readList(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
      try scanner.beginArray()
      var first = true
      while try scanner.nextElement(first: &first) {
        // An entry of the wrong shape is skipped whole and counted, like one without an id.
        let element = try scanner.lenient { scanner throws(JSONScanner.Failure) in try readElement(&scanner) }
        if let element { elements.append(element) } else { skipped += 1 }
      }
    }
    if try scanner.peekValue() == UInt8(ascii: "[") {
      try readList(&scanner)
      return EODecoded(elements: elements, skipped: skipped)
    }
    try scanner.beginObject()
    var found = false
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      if scanner.key(key, is: name) {
        try readList(&scanner)
        found = true
      } else if scanner.key(key, is: "title") {
        title = try scanner.lenient { scanner throws(JSONScanner.Failure) in
          try scanner.readOptionalString(htmlEntities: true)
        }
      } else {
        try scanner.skipValue()
      }
    }
    guard found else { throw .type(offset: 0, expected: "a list of \(name)") }
    return EODecoded(elements: elements, skipped: skipped, title: title)
  }
}

/// Reads a source object, `{id, title, source, link}`; `nil` when the id is missing.
private func readSourceInfo(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> EOSourceInfo? {
  guard let (id, text) = try readListEntry(&scanner, texts: ["title", "source", "link"]) else { return nil }
  return EOSourceInfo(id: id, title: text["title"] ?? id, homepage: text["source"], link: text["link"])
}

/// Reads a magnitude object, `{id, name, unit, description, link}`; `nil` when the id is missing.
private func readMagnitudeKind(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> EOMagnitudeKind? {
  guard let (id, text) = try readListEntry(&scanner, texts: ["name", "unit", "description"]) else {
    return nil
  }
  return EOMagnitudeKind(
    id: id, name: text["name"] ?? id, unit: text["unit"] ?? "", description: text["description"] ?? "")
}

/// Reads an entry of one of EONET's lists: its `id` and the text of the keys named `texts` (each
/// absent when missing or null); every other key is skipped. `nil` when the id is missing or empty.
private func readListEntry(
  _ scanner: inout JSONScanner, texts names: [StaticString]
) throws(JSONScanner.Failure) -> (id: String, text: [String: String])? {
  try scanner.beginObject()
  var id: String?
  var text: [String: String] = [:]
  var first = true
  while let key = try scanner.nextKey(first: &first) {
    if scanner.key(key, is: "id") {
      id = try scanner.readID()
    } else if let name = names.first(where: { scanner.key(key, is: $0) }) {
      text[name.description] = try scanner.readOptionalText()
    } else {
      try scanner.skipValue()
    }
  }
  guard let id, !id.isEmpty else { return nil }
  return (id, text)
}

/// Reads a category object: `{id, title}` inside events; also `description`, `link` at the top level.
///
/// Returns `nil` when the id is missing. Events read their categories with it too.
func readCategory(
  _ scanner: inout JSONScanner, full: Bool
) throws(JSONScanner.Failure) -> EOCategory? {
  try scanner.beginObject()
  var id: String?
  var title: String?
  var description = ""
  var link: String?
  var first = true
  while let key = try scanner.nextKey(first: &first) {
    if scanner.key(key, is: "id") {
      id = try scanner.readID()
    } else if scanner.key(key, is: "title") {
      title = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
    } else if full, scanner.key(key, is: "description") {
      description =
        try scanner.lenient { scanner throws(JSONScanner.Failure) in
          try scanner.readOptionalString(htmlEntities: true)
        } ?? ""
    } else if full, scanner.key(key, is: "link") {
      link = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
    } else {
      try scanner.skipValue()
    }
  }
  guard let id, !id.isEmpty else { return nil }
  return EOCategory(id: id, title: title ?? id, description: description, link: link)
}
