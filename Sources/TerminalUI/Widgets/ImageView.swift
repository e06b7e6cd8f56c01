import Support

/// A picture drawn with upper half blocks: each cell shows two pixels, the top one as the `▀`'s
/// colour and the bottom one as the cell's background.
///
/// The image is scaled to the rectangle (each pixel of the drawing is the mean of the image pixels
/// it covers) and each colour fitted to what the terminal shows: exact on a 24-bit terminal, the
/// nearest of the xterm cube and grey ramp at 256 colours, of the basic eight below that. A marker
/// (`+`) can point at one place, given as fractions of the width and height.
///
/// ```swift
/// var view = ImageView(image: picture, depth: .palette256, marker: (0.5, 0.5))
/// view.render(into: &buffer, rect: pane)
/// ```
package struct ImageView: Sendable {
  /// How many colours the terminal shows.
  package enum ColorDepth: Sendable, Equatable {
    /// Every 24-bit RGB value.
    case direct
    /// The xterm palette: 16 basic colours, the 6×6×6 cube and 24 greys.
    case palette256
    /// The eight basic colours.
    case palette8

    /// The depth of a terminal with `colors` colours that takes RGB values when `direct` is set;
    /// `nil` when it shows no colour (the caller draws a note instead).
    package static func of(colors: Int, direct: Bool) -> ColorDepth? {
      if direct { return .direct }
      if colors >= 256 { return .palette256 }
      return colors >= 8 ? .palette8 : nil
    }
  }

  /// The picture.
  package var image: RGBImage
  /// How colours are fitted.
  package var depth: ColorDepth
  /// Where to draw the marker, as fractions from the left and from the top (`nil` for none).
  package var marker: (x: Double, y: Double)?
  /// The marker's style (its background is the image's there).
  package var markerColor: Color

  /// Creates a view of `image`.
  package init(
    image: RGBImage, depth: ColorDepth, marker: (x: Double, y: Double)? = nil,
    markerColor: Color = .rgb(255, 255, 0)
  ) {
    self.image = image
    self.depth = depth
    self.marker = marker
    self.markerColor = markerColor
  }

  /// Draws the image scaled to fill `rect`.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    guard rect.width > 0, rect.height > 0, image.width > 0, image.height > 0 else { return }
    let pixels = scaled(width: rect.width, height: rect.height * 2)
    let glyph: Character = buffer.symbols.isASCII ? " " : "▀"
    for row in 0..<rect.height {
      for column in 0..<rect.width {
        let top = (row * 2 * rect.width + column) * 3
        let bottom = ((row * 2 + 1) * rect.width + column) * 3
        let foreground = fit(pixels[top], pixels[top + 1], pixels[top + 2])
        let background = fit(pixels[bottom], pixels[bottom + 1], pixels[bottom + 2])
        // Without half blocks, a cell shows one colour: the mean of its two pixels.
        let style =
          glyph == " "
          ? Style(
            background: fit(
              UInt8((Int(pixels[top]) + Int(pixels[bottom])) / 2),
              UInt8((Int(pixels[top + 1]) + Int(pixels[bottom + 1])) / 2),
              UInt8((Int(pixels[top + 2]) + Int(pixels[bottom + 2])) / 2)))
          : Style(foreground: foreground, background: background)
        buffer.setBlock(glyph, style: style, x: rect.x + column, y: rect.y + row)
      }
    }
    if let marker, marker.x >= 0, marker.x <= 1, marker.y >= 0, marker.y <= 1 {
      let column = min(rect.width - 1, Int(marker.x * Double(rect.width)))
      let row = min(rect.height - 1, Int(marker.y * Double(rect.height)))
      let under = buffer[rect.x + column, rect.y + row].style.background
      let markerStyle = Style(foreground: fitColor(markerColor), background: under, attributes: .bold)
      buffer.setBlock("+", style: markerStyle, x: rect.x + column, y: rect.y + row)
    }
  }

  /// The image resampled to `width × height` pixels, each the mean of the pixels it covers.
  func scaled(width: Int, height: Int) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: width * height * 3)
    let columns = (0..<width).map { span(of: $0, parts: width, total: image.width) }
    image.pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          let rows = span(of: y, parts: height, total: image.height)
          for x in 0..<width {
            let range = columns[x]
            var red = 0
            var green = 0
            var blue = 0
            for sourceY in rows {
              var offset = (sourceY * image.width + range.lowerBound) * 3
              for _ in range {
                red += Int(source[offset])
                green += Int(source[offset + 1])
                blue += Int(source[offset + 2])
                offset += 3
              }
            }
            let count = rows.count * range.count
            let out = (y * width + x) * 3
            target[out] = UInt8(red / count)
            target[out + 1] = UInt8(green / count)
            target[out + 2] = UInt8(blue / count)
          }
        }
      }
    }
    return output
  }

  /// The image pixels (never none) that drawing pixel `index` of `parts` covers along `total`.
  private func span(of index: Int, parts: Int, total: Int) -> Range<Int> {
    let start = index * total / parts
    let end = max(start + 1, (index + 1) * total / parts)
    return start..<min(end, total)
  }

  private func fit(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
    switch depth {
    case .direct: return .rgb(red, green, blue)
    case .palette256: return .palette(Color.nearestCubeOrGrey(red: red, green: green, blue: blue))
    case .palette8: return Color.rgb(red, green, blue).fitted(toPaletteSize: 8)
    }
  }

  private func fitColor(_ color: Color) -> Color {
    guard let (red, green, blue) = color.components else { return color }
    return fit(red, green, blue)
  }
}
