extension ObservableType {
  /// A sequence that owns a resource for the lifetime of each subscription.
  ///
  /// For each subscriber, `resourceFactory` makes the resource and `observableFactory` the sequence
  /// that uses it; the resource is disposed together with the subscription, when the sequence ends or
  /// is disposed. An error thrown by either factory becomes the subscriber's error.
  /// ```swift
  /// Observable.using({ TemporaryFile() }, observableFactory: { file in upload(file) })
  /// ```
  /// - Parameters:
  ///   - resourceFactory: Makes the resource.
  ///   - observableFactory: Makes the sequence from the resource.
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    observableFactory: @escaping (Resource) throws -> Observable<Element>
  ) -> Observable<Element> {
    Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
  }
}

extension PrimitiveSequence {
  /// A trait that owns a resource for the lifetime of each subscription (see
  /// ``ObservableType/using(_:observableFactory:)``).
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).source }))
  }
}

private final class Using<Element, Resource: Disposable>: Producer<Element> {
  private let resourceFactory: () throws -> Resource
  private let observableFactory: (Resource) throws -> Observable<Element>

  init(
    resourceFactory: @escaping () throws -> Resource,
    observableFactory: @escaping (Resource) throws -> Observable<Element>
  ) {
    self.resourceFactory = resourceFactory
    self.observableFactory = observableFactory
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    var resource: Disposable?
    do {
      let made = try resourceFactory()
      resource = made
      let source = try observableFactory(made)
      return (sink, Disposables.create(source.subscribe(sink), made))
    } catch {
      sink.forwardError(error)
      return (sink, resource ?? Disposables.create())
    }
  }
}
