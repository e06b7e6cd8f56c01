import Foundation
import RxCore
import Support

/// Opens a URL with the desktop's opener (`xdg-open`), without a shell and without waiting.
///
/// The opener's output goes to /dev/null so it can never scribble on the screen curses owns, and it
/// runs off the main thread so a slow opener never freezes the UI.
public enum LinkOpener {
  /// Starts the opener for `url` on `scheduler`; calls `completion` with an error message if it
  /// could not start or exited with an error, or with `nil` once it exited successfully.
  public static func open(
    _ url: String, on scheduler: some ImmediateSchedulerType & Sendable,
    completion: @escaping @Sendable (String?) -> Void
  ) {
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      completion("Not a web link: \(url)")
      return
    }
    _ = scheduler.schedule(()) { _ in
      guard let opener = findOpener() else {
        completion("No xdg-open found to open \(url)")
        return Disposables.create()
      }
      let process = Process()
      process.executableURL = opener
      process.arguments = [parsed.absoluteString]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
          completion("xdg-open was killed (signal \(process.terminationStatus)) opening \(url)")
        } else if process.terminationStatus != 0 {
          completion("xdg-open failed (exit status \(process.terminationStatus)) opening \(url)")
        } else {
          completion(nil)
        }
      } catch {
        completion("Could not start xdg-open: \(error.localizedDescription)")
      }
      return Disposables.create()
    }
  }

  private static func findOpener() -> URL? {
    Executable.find("xdg-open")
  }
}
