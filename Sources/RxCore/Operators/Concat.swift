import Synchronization

extension ObservableType {
  /// The values of this sequence, then, once it completed, those of `second`.
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    SourceChain([asObservable(), second.asObservable()], count: 2, onError: .forward)
  }

  /// Concatenates the sequences of `sequence`: each one is subscribed after the previous one completed.
  ///
  /// An error ends the result at once; it completes after the last sequence completed.
  public static func concat<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    SourceChain(sequence, count: nil, onError: .forward)
  }

  /// Concatenates the sequences of `collection`: each one is subscribed after the previous one completed.
  public static func concat<Sources: Collection>(_ collection: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    SourceChain(collection, count: collection.count, onError: .forward)
  }

  /// Concatenates `sources`: each one is subscribed after the previous one completed.
  ///
  /// Example: `Observable.concat(cached, fresh)` sends the cached values, then the fresh ones.
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    SourceChain(sources, count: sources.count, onError: .forward)
  }
}

/// What a ``SourceChain`` does when one of its sources fails.
enum SourceChainErrorPolicy {
  /// The error ends the result; completion moves on (concat).
  case forward
  /// The error moves on; completion ends the result (catch(sequence:), retry).
  case moveOn
}

/// The base of ``SourceChain``: a running concatenation takes over the sources of a nested
/// concatenation instead of subscribing to it, so that concatenations nested to any depth
/// (`Observable.concat([a, Observable.concat([b, ...])])`) run in one sink, with no deeper call stack
/// per level, as in RxSwift.
class ConcatenatedSources<Element>: Producer<Element> {
  /// A fresh iterator over the sources when this is a concatenation (not catch or retry), else `nil`;
  /// with how many there are when that is known (a collection's count).
  func concatenatedSources() -> SourceFrame<Element>? { rxAbstractMethod() }
}

/// Subscribes to the sequences of `sources` one after another. With `.forward` (concat) completion
/// moves on and an error ends the result; with `.moveOn` (catch(sequence:), retry) an error moves on,
/// completion ends the result, and the last error ends it when the sources run out.
final class SourceChain<Sources: Sequence, Element>: ConcatenatedSources<Element>
where Sources.Element == Observable<Element> {
  typealias ErrorPolicy = SourceChainErrorPolicy

  private let sources: Sources
  private let count: Int?
  private let policy: ErrorPolicy

  /// - Parameter count: How many sources there are, when known (a collection's count).
  init(_ sources: Sources, count: Int?, onError policy: ErrorPolicy) {
    self.sources = sources
    self.count = count
    self.policy = policy
  }

  override func concatenatedSources() -> SourceFrame<Element>? {
    policy == .forward ? SourceFrame(sources: AnyIterator(sources.makeIterator()), left: count) : nil
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = SourceChainSink(
      iterator: sources.makeIterator(), count: count, catchesErrors: policy == .moveOn, observer: observer,
      cancel: cancel)
    return (sink, sink.run())
  }
}

/// Moving on to the next source never recurses: `pending` counts requests to move on, and only the
/// caller that raised it from 0 runs the loop; a source that terminates while it is being subscribed
/// only adds a request, which the running loop takes on once `subscribe` returned. `iterator`,
/// `nested` and `lastError` are touched by the loop's thread only, or before the request that hands
/// them to it (ordered by `pending`).
///
/// In concat mode a source that is itself a concatenation is not subscribed to: its sources are taken
/// over (`nested`, innermost last) and run here before the rest of `iterator`.
private final class SourceChainSink<Iterator: IteratorProtocol, Observer: ObserverType>: Sink<Observer>,
  PassThroughSink
where Iterator.Element == Observable<Observer.Element> {
  typealias Element = Observer.Element

  private var iterator: Iterator
  /// How many sources `iterator` has left, when known.
  private var iteratorLeft: Int?
  /// `iterator` gave its last source (known from its count) and was let go for a nested chain.
  private var iteratorDone = false
  /// The sources of nested concatenations taken over, the innermost last.
  private var nested: [SourceFrame<Element>] = []
  private let catchesErrors: Bool
  private var lastError: Swift.Error?
  private let current = SerialDisposable()
  private let pending = Atomic<Int>(0)

  init(iterator: Iterator, count: Int?, catchesErrors: Bool, observer: Observer, cancel: Cancelable) {
    self.iterator = iterator
    self.iteratorLeft = count
    self.catchesErrors = catchesErrors
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    moveNext()
    return current
  }

  func sourceEnded(_ event: Event<Element>) {
    switch event {
    case .error(let error) where catchesErrors:
      lastError = error
      moveNext()
    case .completed where !catchesErrors:
      moveNext()
    default:
      forwardTerminal(event)
    }
  }

  private func moveNext() {
    if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
    repeat {
      if isDisposed { return }
      guard let next = nextSource() else {
        if let lastError {
          forwardTerminal(.error(lastError))
        } else {
          forwardTerminal(.completed)
        }
        return
      }
      // Releases the previous source now, then subscribes the next one.
      let subscription = SingleAssignmentDisposable()
      current.disposable = subscription
      subscription.setDisposable(next.subscribe(self))
    } while pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
  }

  /// The next source to subscribe to, taking over the sources of nested concatenations.
  ///
  /// A nested chain that is the last source of a collection replaces that collection's level rather
  /// than adding one (a tail call), so a concat recursing through its last element holds one level.
  private func nextSource() -> Observable<Element>? {
    while true {
      let candidate: Observable<Element>?
      // Whether the level that gave `candidate` is known to have nothing after it.
      var levelEnded = false
      if let innermost = nested.last {
        candidate = innermost.sources.next()
        if candidate == nil {
          nested.removeLast()
          continue
        }
        if let left = innermost.left {
          nested[nested.count - 1].left = left - 1
          levelEnded = left - 1 < 1
        }
      } else {
        if iteratorDone { return nil }
        candidate = iterator.next()
        if candidate != nil, let left = iteratorLeft {
          iteratorLeft = left - 1
          levelEnded = left - 1 < 1
        }
      }
      guard let candidate else { return nil }
      if !catchesErrors, let chain = candidate as? ConcatenatedSources<Element>,
        let sources = chain.concatenatedSources()
      {
        if levelEnded {
          if nested.isEmpty { iteratorDone = true } else { nested.removeLast() }
        }
        nested.append(sources)
        #if TRACE_RESOURCES
          noteTailRecursion(depth: nested.count + (iteratorDone ? 0 : 1))
        #endif
        continue
      }
      return candidate
    }
  }

  override func dispose() {
    super.dispose()
    current.dispose()
  }
}

/// One level of a running concatenation: its sources, and how many are left when that is known.
struct SourceFrame<Element> {
  var sources: AnyIterator<Observable<Element>>
  var left: Int?
}
