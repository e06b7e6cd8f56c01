import Foundation
import TestSupport

/// One finished run of a command: its exit status and what it wrote.
struct CommandRun: CustomStringConvertible {
  /// The exit status, or -1 when a signal ended it.
  let status: Int32
  let standardOutput: String
  let standardError: String

  var description: String {
    "exit status \(status)\n--- stdout\n\(standardOutput)\n--- stderr\n\(standardError)"
  }

  /// Runs `arguments` (the first looked up in `PATH`) in `directory` with exactly `environment`, and
  /// waits for it to end.
  ///
  /// Output goes to files rather than pipes, so a chatty command can never fill a pipe and stall.
  ///
  /// - Throws: If it cannot start, or it runs longer than `timeout` (it is killed then).
  static func run(
    _ arguments: [String], in directory: URL, environment: [String: String], timeout: Duration = .seconds(60)
  ) throws -> CommandRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ourplanet-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
      FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: scratch.path]) }
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? error.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now >= deadline {
        process.stop()
        throw CommandTimeout(arguments: arguments, timeout: timeout)
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    let status = process.terminationReason == .exit ? process.terminationStatus : -1
    return CommandRun(
      status: status,
      standardOutput: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "")
  }

  /// `command` is on `PATH`.
  static func isAvailable(_ command: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { directory in
      FileManager.default.isExecutableFile(atPath: "\(directory)/\(command)")
    }
  }
}

/// A command that ran longer than it was given.
struct CommandTimeout: Error, CustomStringConvertible {
  let arguments: [String]
  let timeout: Duration

  var description: String { "\(arguments.joined(separator: " ")) still ran after \(timeout)" }
}
