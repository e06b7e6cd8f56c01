/// A picture as 8-bit red, green and blue samples, rows from the top, three bytes a pixel.
///
/// The one form an image takes between the PNG decoder (EONETKit) and the terminal widget that
/// draws it (TerminalUI), which cannot see each other.
///
/// ```swift
/// let image = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])
/// image.pixel(x: 1, y: 0)  // (0, 0, 255)
/// ```
package struct RGBImage: Sendable, Equatable {
  /// Pixels per row.
  package let width: Int
  /// Rows.
  package let height: Int
  /// `width × height × 3` samples: red, green, blue of each pixel, row after row.
  package let pixels: [UInt8]

  /// An image of `width × height` pixels; `pixels` must hold exactly three samples for each.
  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(
      width >= 0 && height >= 0 && pixels.count == width * height * 3, "RGBImage: wrong sample count")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The red, green and blue of the pixel at column `x`, row `y`.
  package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let offset = (y * width + x) * 3
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }
}
