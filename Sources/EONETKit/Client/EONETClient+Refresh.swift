import RxCore

extension EONETClient {
  /// Loads every category's events, at most `maxConcurrent` categories at a time, as a growing state.
  ///
  /// The graph of DESIGN.md: the categories, then `flatMap` to one stream per category, merged with
  /// `merge(maxConcurrent:)` and folded with `scan`. Each category's stream catches its own error, so
  /// one failure never stops the others; the first element (nothing loaded) comes as soon as the
  /// categories are known. The sequence fails only if the categories themselves cannot be loaded.
  ///
  /// ```swift
  /// client.refresh(forLast: 360)
  ///   .subscribe(onNext: { state in print(state.completed, "of", state.categories.count) })
  /// ```
  ///
  /// - Parameters:
  ///   - days: Prior days, today included.
  ///   - categories: The categories to load; ``categories`` by default.
  ///   - maxConcurrent: Categories downloading at once.
  /// - Returns: The state after each finished category, starting with the empty one.
  public func refresh(
    forLast days: Int, categories: Observable<[EOCategory]>? = nil, maxConcurrent: Int = 2
  ) -> Observable<EORefreshState> {
    (categories ?? self.categories)
      .flatMap { categories -> Observable<EORefreshState> in
        let initial = EORefreshState(categories: categories)
        return Observable.from(categories.map { category in self.load(category, forLast: days) })
          .merge(maxConcurrent: maxConcurrent)
          .scan(initial) { state, load in state.adding(load) }
          .startWith(initial)
      }
  }

  /// One category's events as an outcome that never fails.
  private func load(_ category: EOCategory, forLast days: Int) -> Observable<EOCategoryLoad> {
    fetchEvents(forLast: days, category: category)
      .map { EOCategoryLoad(category: category, result: .success($0)) }
      .catch { error in
        .just(EOCategoryLoad(category: category, result: .failure(EONETError(error))))
      }
  }
}

extension EONETError {
  /// `error` as an ``EONETError`` (anything else becomes a ``transport(url:message:)``).
  ///
  /// - Parameter error: Any error from an EONETKit observable.
  public init(_ error: any Error) {
    if let error = error as? EONETError {
      self = error
    } else {
      self = .transport(url: "", message: String(describing: error))
    }
  }
}
