/// How long the subject behind ``ObservableType/share(replay:scope:)`` lives.
public enum SubjectLifetimeScope {
  /// Each connection has its own subject: when the source terminates or the last subscriber leaves,
  /// the replay buffer is dropped and the next subscriber subscribes to the source again.
  case whileConnected
  /// One subject for ever: the source is still disconnected when the last subscriber leaves, but the
  /// replay buffer is kept, and after the source terminated a late subscriber gets the buffer and the
  /// terminal event without subscribing to the source again.
  case forever
}

extension ObservableType {
  /// Shares one subscription to this sequence among all subscribers, replaying the last `replay`
  /// values to each new one.
  ///
  /// The source is subscribed with the first subscriber and disposed when the last one leaves;
  /// `scope` decides what happens to the replay buffer then and after termination.
  /// ```swift
  /// let shared = expensive.share(replay: 1)
  /// ```
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
    switch scope {
    case .forever:
      if replay == 0 { return multicast(PublishSubject()).refCount() }
      return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
    case .whileConnected:
      if replay == 0 { return multicast(makeSubject: { PublishSubject() }).refCount() }
      return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
    }
  }
}
