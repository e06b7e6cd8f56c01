#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A per-thread slot holding one object reference.
struct ThreadLocalSlot: Sendable {
  let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "RxCore: pthread_key_create failed (\(status))")
    self.key = key
  }

  @inline(__always)
  var rawValue: UnsafeMutableRawPointer? {
    pthread_getspecific(key)
  }

  @inline(__always)
  func set(_ value: UnsafeMutableRawPointer?) {
    pthread_setspecific(key, value)
  }
}

private let mainThreadSlot = ThreadLocalSlot()
private let isMainMarker = 1
private let notMainMarker = 2

/// `true` on the process's main thread. The answer is computed once per thread and cached.
func isOnMainThread() -> Bool {
  if let cached = mainThreadSlot.rawValue { return Int(bitPattern: cached) == isMainMarker }
  let isMain = computeIsMainThread()
  mainThreadSlot.set(UnsafeMutableRawPointer(bitPattern: isMain ? isMainMarker : notMainMarker))
  return isMain
}

private func computeIsMainThread() -> Bool {
  #if os(Linux)
    // "/proc/thread-self" links to "<pid>/task/<tid>"; the main thread's tid is the pid.
    var buffer = [CChar](repeating: 0, count: 64)
    let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard length > 0 else { return false }
    let bytes = buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "/")
    guard parts.count == 3 else { return false }
    return parts[0] == parts[2]
  #else
    return pthread_main_np() != 0
  #endif
}
