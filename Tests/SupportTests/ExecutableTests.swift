import Foundation
import Support
import Testing

@Suite struct ExecutableTests {
  /// A scratch folder with `tool` (executable), `plain` (not executable) and `folder/` (a folder
  /// with its x bit, which is not a program).
  private func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
    for (name, mode) in [("tool", 0o755), ("plain", 0o644)] {
      let file = folder.appendingPathComponent(name)
      try Data("#!/bin/sh\n".utf8).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }
    return folder
  }

  @Test func findsTheFirstMatchOnPath() throws {
    let first = try scratch()
    let second = try scratch()
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let found = Executable.find("tool", environment: ["PATH": "/nonexistent:\(first.path):\(second.path)"])
    #expect(found?.path == first.appendingPathComponent("tool").path)
  }

  @Test func skipsFilesThatCannotRunAndFolders() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Executable.find("plain", environment: ["PATH": folder.path]) == nil)
    #expect(Executable.find("folder", environment: ["PATH": folder.path]) == nil)
    #expect(Executable.find("missing", environment: ["PATH": folder.path]) == nil)
  }

  /// An empty entry is skipped, never read as the current folder (which would give a relative path).
  @Test func emptyPathEntriesAreSkipped() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let found = Executable.find("tool", environment: ["PATH": "::\(folder.path):"])
    #expect(found?.path == folder.appendingPathComponent("tool").path)
    #expect(Executable.find("sh", environment: ["PATH": ":"]) == nil)
  }

  @Test func aNameWithASlashIsAPath() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tool = folder.appendingPathComponent("tool").path
    #expect(Executable.find(tool, environment: ["PATH": ""])?.path == tool)
    #expect(Executable.find(folder.appendingPathComponent("plain").path, environment: [:]) == nil)
    #expect(Executable.find("", environment: ["PATH": folder.path]) == nil)
  }
}
