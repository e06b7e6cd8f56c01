import Foundation

/// glibc's allocator, tuned for this app once at start.
enum Allocator {
  /// Keeps every thread on glibc's main malloc arena.
  ///
  /// glibc gives a new thread an arena of its own and grows such an arena one page at a time, each
  /// step an `mprotect` call: decoding ten times today's events on the dispatch threads made 6,900 of
  /// those calls, a fifth of the start-up's time. The main arena grows through `brk` in large steps
  /// (about 200 calls for the same work), and fewer arenas also mean less memory held. The app's
  /// threads mostly wait for the network and the terminal; they need no arenas of their own.
  static func useOneArena() {
    // `mallopt` and M_ARENA_MAX (-8 in <malloc.h>, glibc's ABI since 2.10) are not in Swift's Glibc
    // module, and the one C shim here belongs to curses, so the function is looked up at run time;
    // without it (another C library) nothing changes.
    let arenaMax: CInt = -8
    guard let symbol = dlsym(nil, "mallopt") else { return }
    typealias Mallopt = @convention(c) (CInt, CInt) -> CInt
    _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
  }
}
