import Foundation
import RxCore

/// One message for the user: a warning of the data layer, a failure, a note.
package struct AppMessage: Equatable, Sendable {
  /// What happened, in one line.
  package var text: String
  /// When it was posted (the injected clock).
  package var date: Date
  /// What kind of message it is: a problem holds the status line in the error style and counts as
  /// unread until `!` lists it; a note (an export written) holds it plainly; an answer to a key is
  /// already on the line and is only kept for `!`.
  package var kind: Kind

  /// What kind of message a message is.
  package enum Kind: Equatable, Sendable {
    /// Something went wrong or needs the user's attention.
    case problem
    /// Something finished as asked (an export written).
    case note
    /// The answer to a key, kept so that a line cut on the status line can be read whole in `!`.
    case answer
  }

  /// A message.
  package init(text: String, date: Date, kind: Kind = .problem) {
    self.text = text
    self.date = date
    self.kind = kind
  }
}

/// The session's messages, from any thread, the latest ``kept`` of them kept.
///
/// A warning can be raised before any screen exists (a damaged cache file is found while the first
/// frame is still being set up); the log replays what it keeps to each new subscriber, so none is
/// lost on the way to the status line or the messages view. It keeps a bounded number: a session
/// left running for days against a failing server posts a few messages a refresh, and an unbounded
/// log would grow for as long as it runs.
package final class MessageLog: Sendable {
  /// How many messages are kept (the newest).
  package static let kept = 200

  // The subject serialises posts from any thread; `clock` is immutable.
  private let subject = ReplaySubject<AppMessage>.create(bufferSize: MessageLog.kept)
  private let clock: @Sendable () -> Date

  /// A log that dates messages with `clock`.
  package init(clock: @escaping @Sendable () -> Date) {
    self.clock = clock
  }

  /// Adds a message (a problem unless `kind` says otherwise). Safe from any thread.
  package func post(_ text: String, kind: AppMessage.Kind = .problem) {
    subject.onNext(AppMessage(text: text, date: clock(), kind: kind))
  }

  /// The kept messages so far, then each new one.
  package var messages: Observable<AppMessage> { subject.asObservable() }
}
