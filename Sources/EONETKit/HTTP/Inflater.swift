/// DEFLATE decompression (RFC 1951) with its gzip (RFC 1952) and zlib (RFC 1950) wrappers, bounded.
///
/// The output limit is checked on every byte produced, so a small body that would inflate to
/// gigabytes fails as soon as it passes the limit, holding at most the limit in memory. Corrupt input
/// (bad block types, bad Huffman tables, distances before the start, truncation, checksum mismatches)
/// fails with a reason; no input crashes it or makes it loop.
///
/// ```swift
/// let json = try Inflater.gunzip(body, limit: 64 << 20)
/// ```
enum Inflater {
  /// Why a stream could not be decompressed.
  enum Failure: Error, Equatable {
    /// The output would pass the limit.
    case tooLarge(limit: Int)
    /// The stream is corrupt or cut off: why.
    case corrupt(String)
  }

  /// Decodes a gzip member (RFC 1952), checking its CRC-32 and length.
  static func gunzip(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
    guard input.count >= 18, input[0] == 0x1f, input[1] == 0x8b else { throw .corrupt("not gzip data") }
    guard input[2] == 8 else { throw .corrupt("a gzip method other than deflate") }
    let flags = input[3]
    guard flags & 0xE0 == 0 else { throw .corrupt("reserved gzip flags set") }
    var position = 10
    if flags & 0x04 != 0 {
      guard position + 2 <= input.count else { throw .corrupt("a cut-off gzip header") }
      position += 2 + Int(input[position]) | Int(input[position + 1]) << 8
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
      while position < input.count, input[position] != 0 { position += 1 }
      position += 1
    }
    if flags & 0x02 != 0 { position += 2 }
    guard position < input.count else { throw .corrupt("a cut-off gzip header") }
    var reader = BitReader(input, at: position)
    let output = try inflate(&reader, limit: limit)
    let end = reader.byteAlignedPosition
    guard end + 8 <= input.count else { throw .corrupt("a cut-off gzip trailer") }
    guard littleEndian32(input, at: end) == crc32(output) else { throw .corrupt("a gzip CRC-32 mismatch") }
    guard littleEndian32(input, at: end + 4) == UInt32(truncatingIfNeeded: output.count) else {
      throw .corrupt("a gzip length mismatch")
    }
    return output
  }

  /// Decodes HTTP's `deflate`: a zlib stream (RFC 1950, Adler-32 checked), or raw DEFLATE, which
  /// many servers send under that name.
  static func inflateHTTP(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
    let zlib =
      input.count >= 2 && input[0] & 0x0F == 8 && input[0] >> 4 <= 7
      && (Int(input[0]) << 8 | Int(input[1])) % 31 == 0
    guard zlib else {
      var reader = BitReader(input, at: 0)
      return try inflate(&reader, limit: limit)
    }
    guard input[1] & 0x20 == 0 else { throw .corrupt("a zlib stream that needs a preset dictionary") }
    var reader = BitReader(input, at: 2)
    let output = try inflate(&reader, limit: limit)
    let end = reader.byteAlignedPosition
    guard end + 4 <= input.count else { throw .corrupt("a cut-off zlib trailer") }
    let expected =
      UInt32(input[end]) << 24 | UInt32(input[end + 1]) << 16 | UInt32(input[end + 2]) << 8
      | UInt32(input[end + 3])
    guard expected == adler32(output) else { throw .corrupt("a zlib Adler-32 mismatch") }
    return output
  }

