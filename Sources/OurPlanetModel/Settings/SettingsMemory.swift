import Dispatch
import Foundation
import Support

/// Keeps the UI's ``RememberedSettings`` in the state folder, written off the UI thread as they
/// change.
///
/// Each write goes through ``StateFile`` (a lock against a second instance, then a temporary file,
/// `fsync`, rename): a kill -9 at any moment leaves the old file or the new one. Writes are
/// coalesced: while one is on its way, later settings wait in one slot and only the newest is
/// written next, so holding → on the days slider costs a few writes, not one per step, and the last
/// one always lands. ``flush()`` waits for them (the app calls it on the way out).
///
/// ```swift
/// let memory = SettingsMemory(file: StateFile(name: RememberedSettings.fileName, directory: state), messages: log)
/// memory.remember(RememberedSettings(days: 30))
/// ```
package final class SettingsMemory: Sendable {
  // `pending` is the package's lock box; `queue` serialises the writes; `file` and `messages` never change.
  private let file: StateFile<RememberedSettings>
  private let messages: MessageLog?
  private let queue: DispatchQueue
  private let pending = LockedValue<RememberedSettings?>(nil)

  /// A memory over `file`; a write that fails says why in `messages`.
  package init(
    file: StateFile<RememberedSettings>, messages: MessageLog?,
    writes: DispatchQueue = DispatchQueue(label: "ourplanet.remembered-settings", qos: .utility)
  ) {
    self.file = file
    self.messages = messages
    queue = writes
  }

  /// Reads `file`: the settings (with what was ignored in them), or a message when the
  /// file is damaged, too large or not a file; nothing when there is none.
  package static func read(_ file: StateFile<RememberedSettings>) -> (
    settings: RememberedSettings, problem: String?
  ) {
    switch file.read() {
    case .missing: return (RememberedSettings(), nil)
    case .value(let settings): return (settings, settings.ignoredMessage(path: file.url.path))
    case .damaged(let message): return (RememberedSettings(), message)
    }
  }

  /// Writes `settings` soon, on the memory's queue.
  package func remember(_ settings: RememberedSettings) {
    let scheduled = pending.withLock { slot in
      defer { slot = settings }
      return slot != nil
    }
    guard !scheduled else { return }
    queue.async { [self] in
      guard
        let next = pending.withLock({ slot in
          defer { slot = nil }; return slot
        })
      else { return }
      if let problem = file.write(next) { messages?.post(problem) }
    }
  }

  /// Waits until every setting remembered so far is on disk.
  package func flush() {
    queue.sync {}
  }
}
