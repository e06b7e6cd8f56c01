import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// Adds a named place to the user's config file (the map's `f`), touching nothing else in it.
///
/// The new `NAME = "VALUE"` line goes right after the last entry of the `[places]` table, or in a
/// new `[places]` table at the end when the file has none; every other byte of the file stays as
/// the user wrote it, comments and order included. The edit is checked before it is written: the
/// new text must parse to exactly the old settings plus the one place, otherwise nothing is
/// written (a file whose places are an inline table, say). A name the file already has is refused,
/// never replaced. The write holds a lock beside the file (`.config.toml.lock`), so two instances
/// saving at once both land, and goes through ``AtomicFile``: a full disk or a kill leaves the old
/// file whole. A symbolic link to the file (a dotfiles folder) stays a link: its target is written.
///
/// ```swift
/// let text = try PlaceWriter.adding(name: "lake", value: "bbox:-120,38,-119,39", to: "[places]\nhome = \"1,2\"\n")
/// // "[places]\nhome = \"1,2\"\nlake = \"bbox:-120,38,-119,39\"\n"
/// ```
package enum PlaceWriter {
  /// Saves `region` as place `name` in the config file at `path` (created, with its folder, when
  /// missing).
  ///
  /// - Returns: The place as the file now has it.
  /// - Throws: ``ConfigurationError`` naming the file: the name is taken (with its line), the
  ///   file is not one this can safely edit, or it could not be written.
  package static func save(name: String, region: Region, to path: String) throws(ConfigurationError)
    -> Configuration.Place
  {
    let target = resolvedPath(path)
    let url = URL(fileURLWithPath: target)
    let directory = url.deletingLastPathComponent()
    func fail(_ message: String, line: Int? = nil) -> ConfigurationError {
      ConfigurationError(file: path, line: line, message: message)
    }
    do {
      try AtomicFile.createDirectory(directory)
      let lock = try FileLock(path: directory.appendingPathComponent(".\(url.lastPathComponent).lock").path)
      return try lock.withLock { () throws -> Configuration.Place in
        var info = stat()
        var text = ""
        var mode: mode_t = 0o600
        if stat(target, &info) == 0 {
          guard info.st_mode & S_IFMT == S_IFREG else {
            throw fail("is not a regular file: places cannot be saved in it")
          }
          guard info.st_size <= Configuration.maximumFileSize else { throw fail("is too large to edit") }
          mode = info.st_mode & 0o777
          guard let data = FileManager.default.contents(atPath: target),
            let read = String(data: data, encoding: .utf8)
          else { throw fail("cannot be read as UTF-8 text") }
          text = read
        }
        let value = Configuration.Place.text(for: region)
        let edited = try adding(name: name, value: value, to: text, file: path)
        try AtomicFile.write([Data(edited.text.utf8)], to: url, mode: mode)
        return Configuration.Place(
          name: name, region: try Configuration.Place.region(parsing: value), text: value, line: edited.line)
      }
    } catch let error as ConfigurationError {
      throw error
    } catch let error as SystemFailure {
      throw fail("could not save the place: \(error)")
    } catch {
      throw fail("could not save the place: \(error)")
    }
  }

  /// `text` with `name = "value"` added to its places: after the last entry of `[places]`, or in a
  /// new `[places]` table at the end.
  ///
  /// - Returns: The new text and the 1-based line of the new entry.
  /// - Throws: ``ConfigurationError`` naming `file`: the name is not a place name, the file has it
  ///   already (its line), the file does not parse, or its places are not a `[places]` table this
  ///   can add a line to.
  package static func adding(name: String, value: String, to text: String, file: String = "config.toml")
    throws(ConfigurationError) -> (text: String, line: Int)
  {
    func fail(_ message: String, line: Int? = nil) -> ConfigurationError {
      ConfigurationError(file: file, line: line, message: message)
    }
    guard Configuration.Place.isName(name) else {
      throw fail("'\(name)' is no place name: letters, digits, '-' and '_', starting with a letter")
    }
    let before: TOMLTable
    do {
      before = try TOML.parse(text)
    } catch {
      throw fail("does not parse (\(error.message)): the place was not saved", line: error.line)
    }
    let newline = text.contains("\r\n") ? "\r\n" : "\n"
    let entry = "\(TOMLValue.key(name)) = \(TOMLValue.string(value).tomlText)"
    // Split on the scalar: a String sees "\r\n" as one character, which "\n" does not split.
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let insertion: Int
    if let places = before.entry("places") {
      guard case .table(let table) = places.value, table.line > 0, lines.indices.contains(table.line - 1),
        isHeader(lines[table.line - 1])
      else {
        throw fail(
          "the places are not a [places] table (line \(places.line)): add \(entry) yourself",
          line: places.line)
      }
      if let existing = table.entry(name) {
        throw fail("a place called '\(name)' is there already: pick another name", line: existing.line)
      }
      // After the table's last entry: comments and blank lines before the next table stay with it.
      var last = table.line - 1
      var index = table.line
      while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("[") {
        let trimmed = lines[index].trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty, !trimmed.hasPrefix("#") { last = index }
        index += 1
      }
      insertion = last + 1
      lines.insert(entry + (newline == "\r\n" ? "\r" : ""), at: insertion)
    } else {
      // A new table at the end, a blank line before it when the file has anything.
      if lines.last == "" { lines.removeLast() }
      let carriage = newline == "\r\n" ? "\r" : ""
      if !lines.isEmpty, lines.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == false {
        lines.append(carriage)
      }
      lines.append("[places]" + carriage)
      insertion = lines.count
      lines.append(entry + carriage)
      lines.append("")
    }
    let edited = lines.joined(separator: "\n")
    // The edit must mean exactly what it was meant to: the old settings and the one new place.
    let old: TOMLTable
    if case .table(let table)? = before["places"] { old = table } else { old = TOMLTable() }
    let others = before.keys.filter { $0 != "places" }
    guard let after = try? TOML.parse(edited), case .table(let added)? = after["places"],
      added[name] == .string(value), added.keys == old.keys + [name],
      old.keys.allSatisfy({ sameValues(added[$0]!, old[$0]!) }),
      after.keys.filter({ $0 != "places" }) == others,
      others.allSatisfy({ sameValues(after[$0]!, before[$0]!) })
    else {
      throw fail("the place could not be added safely: add \(entry) under [places] yourself")
    }
    return (edited, insertion + 1)
  }

  /// Whether `line` is the `[places]` header (a comment may follow it).
  private static func isHeader(_ line: String) -> Bool {
    var text = Substring(line.trimmingCharacters(in: .whitespacesAndNewlines))
    guard text.hasPrefix("[") else { return false }
    text = text.dropFirst()
    guard let close = text.firstIndex(of: "]") else { return false }
    let after = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
    return text[..<close].trimmingCharacters(in: .whitespaces) == "places"
      && (after.isEmpty || after.hasPrefix("#"))
  }

  /// Whether two values are the same, whatever lines they were on.
  private static func sameValues(_ a: TOMLValue, _ b: TOMLValue) -> Bool {
    switch (a, b) {
    case (.table(let x), .table(let y)):
      return x.keys == y.keys && x.keys.allSatisfy { sameValues(x[$0]!, y[$0]!) }
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy(sameValues)
    default:
      return a == b
    }
  }

  /// `path` with its symbolic links followed, so the link stays a link; `path` itself when it does
  /// not exist yet.
  private static func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
