import RxCore

extension EONETClient {
  /// Categories downloading at once during a refresh: the one place that says "two at a time".
  package static let maxConcurrentDownloads = 2

  /// The most categories a refresh loads (EONET lists 13).
  package static let maximumCategories = 100

  /// Loads every category's events, ``maxConcurrentDownloads`` categories at a time, as a stream of
  /// updates.
  ///
  /// The graph of DESIGN.md: the category list, then `flatMap` to one stream per category, merged
  /// with `merge(maxConcurrent:)`. Each category's stream catches its own error, so one failure never
  /// stops the others. The sequence fails only if the category list itself cannot be loaded.
  ///
  /// ```swift
  /// client.refresh(EventQuery(days: 360))
  ///   .subscribe(onNext: { update in print(update) })
  /// ```
  ///
  /// - Parameter query: What each category's download asks for: the last N days
  ///   (`EventQuery(days: 360)`), a past range, a status, magnitudes, sources.
  /// - Returns: ``EORefreshUpdate/listed(_:)``, then a `started` and a `loaded` or `failed` per
  ///   category, then completion.
  ///
  /// A category list the server answers badly (an HTTP error, a body too large or not the list)
  /// costs no events: the cached list stands in, else the bundled one, and a warning says which.
  /// An unreachable server (no connection, a timeout) fails the refresh, as before: its events
  /// could not come either.
  package func refresh(_ query: EventQuery) -> Observable<EORefreshUpdate> {
    let onWarning = configuration.onWarning
    let categories = fetchCategories().catch { [self] failure -> Observable<EOFetched<[EOCategory]>> in
      // Unreachable: the events would fail the same way; the refresh fails whole, as offline.
      guard Self.serverAnswered(failure) else { return .error(failure) }
      return localCategories()
        .do(onNext: { stored in
          onWarning?(
            .categoryListStandIn(reason: "\(failure)", source: stored.source, fetchedAt: stored.fetchedAt))
        })
        .catch { _ in Observable<EOFetched<[EOCategory]>>.error(failure) }
    }
    return Self.refresh(
      categories: categories.map { $0.value }, order: largestFirst,
      onWarning: onWarning
    ) { category in
      self.fetchEvents(query, category: category)
    }
  }

  /// Whether `error` came after the server answered: not a connection failure, a timeout or a
  /// cancellation.
  static func serverAnswered(_ error: any Error) -> Bool {
    switch error as? EONETError {
    case .transport?, .timedOut?, .cancelled?, .invalidURL?, nil: return false
    default: return true
    }
  }

  /// `categories` in download order: the largest expected download first, ties in the given order.
  ///
  /// Two slots and one category ten times the size of the rest (wildfires): started last, as title
  /// order would have it, its transfer and decoding form the refresh's tail alone; started first,
  /// they overlap the small downloads. The expected size is what the cache holds for the category
  /// (its last download), else its file in the bundled snapshot, else nothing. Only file sizes are
  /// read, never contents.
  ///
  /// - Parameter categories: The category list as the server sent it.
  /// - Returns: The same categories, largest expected first.
  package func largestFirst(_ categories: [EOCategory]) -> [EOCategory] {
    let sizes = expectedSizes(of: categories)
    return categories.indices
      .sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
      .map { categories[$0] }
  }

  /// The refresh graph over any source of categories and events (the app's feeds and tests use it).
  ///
  /// - Parameters:
  ///   - categories: The category list (its first element is used).
  ///   - maxConcurrent: Categories downloading at once.
  ///   - order: The download order of the list (as it comes when `nil`), for instance
  ///     ``largestFirst(_:)``.
  ///   - load: One category's events.
  /// - Returns: The updates, as ``refresh(_:)`` describes them.
  package static func refresh(
    categories: Observable<[EOCategory]>, maxConcurrent: Int = maxConcurrentDownloads,
    order: (([EOCategory]) -> [EOCategory])? = nil,
    onWarning: (@Sendable (EONETWarning) -> Void)? = nil,
    load: @escaping (EOCategory) -> Observable<EOFetched<[EOEvent]>>
  ) -> Observable<EORefreshUpdate> {
    categories.take(1).flatMap { received -> Observable<EORefreshUpdate> in
      // EONET lists 13; a server listing thousands would mean two requests each, and a list no one
      // reads: the first ones (largest first when ordered) load, and a warning says what was left.
      var list = order?(received) ?? received
      if list.count > maximumCategories {
        onWarning?(.categoriesLeftOut(count: list.count - maximumCategories, loaded: maximumCategories))
        list = Array(list.prefix(maximumCategories))
      }
      let downloads = Observable.from(
        list.map { category in
          load(category)
            .map { EORefreshUpdate.loaded(category, $0) }
            .catch { error in .just(.failed(category, EONETError(error))) }
            .startWith(.started(category))
        }
      )
      .merge(maxConcurrent: maxConcurrent)
      return downloads.startWith(.listed(list))
    }
  }
}

extension EONETError {
  /// `error` as an ``EONETError`` (anything else becomes a ``transport(url:message:)``).
  ///
  /// - Parameter error: Any error from an EONETKit observable.
  package init(_ error: any Error) {
    if let error = error as? EONETError {
      self = error
    } else {
      self = .transport(url: "", message: String(describing: error))
    }
  }
}
