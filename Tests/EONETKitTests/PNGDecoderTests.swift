import Foundation
import Support
import TestSupport
import Testing

@testable import EONETKit

/// The PNG decoder against images written by Python's zlib (`Tests/Tools/make_png_fixtures.py`).
@Suite("PNGDecoder")
struct PNGDecoderTests {
  private static let types = ["grey", "rgb", "palette", "greyalpha", "rgba"]
  private static let filters = ["none", "sub", "up", "average", "paeth", "mixed"]

  private func png(_ name: String) throws -> Data { try Fixtures.data("png/\(name).png") }

  @Test(
    "reads every colour type with every row filter as Python wrote it",
    arguments: types.flatMap { type in filters.map { (type, $0) } })
  func decodesEveryColourTypeAndFilter(type: String, filter: String) throws {
    let image = try PNGDecoder.decode(png("\(type)-\(filter)"), maximumWidth: 7, maximumHeight: 5)
    let expected = try Fixtures.data("png/\(type)-\(filter).rgb")
    #expect(image.width == 7)
    #expect(image.height == 5)
    #expect(image.pixels == Array(expected))
  }

  @Test(
    "a hostile image fails with one line naming what is wrong",
    arguments: [
      ("hostile-crc", "bad checksum in its IDAT chunk"),
      ("hostile-truncated", "cut off"),
      ("hostile-deflate", "corrupt"),
      ("hostile-huge", "40000×40000 pixels, larger than the 7×5 asked for"),
      ("hostile-long", "more data than its size says"),
    ])
  func rejectsHostileImages(name: String, reason: String) throws {
    let data = try png(name)
    #expect {
      _ = try PNGDecoder.decode(data, maximumWidth: 7, maximumHeight: 5)
    } throws: { error in
      guard case .image(let message) = error as? EONETError else { return false }
      return message.contains(reason) && !message.contains("\n")
    }
  }

  @Test("an image within the asked size but over the memory cap fails before inflating")
  func boundsDecodedBytes() throws {
    let data = try png("rgb-none")
    #expect(throws: EONETError.image("the image would take more than 100 bytes decoded")) {
      _ = try PNGDecoder.decode(data, maximumWidth: 7, maximumHeight: 5, maximumBytes: 100)
    }
  }

  @Test("a body that is not a PNG says so")
  func rejectsOtherBodies() {
    #expect(throws: EONETError.image("the server did not send a PNG image")) {
      _ = try PNGDecoder.decode(Data("<html>".utf8), maximumWidth: 7, maximumHeight: 5)
    }
    #expect(throws: EONETError.image("the server sent an empty body")) {
      _ = try PNGDecoder.decode(Data(), maximumWidth: 7, maximumHeight: 5)
    }
  }

  @Test(
    "every cut of an image, and damaged data under a correct CRC, fails with a line or reads within bounds")
  func survivesDamage() throws {
    for name in ["rgb-mixed", "palette-paeth", "rgba-average", "greyalpha-sub"] {
      let good = [UInt8](try png(name))
      for length in 0..<good.count {
        expectBounded(Data(good[..<length]))
      }
      // The IDAT chunk starts after the signature, IHDR and, for palette images, PLTE and tRNS.
      guard let idat = indexOfChunk("IDAT", in: good) else {
        Issue.record("no IDAT in \(name)")
        continue
      }
      let length =
        Int(good[idat]) << 24 | Int(good[idat + 1]) << 16 | Int(good[idat + 2]) << 8 | Int(good[idat + 3])
      var random = SplitMix(seed: 40)
      for _ in 0..<300 {
        var damaged = good
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          damaged[idat + 8 + Int.random(in: 0..<length, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
        let crc = Zlib.crc32(damaged[(idat + 4)..<(idat + 8 + length)])
        damaged.replaceSubrange(
          (idat + 8 + length)..<(idat + 12 + length),
          with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
        expectBounded(Data(damaged))
      }
    }
  }

  /// Decoding `data` throws ``EONETError/image(_:)`` with one line, or gives an image no larger than asked.
  private func expectBounded(_ data: Data) {
    do {
      let image = try PNGDecoder.decode(data, maximumWidth: 7, maximumHeight: 5)
      #expect(image.width <= 7 && image.height <= 5 && image.pixels.count == image.width * image.height * 3)
    } catch {
      guard case .image(let message) = error, !message.isEmpty, !message.contains("\n") else {
        Issue.record("\(error)")
        return
      }
    }
  }

  /// Where the chunk of `type` starts (its length field), if there is one.
  private func indexOfChunk(_ type: String, in bytes: [UInt8]) -> Int? {
    let name = Array(type.utf8)
    var position = 8
    while position + 8 <= bytes.count {
      if Array(bytes[(position + 4)..<(position + 8)]) == name { return position }
      let length =
        Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8
        | Int(bytes[position + 3])
      position += 12 + length
    }
    return nil
  }
}
