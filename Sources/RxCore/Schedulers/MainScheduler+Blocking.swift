extension MainScheduler {
  /// `true` where the main scheduler runs its actions: on the main thread, or inside a block the main
  /// queue runs (which a worker thread may drain, as under `swift test` on Linux).
  ///
  /// RxBlocking asks this before it blocks: blocking there would stop the main scheduler's queued work,
  /// so it keeps running that work with ``drain()`` while it waits.
  @_spi(RxBlocking)
  public static var isExecutingOnScheduler: Bool { isExecutingOnMain() }
}