  /// Decodes raw DEFLATE blocks up to the final one.
  static func inflate(_ reader: inout BitReader, limit: Int) throws(Failure) -> [UInt8] {
    var output: [UInt8] = []
    // Up to a cap the size of a response's (64 MiB), the whole cap is reserved at once: address
    // space, not memory (a page counts only once output is written to it), and the output is never
    // copied while it grows. Grown by doubling, the last step held the old half and the new whole
    // together, and buffers freed between a body's repeated decodes stayed in the heap: a bomb
    // measured 174 MB for the 64 MiB cap under load.
    if limit <= reservedAtOnce { output.reserveCapacity(limit) }
    var last = false
    while !last {
      last = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0:
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else { throw .corrupt("a stored block's length check failed") }
        guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
        makeRoom(in: &output, for: length, limit: limit)
        try reader.copyBytes(length, into: &output)
      case 1:
        try inflateBlock(
          &reader, literals: fixedLiterals, distances: fixedDistances, into: &output, limit: limit)
      case 2:
        let (literals, distances) = try readDynamicTables(&reader)
        try inflateBlock(&reader, literals: literals, distances: distances, into: &output, limit: limit)
      default:
        throw .corrupt("a reserved block type")
      }
    }
    return output
  }

  // MARK: Blocks

  private static let lengthBase: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
    227, 258,
  ]
  private static let lengthExtra: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
    4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// The largest cap reserved whole before decoding (larger ones grow as ``makeRoom(in:for:limit:)``
  /// says).
  static let reservedAtOnce = 256 << 20

  /// Grows `output` for `count` more bytes as an array's append would (doubling), but never past
  /// `limit`: near the cap a doubling would ask for twice the limit and copy into it, which is how a
  /// bomb held 193 MB for a 64 MiB cap.
  static func makeRoom(in output: inout [UInt8], for count: Int, limit: Int) {
    let needed = output.count + count
    guard needed > output.capacity else { return }
    output.reserveCapacity(min(max(limit, needed), max(needed, output.capacity * 2)))
  }

  private static func inflateBlock(
    _ reader: inout BitReader, literals: Huffman, distances: Huffman, into output: inout [UInt8], limit: Int
  ) throws(Failure) {
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        guard output.count < limit else { throw .tooLarge(limit: limit) }
        if output.count == output.capacity { makeRoom(in: &output, for: 1, limit: limit) }
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let index = symbol - 257
      guard index < 29 else { throw .corrupt("an invalid length code") }
      let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
      let distanceSymbol = try distances.decode(&reader)
      guard distanceSymbol < 30 else { throw .corrupt("an invalid distance code") }
      let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
      guard distance <= output.count else { throw .corrupt("a distance before the start of the data") }
      guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
      makeRoom(in: &output, for: length, limit: limit)
      // Byte by byte: the source may overlap what this copy writes (a run).
      var from = output.count - distance
      for _ in 0..<length {
        output.append(output[from])
        from += 1
      }
    }
  }

  private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  private static func readDynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
    let literalCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeLengthCount = try reader.bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("too many codes in a block header") }
    var codeLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
    let codeLengthCode = try Huffman(lengths: codeLengths)
    var lengths: [Int] = []
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try codeLengthCode.decode(&reader)
      switch symbol {
      case 0...15:
        lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw .corrupt("a repeat with nothing before it") }
        lengths += repeatElement(previous, count: 3 + (try reader.bits(2)))
      case 17:
        lengths += repeatElement(0, count: 3 + (try reader.bits(3)))
      default:
        lengths += repeatElement(0, count: 11 + (try reader.bits(7)))
      }
    }
    guard lengths.count == literalCount + distanceCount else {
      throw .corrupt("code lengths overrun the table")
    }
    guard lengths[256] != 0 else { throw .corrupt("a block without an end-of-block code") }
    let literals = try Huffman(lengths: Array(lengths[0..<literalCount]))
    let distances = try Huffman(lengths: Array(lengths[literalCount...]))
    return (literals, distances)
  }

  private static let fixedLiterals = try! Huffman(
    lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
      + [Int](repeating: 7, count: 24)
      + [Int](repeating: 8, count: 8))
  private static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30))

  // MARK: Checksums

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The CRC-32 of gzip (reflected polynomial 0xEDB88320).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }

  /// The Adler-32 of zlib.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < bytes.count {
      // 5552 bytes is the most that can be summed before the 32-bit sums could overflow.
      let end = min(bytes.count, index + 5552)
      while index < end {
        a += UInt32(bytes[index])
        b += a
        index += 1
      }
      a %= 65_521
      b %= 65_521
    }
    return b << 16 | a
  }

  private static func littleEndian32(_ bytes: [UInt8], at index: Int) -> UInt32 {
    UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
      | UInt32(bytes[index + 3]) << 24
  }
}

/// Reads DEFLATE's bit fields: least significant bit first, over a byte array.
struct BitReader {
  private let bytes: [UInt8]
  private var position: Int
  private var buffer: UInt64 = 0
  private var count = 0

  init(_ bytes: [UInt8], at position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// The next `width` bits (at most 16) as an integer.
  mutating func bits(_ width: Int) throws(Inflater.Failure) -> Int {
    while count < width {
      guard position < bytes.count else { throw .corrupt("the stream is cut off") }
      buffer |= UInt64(bytes[position]) << UInt64(count)
      position += 1
      count += 8
    }
    let value = Int(buffer & ((1 << UInt64(width)) - 1))
    buffer >>= UInt64(width)
    count -= width
    return value
  }

  /// Drops the bits left of the current byte.
  mutating func alignToByte() {
    buffer >>= UInt64(count % 8)
    count -= count % 8
  }

  /// The index of the first byte not consumed, after dropping a partial byte.
  var byteAlignedPosition: Int { position - count / 8 }

  /// Appends `length` bytes of a stored block.
  mutating func copyBytes(_ length: Int, into output: inout [UInt8]) throws(Inflater.Failure) {
    let start = byteAlignedPosition
    guard start + length <= bytes.count else { throw .corrupt("a stored block is cut off") }
    output.append(contentsOf: bytes[start..<(start + length)])
    position = start + length
    buffer = 0
    count = 0
  }
}

/// A canonical Huffman code (RFC 1951 3.2.2), decoded a bit at a time.
struct Huffman {
  /// How many codes have each length, 0...15.
  private var counts = [Int](repeating: 0, count: 16)
  /// The symbols ordered by code length, then by value: the canonical code order.
  private var symbols: [Int] = []

  /// Builds the code for the given code length of each symbol (0: unused).
  ///
  /// - Throws: An over-subscribed set of lengths (more codes than bit patterns).
  init(lengths: [Int]) throws(Inflater.Failure) {
    for length in lengths { counts[length] += 1 }
    counts[0] = 0
    var left = 1
    for length in 1...15 {
      left = left * 2 - counts[length]
      guard left >= 0 else { throw .corrupt("an over-subscribed Huffman table") }
    }
    for length in 1...15 {
      for (symbol, symbolLength) in lengths.enumerated() where symbolLength == length {
        symbols.append(symbol)
      }
    }
  }

  /// Reads one symbol.
  ///
  /// - Throws: Bits that match no code (an incomplete table), or the end of the stream.
  func decode(_ reader: inout BitReader) throws(Inflater.Failure) -> Int {
    var code = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      code |= try reader.bits(1)
      let count = counts[length]
      if code - first < count { return symbols[index + code - first] }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw .corrupt("bits that match no Huffman code")
  }
}
