import Foundation
import Support

/// Reads a PNG image (ISO/IEC 15948) into 8-bit RGB, bounded, through the system zlib.
///
/// Greyscale, grey with alpha, RGB, palette and RGBA images at 8 bits a sample, all five row
/// filters, not interlaced. Every chunk's CRC is checked. An image wider or taller than asked,
/// or one that would take more than `maximumBytes` decoded, fails before anything is inflated;
/// transparency is drawn over black (where GIBS has no data).
///
/// ```swift
/// let image = try PNGDecoder.decode(body, maximumWidth: 400, maximumHeight: 240)
/// ```
package enum PNGDecoder {
  /// The most a decoded image may take in memory, unless the caller says otherwise.
  package static let defaultMaximumBytes = 64 << 20

  private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  /// Decodes `data`.
  ///
  /// - Parameters:
  ///   - data: The PNG file.
  ///   - maximumWidth: The widest image accepted (what was asked for).
  ///   - maximumHeight: The tallest image accepted.
  ///   - maximumBytes: The most the decoded rows may take.
  /// - Returns: The image.
  /// - Throws: ``EONETError/image(_:)`` with the reason.
  package static func decode(
    _ data: Data, maximumWidth: Int, maximumHeight: Int, maximumBytes: Int = defaultMaximumBytes
  ) throws(EONETError) -> RGBImage {
    let bytes = [UInt8](data)
    guard bytes.count >= signature.count, bytes.starts(with: signature) else {
      throw .image(bytes.isEmpty ? "the server sent an empty body" : "the server did not send a PNG image")
    }
    var header: Header?
    var palette: [UInt8] = []
    var paletteAlpha: [UInt8] = []
    var compressed: [UInt8] = []
    var position = signature.count
    var ended = false
    while !ended {
      guard position + 12 <= bytes.count else { throw .image("the image is cut off") }
      let length = Int(readUInt32(bytes, at: position))
      guard length <= Int(Int32.max), position + 12 + length <= bytes.count else {
        throw .image("the image is cut off")
      }
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      let body = bytes[(position + 8)..<(position + 8 + length)]
      let stored = readUInt32(bytes, at: position + 8 + length)
      guard Zlib.crc32(bytes[(position + 4)..<(position + 8 + length)]) == stored else {
        throw .image("the image is damaged (bad checksum in its \(type.filter(\.isLetter)) chunk)")
      }
      position += 12 + length
      switch type {
      case "IHDR":
        guard header == nil else { throw .image("the image has two headers") }
        let parsed = try Header(body)
        try parsed.check(maximumWidth: maximumWidth, maximumHeight: maximumHeight, maximumBytes: maximumBytes)
        header = parsed
      case "PLTE":
        guard length % 3 == 0, length / 3 <= 256 else { throw .image("the image's palette is malformed") }
        palette = Array(body)
      case "tRNS":
        paletteAlpha = Array(body)
      case "IDAT":
        guard header != nil else { throw .image("the image's data comes before its header") }
        compressed.append(contentsOf: body)
      case "IEND":
        ended = true
      default:
        // An unknown critical chunk (upper-case first letter) changes how the image reads.
        if let first = type.utf8.first, first >= 65, first <= 90 {
          throw .image("the image uses an unsupported \(type.filter(\.isLetter)) chunk")
        }
      }
    }
    guard let header else { throw .image("the image has no header") }
    let rowBytes = header.width * header.channels
    let raw: [UInt8]
    do {
      raw = try Zlib.inflate(compressed, count: header.height * (rowBytes + 1))
    } catch {
      switch error {
      case .tooLong: throw .image("the image holds more data than its size says")
      case .tooShort: throw .image("the image data is cut off")
      case .corrupt(let reason): throw .image("the image data is corrupt (\(reason))")
      }
    }
    let samples = try unfilter(raw, rowBytes: rowBytes, height: header.height, bytesPerPixel: header.channels)
    return try rgb(samples, header: header, palette: palette, paletteAlpha: paletteAlpha)
  }

  /// What IHDR says.
  private struct Header {
    let width: Int
    let height: Int
    let colorType: UInt8
    let channels: Int

    init(_ body: ArraySlice<UInt8>) throws(EONETError) {
      guard body.count == 13 else { throw .image("the image's header is malformed") }
      let bytes = Array(body)
      width = Int(readUInt32(bytes, at: 0))
      height = Int(readUInt32(bytes, at: 4))
      let depth = bytes[8]
      colorType = bytes[9]
      guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
        throw .image("the image's size is \(width)×\(height)")
      }
      guard bytes[10] == 0, bytes[11] == 0 else { throw .image("the image's header is malformed") }
      guard bytes[12] == 0 else { throw .image("interlaced PNG images are not supported") }
      switch colorType {
      case 0: channels = 1
      case 2: channels = 3
      case 3: channels = 1
      case 4: channels = 2
      case 6: channels = 4
      default: throw .image("the image's colour type \(colorType) is not a PNG one")
      }
      guard depth == 8 else { throw .image("\(depth)-bit PNG images are not supported (8-bit only)") }
    }

    func check(maximumWidth: Int, maximumHeight: Int, maximumBytes: Int) throws(EONETError) {
      guard width <= maximumWidth, height <= maximumHeight else {
        throw .image(
          "the image is \(width)×\(height) pixels, larger than the \(maximumWidth)×\(maximumHeight) asked for"
        )
      }
      // Both the inflated rows and the RGB result are held at once.
      let (rows, rowsOverflow) = height.multipliedReportingOverflow(by: width * channels + 1)
      let (pixels, pixelsOverflow) = (width * height).multipliedReportingOverflow(by: 3)
      guard !rowsOverflow, !pixelsOverflow, rows + pixels <= maximumBytes else {
        let limit = maximumBytes >= 1 << 20 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes) bytes"
        throw .image("the image would take more than \(limit) decoded")
      }
    }
  }

  /// Undoes the five row filters (none, sub, up, average, Paeth), dropping each row's filter byte.
  private static func unfilter(
    _ raw: [UInt8], rowBytes: Int, height: Int, bytesPerPixel: Int
  ) throws(EONETError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: rowBytes * height)
    let badFilter: Int? = raw.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for row in 0..<height {
          let filter = source[row * (rowBytes + 1)]
          let input = row * (rowBytes + 1) + 1
          let start = row * rowBytes
          let above = start - rowBytes
          switch filter {
          case 0:
            for index in 0..<rowBytes { target[start + index] = source[input + index] }
          case 1:
            for index in 0..<rowBytes {
              let left = index >= bytesPerPixel ? target[start + index - bytesPerPixel] : 0
              target[start + index] = source[input + index] &+ left
            }
          case 2:
            for index in 0..<rowBytes {
              let up = row > 0 ? target[above + index] : 0
              target[start + index] = source[input + index] &+ up
            }
          case 3:
            for index in 0..<rowBytes {
              let left = index >= bytesPerPixel ? Int(target[start + index - bytesPerPixel]) : 0
              let up = row > 0 ? Int(target[above + index]) : 0
              target[start + index] = source[input + index] &+ UInt8((left + up) / 2)
            }
          case 4:
            for index in 0..<rowBytes {
              let hasLeft = index >= bytesPerPixel
              let left = hasLeft ? Int(target[start + index - bytesPerPixel]) : 0
              let up = row > 0 ? Int(target[above + index]) : 0
              let upLeft = hasLeft && row > 0 ? Int(target[above + index - bytesPerPixel]) : 0
              target[start + index] = source[input + index] &+ UInt8(paeth(left, up, upLeft))
            }
          default:
            return Int(filter)
          }
        }
        return nil
      }
    }
    if let badFilter { throw .image("the image uses an unknown row filter \(badFilter)") }
    return output
  }

  /// PNG's Paeth predictor: whichever of left, up and upper-left is closest to left + up − upper-left.
  private static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
    let estimate = left + up - upLeft
    let toLeft = abs(estimate - left)
    let toUp = abs(estimate - up)
    let toUpLeft = abs(estimate - upLeft)
    if toLeft <= toUp && toLeft <= toUpLeft { return left }
    return toUp <= toUpLeft ? up : upLeft
  }

  /// The samples as RGB: grey spread to three channels, palette looked up, alpha over black.
  private static func rgb(
    _ samples: [UInt8], header: Header, palette: [UInt8], paletteAlpha: [UInt8]
  ) throws(EONETError) -> RGBImage {
    let count = header.width * header.height
    if header.colorType == 2 { return RGBImage(width: header.width, height: header.height, pixels: samples) }
    if header.colorType == 3, palette.isEmpty { throw .image("the image has no palette") }
    var pixels = [UInt8](repeating: 0, count: count * 3)
    let paletteCount = palette.count / 3
    let outOfPalette: Bool = samples.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        for pixel in 0..<count {
          let out = pixel * 3
          switch header.colorType {
          case 0:
            let grey = source[pixel]
            target[out] = grey
            target[out + 1] = grey
            target[out + 2] = grey
          case 4:
            let grey = overBlack(source[pixel * 2], alpha: source[pixel * 2 + 1])
            target[out] = grey
            target[out + 1] = grey
            target[out + 2] = grey
          case 3:
            let index = Int(source[pixel])
            guard index < paletteCount else { return true }
            let alpha = index < paletteAlpha.count ? paletteAlpha[index] : 255
            target[out] = overBlack(palette[index * 3], alpha: alpha)
            target[out + 1] = overBlack(palette[index * 3 + 1], alpha: alpha)
            target[out + 2] = overBlack(palette[index * 3 + 2], alpha: alpha)
          default:
            let alpha = source[pixel * 4 + 3]
            target[out] = overBlack(source[pixel * 4], alpha: alpha)
            target[out + 1] = overBlack(source[pixel * 4 + 1], alpha: alpha)
            target[out + 2] = overBlack(source[pixel * 4 + 2], alpha: alpha)
          }
        }
        return false
      }
    }
    if outOfPalette { throw .image("the image names a colour its palette lacks") }
    return RGBImage(width: header.width, height: header.height, pixels: pixels)
  }

  private static func overBlack(_ value: UInt8, alpha: UInt8) -> UInt8 {
    alpha == 255 ? value : UInt8((Int(value) * Int(alpha) + 127) / 255)
  }

  private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }
}
