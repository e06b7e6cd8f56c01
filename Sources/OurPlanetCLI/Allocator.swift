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

  /// Hands the pages the arenas hold free back to the system (`malloc_trim`).
  ///
  /// A refresh decodes every category again and frees the previous generation, but glibc keeps the
  /// freed memory in its arenas, scattered between live blocks: under `--refresh-interval 1s` the
  /// UI's resident memory grew from 55 to 81 MB in 60 refreshes while what it had allocated stayed
  /// at 11–22 MB (mallinfo2: 47 MB of arena, 25–35 MB of it free). The UI calls this after each
  /// refresh, off the main thread: it walks the arenas under their locks for a few milliseconds.
  /// (A fixed 128 KiB mmap threshold helped while bodies arrived in many small buffers of the
  /// Foundation client the app used then; later it no longer did, and it cost the first frame at 10x
  /// about 10%.)
  static func releaseFreeMemory() {
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    typealias MallocTrim = @convention(c) (Int) -> CInt
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  }

  /// `M_ARENA_MAX` in <malloc.h> (glibc's ABI since 2.10).
  private static let arenaMax: CInt = -8

  private static func limitArenas(to count: Int) {
    setOption(arenaMax, to: count)
  }

  private static func setOption(_ option: CInt, to value: Int) {
    // `mallopt` is not in Swift's Glibc module, and the one C shim here belongs to curses, so the
    // function is looked up at run time; without it (another C library) nothing changes.
    guard let symbol = dlsym(nil, "mallopt") else { return }
    typealias Mallopt = @convention(c) (CInt, CInt) -> CInt
    _ = unsafeBitCast(symbol, to: Mallopt.self)(option, CInt(value))
  }
}
