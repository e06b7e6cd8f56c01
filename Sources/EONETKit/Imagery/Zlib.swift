@preconcurrency internal import CZlib

/// The system zlib, as the PNG decoder needs it: a CRC-32 and a bounded inflate.
enum Zlib {
  /// Why a zlib stream could not be inflated.
  enum Failure: Error, Equatable {
    /// The stream holds more than the expected number of bytes.
    case tooLong
    /// The stream ends before the expected number of bytes.
    case tooShort(Int)
    /// zlib's own reason.
    case corrupt(String)
  }

  /// The CRC-32 (ISO 3309, as PNG and gzip use it) of `bytes`.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(truncatingIfNeeded: CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }

  /// Inflates a zlib-wrapped stream (RFC 1950) that must hold exactly `count` bytes.
  ///
  /// The output buffer is `count + 1` bytes, so a stream that would give more is caught after one
  /// byte too many, whatever it claims: memory never goes past what the caller allowed.
  ///
  /// - Throws: ``Failure`` when the stream is corrupt, too short or too long.
  static func inflate(_ input: [UInt8], count: Int) throws(Failure) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: count + 1)
    var input = input
    var stream = z_stream()
    let produced: Result<Int, Failure> = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        guard czlib_inflate_init(&stream) == czlib_ok() else {
          return .failure(.corrupt("zlib did not start"))
        }
        defer { inflateEnd(&stream) }
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        while true {
          let status = CZlib.inflate(&stream, czlib_no_flush())
          let written = target.count - Int(stream.avail_out)
          if status == czlib_stream_end() { return .success(written) }
          if written > count { return .failure(.tooLong) }
          if status == czlib_ok() { continue }
          if status == czlib_buf_error() { return .failure(.tooShort(written)) }
          let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
          return .failure(.corrupt(message))
        }
      }
    }
    let written = try produced.get()
    guard written <= count else { throw .tooLong }
    guard written == count else { throw .tooShort(written) }
    output.removeLast()
    return output
  }
}
