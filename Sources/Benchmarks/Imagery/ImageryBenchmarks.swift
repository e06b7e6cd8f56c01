import EONETKit
import Foundation
import Support
import TerminalUI

/// The satellite image path: a 400×240 PNG (as GIBS sends for a 200×60 pane at twice its
/// resolution: photo-like content, every row filter) decoded and drawn into a 200×60 terminal, at
/// 24-bit and at 256 colours; and the peak memory of the path. `make bench ARGS=imagery`.
func runImageryBenchmarks() {
  guard let png = benchmarkPNG(width: 400, height: 240), let large = benchmarkPNG(width: 1024, height: 640)
  else {
    print("imagery     python3 could not write the benchmark PNG: skipped")
    return
  }
  let peakBefore = peakResidentMegabytes() ?? 0
  let size = Size(width: 200, height: 60)
  for depth in [ImageView.ColorDepth.direct, .palette256] {
    let name = depth == .direct ? "24-bit" : "256 colours"
    let seconds = best(of: 50) {
      guard let image = try? PNGDecoder.decode(png, maximumWidth: 400, maximumHeight: 240) else { return }
      var buffer = CellBuffer(size: size)
      ImageView(image: image, depth: depth, marker: (0.5, 0.5)).render(into: &buffer, rect: buffer.bounds)
    }
    print(line("decode + draw 400×240 PNG into 200×60, \(name)", seconds, goal: "≤ 5 ms"))
  }
  let decodeOnly = best(of: 50) { _ = try? PNGDecoder.decode(png, maximumWidth: 400, maximumHeight: 240) }
  print(line("decode 400×240 PNG (\(png.count / 1024) KiB)", decodeOnly, goal: nil))
  let largeDecode = best(of: 10) { _ = try? PNGDecoder.decode(large, maximumWidth: 1024, maximumHeight: 640) }
  print(line("decode 1024×640 PNG (\(large.count / 1024) KiB, `image`'s size)", largeDecode, goal: nil))
  let peakAfter = peakResidentMegabytes() ?? 0
  print(
    "imagery     peak resident memory: \(String(format: "%.1f", peakBefore)) MB before the image path, "
      + "\(String(format: "%.1f", peakAfter)) MB after (run alone for a clean figure)")
}

private func line(_ name: String, _ seconds: Double, goal: String?) -> String {
  let padding = String(repeating: " ", count: max(1, 56 - name.count))
  return "imagery     \(name)\(padding)\(String(format: "%.2f", seconds * 1000)) ms"
    + (goal.map { "  (goal \($0))" } ?? "")
}

/// A photo-like PNG written by Tests/Tools/png_writer.py: smooth gradients with noise, rows cycling
/// through the five filters.
private func benchmarkPNG(width: Int, height: Int) -> Data? {
  let script = """
    import random, sys
    sys.path.insert(0, sys.argv[1])
    from png_writer import png_bytes
    random.seed(7)
    w, h = int(sys.argv[2]), int(sys.argv[3])
    rows = [bytes(v for x in range(w) for v in ((x * 255 // w + random.randint(0, 20)) % 256,
             (y * 255 // h + random.randint(0, 20)) % 256, (x * y // 97 + random.randint(0, 40)) % 256))
            for y in range(h)]
    sys.stdout.buffer.write(png_bytes(w, h, 2, rows, [y % 5 for y in range(h)]))
    """
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "python3", "-c", script, repositoryRoot.appendingPathComponent("Tests/Tools").path, String(width),
    String(height),
  ]
  let output = Pipe()
  process.standardOutput = output
  do { try process.run() } catch { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return process.terminationStatus == 0 && !data.isEmpty ? data : nil
}
