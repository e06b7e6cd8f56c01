import Glibc

/// A self-pipe: anything (another thread, a signal handler) writes a byte to wake the main loop out
/// of `poll`.
///
/// Both ends are non-blocking, so a burst of wake-ups can never block the writer; a full pipe already
/// means "wake up".
final class WakePipe {
  let readFD: Int32
  let writeFD: Int32

  init() throws(TerminalError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw .systemCall("pipe", errno: errno)
    }
    readFD = fds[0]
    writeFD = fds[1]
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
  }

  /// A wake-up function that may be called from any thread.
  var signaller: @Sendable () -> Void {
    let fd = writeFD
    return {
      var byte: UInt8 = 1
      _ = write(fd, &byte, 1)
    }
  }

  /// Empties the pipe after `poll` said it is readable.
  func drain() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while read(readFD, &scratch, scratch.count) > 0 {}
  }

  deinit {
    close(readFD)
    close(writeFD)
  }
}
