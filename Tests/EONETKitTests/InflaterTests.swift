import Foundation
import TestSupport
import Testing

@testable import EONETKit

/// The DEFLATE decoder against Python's zlib, corrupt streams and a bomb.
@Suite("Inflater")
struct InflaterTests {
  /// Runs `python3 -c script` with `input` on stdin and returns its stdout.
  private func python(_ script: String, input: [UInt8] = []) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import sys,zlib,gzip\n" + script]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    try stdin.fileHandleForWriting.write(contentsOf: Data(input))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(output)
  }

  /// Text with repeats (so matches occur) and varied bytes.
  private var sample: [UInt8] {
    let file = try! Data(contentsOf: Fixtures.server.appendingPathComponent("categories.json"))
    return Array(file) + (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 13) } + Array(file)
  }

  @Test(
    "round-trips Python's output for every block type and wrapper",
    arguments: [
      // wbits: 31 gzip, 15 zlib, -15 raw; strategy 4 is Z_FIXED (fixed Huffman blocks only);
      // level 0 writes stored blocks; level 9 dynamic ones.
      ("gzip, stored", 0, 31, 0), ("gzip, fixed", 6, 31, 4), ("gzip, dynamic", 9, 31, 0),
      ("zlib, dynamic", 9, 15, 0), ("zlib, stored", 0, 15, 0), ("raw, fixed", 6, -15, 4),
      ("raw, dynamic", 9, -15, 0),
    ])
  func roundTrip(name: String, level: Int, windowBits: Int, strategy: Int) throws {
    let input = sample
    let compressed = try python(
      "c=zlib.compressobj(\(level),zlib.DEFLATED,\(windowBits),8,\(strategy))\n"
        + "sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read())+c.flush())", input: input)
    let output =
      windowBits == 31
      ? try Inflater.gunzip(compressed, limit: 1 << 20) : try Inflater.inflateHTTP(compressed, limit: 1 << 20)
    #expect(output == input, "\(name)")
  }

  @Test("an empty body and many small flushed blocks decode")
  func flushes() throws {
    let empty = try python("sys.stdout.buffer.write(gzip.compress(b''))")
    #expect(try Inflater.gunzip(empty, limit: 10) == [])
    let input = sample
    let compressed = try python(
      "c=zlib.compressobj(6,zlib.DEFLATED,31)\nd=sys.stdin.buffer.read()\n"
        + "sys.stdout.buffer.write(b''.join(c.compress(d[i:i+100])+c.flush(zlib.Z_FULL_FLUSH) for i in range(0,len(d),100))+c.flush())",
      input: input)
    #expect(try Inflater.gunzip(compressed, limit: 1 << 20) == input)
  }

  @Test("a bomb stops at the limit")
  func bomb() throws {
    // 100 MB of zeros in about 100 KB.
    let compressed = try python(
      "c=zlib.compressobj(9,zlib.DEFLATED,31)\nz=bytes(1<<20)\n"
        + "sys.stdout.buffer.write(b''.join(c.compress(z) for _ in range(100))+c.flush())")
    #expect(compressed.count < 200_000)
    #expect(throws: Inflater.Failure.tooLarge(limit: 1_000_000)) {
      try Inflater.gunzip(compressed, limit: 1_000_000)
    }
  }

  /// Near the limit the output grows to the limit, not to twice its capacity: doubling 512 KiB
  /// for a 700,000-byte limit would reserve 1 MiB (for a 64 MiB cap, 128 MiB plus the copy).
  @Test("the output never reserves more than the limit")
  func growthStopsAtTheLimit() throws {
    let input = [UInt8](repeating: 7, count: 700_000)
    let compressed = try python(
      "sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 9, 31))", input: input)
    let output = try Inflater.gunzip(compressed, limit: 700_000)
    #expect(output == input)
    #expect(output.capacity < 800_000, "capacity \(output.capacity)")
    var grown: [UInt8] = []
    grown.reserveCapacity(600_000)
    Inflater.makeRoom(in: &grown, for: 600_001, limit: 700_000)
    #expect(grown.capacity >= 600_001 && grown.capacity < 800_000, "capacity \(grown.capacity)")
  }

  @Test("corrupt streams fail with a reason")
  func corrupt() throws {
    let good = try python("sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read()))", input: sample)
    var badCRC = good
    badCRC[badCRC.count - 6] ^= 0xFF
    var badLength = good
    badLength[badLength.count - 2] ^= 0x01
    let cases: [[UInt8]] = [
      badCRC, badLength, Array(good.prefix(good.count / 2)), Array(good.prefix(12)), Array(good.dropLast(4)),
      [0x1f, 0x8b, 9] + Array(good.dropFirst(3)),
    ]
    for bytes in cases {
      #expect(throws: Inflater.Failure.self) { try Inflater.gunzip(bytes, limit: 1 << 20) }
    }
    // Raw DEFLATE by hand. A fixed block whose first symbol is a match with distance 1: nothing
    // precedes it. Bits: final 1, type 01, length code 257 (0000001), distance code 0 (00000).
    var writer = BitWriter()
    writer.write(1, 1)
    writer.write(1, 2)
    writer.writeCode(0b0000001, 7)
    writer.writeCode(0, 5)
    #expect(throws: Inflater.Failure.corrupt("a distance before the start of the data")) {
      var reader = BitReader(writer.bytes, at: 0)
      _ = try Inflater.inflate(&reader, limit: 100)
    }
    // Block type 3 is reserved.
    #expect(throws: Inflater.Failure.corrupt("a reserved block type")) {
      var reader = BitReader([0b111], at: 0)
      _ = try Inflater.inflate(&reader, limit: 100)
    }
    // A dynamic block whose code-length code gives 19 symbols length 1: over-subscribed.
    var dynamic = BitWriter()
    dynamic.write(1, 1)
    dynamic.write(2, 2)
    dynamic.write(0, 5)
    dynamic.write(0, 5)
    dynamic.write(15, 4)
    for _ in 0..<19 { dynamic.write(1, 3) }
    #expect(throws: Inflater.Failure.corrupt("an over-subscribed Huffman table")) {
      var reader = BitReader(dynamic.bytes, at: 0)
      _ = try Inflater.inflate(&reader, limit: 100)
    }
    // A stored block whose length and its complement disagree.
    #expect(throws: Inflater.Failure.self) {
      var reader = BitReader([0b001, 5, 0, 0, 0], at: 0)
      _ = try Inflater.inflate(&reader, limit: 100)
    }
  }

  @Test("random bytes never crash or hang", .timeLimit(.minutes(1)), arguments: SplitMix.seeds(4))
  func random(seed: UInt64) throws {
    var generator = SplitMix(seed: seed)
    for _ in 0..<500 {
      let length = Int(generator.next() % 300)
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      _ = try? Inflater.inflateHTTP(bytes, limit: 1 << 16)
      _ = try? Inflater.gunzip([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3] + bytes, limit: 1 << 16)
    }
  }

  @Test("the checksums match zlib's")
  func checksums() throws {
    let values = try python(
      "d=sys.stdin.buffer.read()\nsys.stdout.write('%d %d' % (zlib.crc32(d), zlib.adler32(d)))", input: sample
    )
    let expected = String(decoding: values, as: UTF8.self).split(separator: " ").map { UInt32($0)! }
    #expect([Inflater.crc32(sample), Inflater.adler32(sample)] == expected)
  }
}

/// Writes DEFLATE bit fields, for hand-made streams.
private struct BitWriter {
  var bytes: [UInt8] = []
  private var used = 0

  /// `value`'s low `width` bits, least significant first (a header field or extra bits).
  mutating func write(_ value: Int, _ width: Int) {
    for bit in 0..<width { push((value >> bit) & 1) }
  }

  /// A Huffman code, most significant bit first.
  mutating func writeCode(_ code: Int, _ width: Int) {
    for bit in (0..<width).reversed() { push((code >> bit) & 1) }
  }

  private mutating func push(_ bit: Int) {
    if used % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= UInt8(bit << (used % 8))
    used += 1
  }
}
