import EONETKit
import Foundation
import OurPlanetModel
import Support

extension WatchCommand {
  /// Tells each change once: the line, the bell, `--exec`, and the actions of the rules it matches,
  /// each action committed to `actions.json` as it ends (a restart after a kill re-runs only the
  /// one it cut); a change whose action could not start is tried again at the next looks, up to
  /// ``attempts``.
  struct Teller {
    let options: Options
    let output: ChangeOutput
    let actions: StateFile<ActionProgress>
    /// What of the last change was done when the process last ended (`actions.json`).
    private var progress: ActionProgress?
    /// Changes whose action could not start, by event id: what of them is done, and how many tries.
    private var retrying: [String: (progress: ActionProgress, tries: Int)] = [:]

    init(options: Options, output: ChangeOutput, actions: StateFile<ActionProgress>) {
      self.options = options
      self.output = output
      self.actions = actions
      switch actions.read() {
      case .missing: break
      case .value(let value): progress = value
      case .damaged(let message): Console.error("watch: \(message); actions cut by the last exit run again")
      }
    }

    /// Tells `kind` of `event` (unless `--alerts-only` and no rule matches it).
    ///
    /// - Returns: Whether the change is done with (told, or given up): `false` when an action could
    ///   not start and will be tried again at the next look.
    mutating func tell(_ event: EOEvent, change kind: EventChange, since seen: EventFingerprint?) -> Bool {
      let matched = options.alerts.matching(event, change: kind)
      if !options.alertsOnly || !matched.isEmpty {
        let description = ChangeDescription(event, kind: kind, since: seen)
        var current =
          retrying[event.id].map(\.progress).flatMap { $0.isFor(event, change: kind) ? $0 : nil }
          ?? progress.flatMap { $0.isFor(event, change: kind) ? $0 : nil }
        var failed: [String] = []
        let actions = actions
        output.announce(event, change: description, matched: matched) { name, action in
          if current?.hasDone(name) == true { return }
          var next = current ?? ActionProgress(event, change: kind)
          guard action() else {
            failed.append(name)
            current = next
            return
          }
          next.done.append(name)
          current = next
          if let problem = Shutdown.critical({ actions.write(next) }) {
            Console.error("watch: \(problem)")
          }
        }
        progress = current ?? progress
        if !failed.isEmpty, let current {
          let tries =
            (retrying[event.id].map { $0.progress.isFor(event, change: kind) ? $0.tries : 0 } ?? 0) + 1
          let what = "\(failed.joined(separator: ", ")) for \(kind.rawValue) \(Console.line(event.id))"
          if tries < WatchCommand.attempts {
            retrying[event.id] = (current, tries)
            Console.error(
              "watch: \(what) could not start; trying again at the next look (\(tries) of \(WatchCommand.attempts))"
            )
            return false
          }
          Console.error("watch: \(what) could not start \(WatchCommand.attempts) times; giving it up")
        }
      }
      retrying[event.id] = nil
      return true
    }
  }
}
