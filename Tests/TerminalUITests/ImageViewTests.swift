import Support
import Testing

@testable import TerminalUI

/// Half-block images: scaling, the two pixels of a cell, colour fitting, the marker.
@Suite("ImageView")
struct ImageViewTests {
  /// Red left half, blue right half, `width × height` pixels.
  private func halves(width: Int, height: Int) -> RGBImage {
    var pixels: [UInt8] = []
    for _ in 0..<height {
      for x in 0..<width { pixels += x < width / 2 ? [220, 30, 30] : [30, 30, 220] }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
  }

  @Test("each cell is an upper half block: the top pixel its colour, the bottom one its background")
  func drawsHalfBlocks() {
    // Two rows of pixels: white above, black below.
    let image = RGBImage(width: 1, height: 2, pixels: [255, 255, 255, 0, 0, 0])
    var buffer = CellBuffer(size: Size(width: 3, height: 1))
    ImageView(image: image, depth: .direct).render(into: &buffer, rect: buffer.bounds)
    for x in 0..<3 {
      #expect(buffer[x, 0].character == "▀")
      #expect(buffer[x, 0].style.foreground == .rgb(255, 255, 255))
      #expect(buffer[x, 0].style.background == .rgb(0, 0, 0))
    }
  }

  @Test("a 400×240 image fills a 200×60 rectangle, each drawing pixel the mean of the four it covers")
  func scalesDown() {
    var pixels: [UInt8] = []
    for y in 0..<240 {
      for x in 0..<400 { pixels += [UInt8(x % 2 == 0 ? 100 : 200), UInt8(y % 2 == 0 ? 0 : 50), 7] }
    }
    let view = ImageView(image: RGBImage(width: 400, height: 240, pixels: pixels), depth: .direct)
    var buffer = CellBuffer(size: Size(width: 200, height: 60))
    view.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[0, 0].style.foreground == .rgb(150, 25, 7))
    #expect(buffer[199, 59].style.background == .rgb(150, 25, 7))
  }

  @Test(
    "the halves keep their colours at every depth",
    arguments: [
      (ImageView.ColorDepth.direct, Color.rgb(220, 30, 30), Color.rgb(30, 30, 220)),
      (.palette256, .palette(160), .palette(20)),
      (.palette8, .red, .blue),
    ])
  func fitsColours(depth: ImageView.ColorDepth, west: Color, east: Color) {
    var buffer = CellBuffer(size: Size(width: 10, height: 3))
    ImageView(image: halves(width: 40, height: 12), depth: depth).render(into: &buffer, rect: buffer.bounds)
    for y in 0..<3 {
      for x in 0..<10 {
        let expected = x < 5 ? west : east
        #expect(buffer[x, y].style.foreground == expected && buffer[x, y].style.background == expected)
      }
    }
  }

  @Test("the marker sits where it is told, over the image's colour there")
  func drawsTheMarker() {
    var buffer = CellBuffer(size: Size(width: 10, height: 4))
    ImageView(image: halves(width: 20, height: 8), depth: .direct, marker: (0.75, 0.5))
      .render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[7, 2].character == "+")
    #expect(buffer[7, 2].style.background == .rgb(30, 30, 220))
    #expect(buffer.lines.joined().filter { $0 == "+" }.count == 1)
  }

  @Test("the depth follows the terminal's colours; none means no image")
  func depthOfTerminal() {
    #expect(ImageView.ColorDepth.of(colors: 256, direct: true) == .direct)
    #expect(ImageView.ColorDepth.of(colors: 256, direct: false) == .palette256)
    #expect(ImageView.ColorDepth.of(colors: 8, direct: false) == .palette8)
    #expect(ImageView.ColorDepth.of(colors: 0, direct: false) == nil)
  }

  @Test("the direct cube-and-grey fit gives what the exhaustive search gives")
  func cubeFitMatchesTheSearch() {
    var values = Array(stride(from: 0, through: 255, by: 17)).map(UInt8.init)
    values += [47, 48, 115, 116, 155, 156, 195, 196, 235, 236, 3, 13, 243, 128, 127, 129]
    for red in values {
      for green in values {
        for blue in values {
          guard case .palette(let expected) = Color.rgb(red, green, blue).fitted(toPaletteSize: 256) else {
            Issue.record("no palette entry")
            return
          }
          let fitted = Color.nearestCubeOrGrey(red: red, green: green, blue: blue)
          if fitted != expected {
            Issue.record("(\(red), \(green), \(blue)): \(fitted), the search says \(expected)")
            return
          }
        }
      }
    }
  }
}
