/// A ``ReplaySubject`` that never terminates: it only accepts values, and replays the last ones to each
/// new subscriber, like RxSwift's `ReplayRelay`.
///
/// ```swift
/// let log = ReplayRelay<String>.create(bufferSize: 2)
/// log.accept("a"); log.accept("b"); log.accept("c")
/// log.subscribe(onNext: { print($0) })  // prints b, c
/// ```
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
  // The subject is thread-safe.
  private let subject: ReplaySubject<Element>

  private init(subject: ReplaySubject<Element>) { self.subject = subject }

  /// A relay that replays the last `bufferSize` values.
  ///
  /// - Parameter bufferSize: How many values a new subscriber receives first.
  public static func create(bufferSize: Int) -> ReplayRelay<Element> {
    ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
  }

  /// A relay that replays every value it accepted.
  public static func createUnbound() -> ReplayRelay<Element> {
    ReplayRelay(subject: ReplaySubject.createUnbound())
  }

  /// Sends `event` to the current observers and keeps it for later ones.
  public func accept(_ event: Element) { subject._deliverNext(event) }

  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  public func asObservable() -> Observable<Element> { subject.asObservable() }
}
