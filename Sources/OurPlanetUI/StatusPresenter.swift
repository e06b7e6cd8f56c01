import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// The one owner of the status line: what it says, in which order of importance.
///
/// 1. While a refresh runs: the spinner and the progress bar (once the categories are known), with
///    the answer to the last key, else the newest message, else the event count, so neither a key's
///    answer nor a warning raised at start-up waits for the downloads to end.
/// 2. The answer to the last key (`Opening …`, `Nothing to refresh offline`), until the next key or
///    for ``freshSeconds`` seconds.
/// 3. A message posted in the last ``freshSeconds`` seconds: a problem (a damaged cache file, a link
///    that would not open) in the error style, a note (an export written) plainly.
/// 4. Failed downloads: how many, and that `!` lists them.
/// 5. The event total in the days window and where the data comes from, with how many rows of the
///    list on screen the config's alert rules mark (`▲ 3 alerts`; the scope's events where the
///    screen has no list of events).
///
/// The line says how many problems are unread and `!` lists every message, the answers to keys
/// included (reading them takes the hint away): the latest ``MessageLog/kept``,
/// with a note of how many older ones were let go (a session left running for days against a failing
/// server would otherwise keep every one).
final class StatusPresenter {
  /// How long a new message holds the status line.
  static let freshSeconds = 8

  private let context: AppContext
  private let alerts: AlertTracker?
  private let bag = DisposeBag()
  private let expiry = SerialDisposable()
  /// The latest messages, oldest first.
  private(set) var messages: [AppMessage] = []
  /// How many messages came in all, those no longer kept included.
  private(set) var messagesReceived = 0
  /// The message that holds the line now, if any.
  private(set) var fresh: AppMessage?
  /// How many problems came in all, and how many of them the user has had listed (`!`): the hint
  /// counts the rest. Notes and answers are never unread.
  private var problemsReceived = 0
  private var problemsRead = 0

  init(context: AppContext, alerts: AlertTracker? = nil) {
    self.context = context
    self.alerts = alerts
    bag.insert(expiry)
    context.answered = { [unowned self] text in
      keep(AppMessage(text: text, date: context.clock(), kind: .answer))
    }
    context.messages.messages
      .observe(on: context.mainScheduler)
      .subscribe(onNext: { [unowned self] message in self.received(message) })
      .disposed(by: bag)
  }

  /// The status line for the current state.
  func line(position: String?, alertCount listed: Int? = nil) -> StatusLine {
    let catalog = context.latestCatalog
    let help = "? help"
    var line = StatusLine(rightText: position.map { "\($0)  \(help)" } ?? help, theme: context.theme)
    line.spinner = Spinner(isSpinning: catalog.isLoading)
    line.tick = context.host.animationTick
    let events = Formatting.count(catalog.eventCount(in: context.scope), "event")
    if catalog.isLoading {
      // No bar while the category list itself is asked for: there is nothing yet to count.
      if !catalog.items.isEmpty {
        line.progress = Progress(completed: catalog.completedCount, total: catalog.items.count)
      }
      if let notice = context.notice {
        line.message = notice.text
        line.messageKind = notice.isError ? .error : .info
      } else if let fresh {
        line.message = fresh.text
        line.messageKind = fresh.kind == .problem ? .error : .info
      } else {
        line.message = catalog.isListing ? "asking for the categories · \(events)" : "downloading · \(events)"
      }
    } else if let notice = context.notice {
      line.message = notice.text
      line.messageKind = notice.isError ? .error : .info
    } else if let fresh {
      line.message = fresh.text + moreMessages(than: fresh.kind == .problem ? 1 : 0)
      line.messageKind = fresh.kind == .problem ? .error : .info
    } else if catalog.failedCount > 0 {
      let failed = catalog.failedCount
      line.message = "\(events) · \(failed) categor\(failed == 1 ? "y" : "ies") failed · ! lists messages"
      line.messageKind = .error
    } else {
      // With marks, the scope counts the marked categories, and the line says so.
      let marked = context.scope.categories?.count
      let categories = Formatting.count(
        marked ?? catalog.items.count, marked == nil ? "categor" : "marked categor", plural: "ies",
        singular: "y")
      let total = "\(events) in \(categories) (\(context.scope.window.phrase))"
      let next =
        context.catalogModel.nextRefresh.value.map { " · next refresh \(Formatting.clock($0))" }
        ?? ""
      line.message = total + alertCount(listed) + next + moreMessages(than: 0)
    }
    return line
  }

  /// `!` listed every message received so far: the hint leaves until a new one comes.
  func markRead() {
    problemsRead = problemsReceived
    fresh = nil
  }

  /// " · ▲ 3 alerts" when the config has rules: how many rows of the list on screen they mark
  /// (`listed`), else how many events of the scope.
  private func alertCount(_ listed: Int?) -> String {
    guard let alerts, !alerts.rules.isEmpty else { return "" }
    return " · ▲ \(Formatting.count(listed ?? alerts.count, "alert"))"
  }

  /// The hint to the unread messages, beyond the `shown` one the line already says.
  private func moreMessages(than shown: Int) -> String {
    let unread = problemsReceived - problemsRead
    guard unread > shown else { return "" }
    return " · \(Formatting.count(unread, "unread message")), ! lists them"
  }

  /// Keeps `message` for `!`.
  private func keep(_ message: AppMessage) {
    messages.append(message)
    messagesReceived += 1
    if messages.count > MessageLog.kept { messages.removeFirst(messages.count - MessageLog.kept) }
  }

  private func received(_ message: AppMessage) {
    keep(message)
    // An answer is on the line already (the context's notice, which expires by itself): it is only
    // kept for `!`.
    guard message.kind != .answer else { return }
    if message.kind == .problem { problemsReceived += 1 }
    fresh = message
    // What happened since the last key (a link that would not open) outranks the answer to it.
    context.notice = nil
    expiry.disposable = Observable<Int>.timer(.seconds(Self.freshSeconds), scheduler: context.mainScheduler)
      .subscribe(onNext: { [unowned self] _ in
        self.fresh = nil
        self.context.host.setNeedsRedraw()
      })
    context.host.setNeedsRedraw()
  }
}
