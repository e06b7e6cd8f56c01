import Dispatch
import Foundation
import RxCore
import TestSupport
import Testing

@testable import OurPlanetUI

/// `$BROWSER` as the convention reads it, then xdg-open, then open; real programs, no shell.
@Suite("Link opener")
struct LinkOpenerTests {
  let url = "https://eonet.gsfc.nasa.gov/api/v3/events/EONET_1"

  @Test("BROWSER: a :-separated list, %s for the URL (else it comes last), %% a percent sign")
  func commands() {
    let commands = LinkOpener.commands(
      for: url, environment: ["BROWSER": "firefox --new-tab:w3m -o x=%% %s::lynx"])
    #expect(
      commands == [
        ["firefox", "--new-tab", url], ["w3m", "-o", "x=%", url], ["lynx", url], ["xdg-open", url],
        ["open", url],
      ])
    #expect(LinkOpener.commands(for: url, environment: [:]) == [["xdg-open", url], ["open", url]])
  }

  /// A folder with a `PATH` of scripts: each records its arguments in `calls` and exits with its status.
  final class Scripts {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ourplanet-browser-\(UUID().uuidString)", isDirectory: true)
    var calls: URL { folder.appendingPathComponent("calls") }

    init(_ statuses: [String: Int32]) throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, status) in statuses {
        let script = folder.appendingPathComponent(name)
        let text =
          "#!/bin/sh\nprintf '%s %s\\n' \"$(basename \"$0\")\" \"$*\" >> '\(calls.path)'\nexit \(status)\n"
        try ScriptFile.write(text, to: script, mode: 0o700)
      }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var recorded: [String] {
      ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Opens `url` with this folder as `PATH` and waits (30 s at most) for the outcome.
    func open(_ url: String, browser: String?) -> String?? {
      var environment = ["PATH": folder.path]
      environment["BROWSER"] = browser
      let done = DispatchSemaphore(value: 0)
      nonisolated(unsafe) var outcome: String?? = .none
      LinkOpener.open(url, on: ConcurrentDispatchQueueScheduler(qos: .utility), environment: environment) {
        outcome = .some($0)
        done.signal()
      }
      return done.wait(timeout: .now() + 30) == .success ? outcome : .none
    }
  }

  @Test("a missing or failing browser gives way to the next; the first that succeeds ends it")
  func fallThrough() throws {
    let scripts = try Scripts(["broken": 3, "good": 0, "xdg-open": 0])
    let outcome = scripts.open(url, browser: "missing-browser:broken --flag:good %s")
    #expect(outcome == .some(nil), "opened")
    #expect(scripts.recorded == ["broken --flag \(url)", "good \(url)"], "xdg-open not needed")
  }

  @Test("without BROWSER, xdg-open; with nothing installed, a message that says what to do")
  func fallbacks() throws {
    let scripts = try Scripts(["xdg-open": 0])
    #expect(scripts.open(url, browser: nil) == .some(nil))
    #expect(scripts.recorded == ["xdg-open \(url)"])
    let empty = try Scripts([:])
    let failure = try #require(empty.open(url, browser: "nothing-here"))
    #expect(failure?.contains("set BROWSER, or install xdg-open") == true, "\(String(describing: failure))")
  }

  @Test("the last failure is reported when every opener fails")
  func everyOneFails() throws {
    let scripts = try Scripts(["xdg-open": 4, "open": 5])
    let failure = try #require(scripts.open(url, browser: nil))
    #expect(failure == "open failed (exit status 5) opening \(url)")
    #expect(scripts.recorded == ["xdg-open \(url)", "open \(url)"])
  }
}
