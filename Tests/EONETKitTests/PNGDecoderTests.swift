import Foundation
import Support
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
}
