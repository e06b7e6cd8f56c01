import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The detail's satellite image, headless: `i`, `L`, the caption, the failure line, imagery off.
@Suite("ImageryPane")
struct ImageryPaneTests {
  private func app(answer: HTTPResponse?, layers: [String] = []) -> ShellHarness {
    ShellHarness(
      imagery: { scheduler in
        ImageryClient(
          endpoint: URL(string: "http://127.0.0.1:9/wms")!, transport: OneAnswer(answer), cache: nil,
          scheduler: scheduler)
      },
      layers: ImageryLayers(names: layers)
    ) { ScreenTests().standardFeed($0) }
  }

  /// Rim Fire's detail.
  private func openDetail(_ app: ShellHarness) {
    app.advance(to: 100)
    app.press(.char("G"), .enter, .enter)
  }

  /// Presses `key`, then lets the image's load (asked for by the frame after the key) finish.
  private func pressAndLoad(_ app: ShellHarness, _ key: Key) {
    app.press(key)
    app.advance(to: app.scheduler.clock + 10)
  }

  @Test("i shows the image with its caption above the text and hides it again; the shell remembers it")
  func togglesThePane() {
    let app = app(answer: HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: PNG.halves))
    openDetail(app)
    #expect(!app.screen.contains("NASA GIBS"))
    pressAndLoad(app, .char("i"))
    #expect(app.screen.contains("▀"), "\(app.screen)")
    let caption = app.lines.first { $0.contains("NASA GIBS") }
    #expect(
      caption?.hasPrefix("MODIS Terra CorrectedReflectance TrueColor · 2025-11-07 · ") == true,
      "\(app.screen)")
    #expect(app.screen.contains("+"), "the marker")
    #expect(app.screen.contains("Rim Fire, California"))
    #expect(app.shell.context.imagery?.isShown == true)
    app.press(.char("i"))
    #expect(!app.screen.contains("NASA GIBS") && !app.screen.contains("▀"))
  }

  @Test("a bad answer is one line in the pane")
  func failureLine() {
    let app = app(answer: HTTPResponse(status: 404))
    openDetail(app)
    pressAndLoad(app, .char("i"))
    #expect(
      app.lines.filter { $0.contains("no image:") } == ["no image: the server has no such image (HTTP 404)"])
    #expect(!app.screen.contains("▀"))
  }

  @Test("L steps through the category's layers and says which")
  func cyclesLayers() {
    let app = app(
      answer: HTTPResponse(status: 404),
      layers: ["MODIS_Terra_CorrectedReflectance_Bands721", "MODIS_Fires_All", "MODIS_Terra_Sea_Ice"])
    openDetail(app)
    app.press(.char("L"))
    #expect(
      app.statusLine.contains("Image layer 2 of 3: MODIS Terra CorrectedReflectance Bands721"),
      "\(app.statusLine)")
    app.press(.char("L"), .char("L"))
    #expect(app.statusLine.contains("Image layer 1 of 3"), "\(app.statusLine)")
  }

  @Test("in the mono theme the pane is a note, never colours")
  func monoNote() {
    let app = ShellHarness(
      theme: .mono,
      imagery: { scheduler in
        ImageryClient(
          transport: OneAnswer(
            HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: PNG.halves)),
          cache: nil, scheduler: scheduler)
      }
    ) { ScreenTests().standardFeed($0) }
    openDetail(app)
    pressAndLoad(app, .char("i"))
    #expect(app.screen.contains("No image without colours (NO_COLOR, --no-color or the mono theme)"))
    #expect(!app.screen.contains("▀"))
  }

  @Test("with imagery off, i says so")
  func imageryOff() {
    let app = ShellHarness { ScreenTests().standardFeed($0) }
    openDetail(app)
    app.press(.char("i"))
    #expect(app.statusLine.contains("Imagery is off (--imagery off)"), "\(app.statusLine)")
  }
}

/// Answers every request at once with one response (or a connection failure).
private final class OneAnswer: HTTPTransport {
  private struct Task: HTTPTask {
    func cancel() {}
  }

  private let answer: HTTPResponse?

  init(_ answer: HTTPResponse?) { self.answer = answer }

  func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    completion(answer.map { .success($0) } ?? .failure(.transport(url: "", message: "refused")))
    return Task()
  }
}

/// A tiny PNG built here (stored deflate blocks, so no compressor is needed): 4×2 pixels, red left,
/// blue right. Smaller than any pane asks for, so it always fits.
private enum PNG {
  static let halves: Data = {
    var raw: [UInt8] = []
    for _ in 0..<2 {
      raw.append(0)
      for x in 0..<4 { raw += x < 2 ? [220, 30, 30] : [30, 30, 220] }
    }
    let length = UInt16(raw.count)
    var adlerA: UInt32 = 1
    var adlerB: UInt32 = 0
    for byte in raw {
      adlerA = (adlerA + UInt32(byte)) % 65_521
      adlerB = (adlerB + adlerA) % 65_521
    }
    let zlib: [UInt8] =
      [
        0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
        UInt8(~length >> 8),
      ]
      + raw + bigEndian((adlerB << 16) | adlerA)
    let header = bigEndian(4) + bigEndian(2) + [8, 2, 0, 0, 0]
    return Data(
      [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
  }()

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
  }
}
