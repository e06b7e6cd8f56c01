import Foundation

/// glibc's allocator, tuned once at start for what the command does (before any thread allocates).
///
/// By default glibc hands new threads arenas of their own (up to eight per core) and grows such an
/// arena one page at a time, each step an `mprotect` call: decoding ten times today's events on the
/// dispatch threads made 6,900 of those calls.
enum Allocator {
  /// One arena for every thread: the script commands. They mostly wait for the network, and one
  /// arena grows through `brk` in large steps (69 calls for the same work) and holds the least
  /// memory (a full refresh peaks about 1 MB lower than with an arena per core).
  static func useOneArena() { limitArenas(to: 1) }

  /// One arena per core: the UI, whose start-up decodes the cache on every core at once. With a
  /// single arena those threads queued for its lock (futex calls by the thousand), and the first
  /// frame at ten times today's data came 10 to 15 ms later than with two arenas on two cores.
  static func useArenaPerCore() {
    limitArenas(to: max(1, min(ProcessInfo.processInfo.activeProcessorCount, 64)))
  }

  private static func limitArenas(to count: Int) {
    // `mallopt` and M_ARENA_MAX (-8 in <malloc.h>, glibc's ABI since 2.10) are not in Swift's Glibc
    // module, and the one C shim here belongs to curses, so the function is looked up at run time;
    // without it (another C library) nothing changes.
    let arenaMax: CInt = -8
    guard let symbol = dlsym(nil, "mallopt") else { return }
    typealias Mallopt = @convention(c) (CInt, CInt) -> CInt
    _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, CInt(count))
  }
}
