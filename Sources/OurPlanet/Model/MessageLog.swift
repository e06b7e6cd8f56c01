import Foundation
import RxCore

/// One message for the user: a warning of the data layer, a failure, a note.
public struct AppMessage: Equatable, Sendable {
  /// What happened, in one line.
  public var text: String
  /// When it was posted (the injected clock).
  public var date: Date

  /// A message.
  public init(text: String, date: Date) {
    self.text = text
    self.date = date
  }
}

/// Every message of the session, from any thread, kept from the very start.
///
/// A warning can be raised before any screen exists (a damaged cache file is found while the first
/// frame is still being set up); the log replays every message to each new subscriber, so none is
/// ever lost on the way to the status line or the messages view.
public final class MessageLog: @unchecked Sendable {
  // The subject serialises posts from any thread; `clock` is immutable.
  private let subject = ReplaySubject<AppMessage>.createUnbound()
  private let clock: @Sendable () -> Date

  /// A log that dates messages with `clock`.
  public init(clock: @escaping @Sendable () -> Date) {
    self.clock = clock
  }

  /// Adds a message. Safe from any thread.
  public func post(_ text: String) {
    subject.onNext(AppMessage(text: text, date: clock()))
  }

  /// Every message so far, then each new one.
  public var messages: Observable<AppMessage> { subject.asObservable() }
}
