import TerminalUI

/// TerminalUI's hot path: a full frame of the events list rendered into the cell buffer, and the
/// diff the renderer sends to curses. One line per case.
func runTerminalUIBenchmarks() {
  let size = Size(width: 200, height: 60)
  let rows = (0..<5_000).map { index in
    ListRow(
      glyph: index % 7 == 0 ? "!" : "●", text: "Event \(index): wildfire near 東京 🔥 and a rather long title",
      detail: "closed 2024-05-\(index % 28 + 1)", rightText: "\(index * 13)")
  }
  var list = ListView(rows: rows)
  var header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"], rightText: "live")
  header.rightText = "live · 2 min ago"
  var status = StatusLine(message: "5,000 events")
  status.progress = Progress(completed: 5, total: 13)
  status.spinner.isSpinning = true

  func frame() -> CellBuffer {
    var buffer = CellBuffer(size: size)
    let (top, rest) = buffer.bounds.splitTop(1)
    let (body, bottom) = rest.splitBottom(1)
    header.render(into: &buffer, rect: top)
    list.render(into: &buffer, rect: body)
    status.render(into: &buffer, rect: bottom)
    return buffer
  }

  var previous = frame()
  measureTerminalUI("render a 200×60 frame of a 5,000-row list") {
    previous = frame()
  }
  measureTerminalUI("diff two identical 200×60 frames") {
    _ = previous.changes(from: previous)
  }
  measureTerminalUI("scroll one row: render + diff a 200×60 frame") {
    _ = list.handle(key: list.selectedIndex == rows.count - 1 ? .home : .down)
    status.tick += 1
    let next = frame()
    _ = next.changes(from: previous)
    previous = next
  }
  measureTerminalUI("full repaint: diff a 200×60 frame against nothing") {
    _ = previous.changes(from: nil)
  }
  runHugeTextBenchmarks(size: size)
  runColorFittingBenchmarks(cells: size.width * size.height)
}

/// What fitting RGB colours to a 256- or 8-colour terminal costs per frame if it were done for
/// every cell (the renderer does it once per colour combination): why `ColorPairs` remembers them.
private func runColorFittingBenchmarks(cells: Int) {
  let colors: [Color] = [
    .rgb(230, 159, 0), .rgb(86, 180, 233), .rgb(0, 158, 115), .rgb(240, 228, 66), .rgb(0, 114, 178),
    .rgb(213, 94, 0), .rgb(204, 121, 167),
  ]
  for paletteSize in [256, 8] {
    measureTerminalUI("fit \(cells) RGB cells to \(paletteSize) colours, uncached") {
      var sum = 0
      for cell in 0..<cells {
        if case .palette(let index) = colors[cell % colors.count].fitted(toPaletteSize: paletteSize) {
          sum &+= Int(index)
        }
      }
      precondition(sum > 0)
    }
  }
}

/// The longest fields the decoder accepts cost a frame no more than short ones: a 10 MB title and a
/// 512 KB one-word description (wrapping it took 29 s when wrapping was quadratic).
private func runHugeTextBenchmarks(size: Size) {
  let title = String(repeating: "lava ", count: 2_000_000)
  let description = String(repeating: "m", count: 512 << 10)
  measureTerminalUI("open a detail pane: 10 MB title, 512 KB one-word description, 200×60") {
    var pane = DetailPane(title: title, text: "Status: open\n\n" + description)
    var buffer = CellBuffer(size: size)
    pane.render(into: &buffer, rect: buffer.bounds)
  }
  var list = ListView(
    rows: (0..<100).map { ListRow(glyph: "●", text: title, detail: "", rightText: "\($0)") })
  measureTerminalUI("render a 200×60 list frame of 10 MB titles") {
    var buffer = CellBuffer(size: size)
    list.render(into: &buffer, rect: buffer.bounds)
  }
}

/// Runs `body` repeatedly for about half a second and prints the mean time per run.
private func measureTerminalUI(_ name: String, _ body: () -> Void) {
  let clock = ContinuousClock()
  for _ in 0..<3 { body() }  // warm-up
  var iterations = 0
  let budget = Duration.milliseconds(500)
  let elapsed = clock.measure {
    let start = clock.now
    repeat {
      body()
      iterations += 1
    } while clock.now - start < budget
  }
  let perRun = elapsed / iterations
  let microseconds = Double(perRun.components.attoseconds) / 1e12 + Double(perRun.components.seconds) * 1e6
  let tenths = Int((microseconds * 10).rounded())
  let figure = "\(tenths / 10).\(tenths % 10)"
  let padding = String(repeating: " ", count: max(1, 52 - name.count))
  print("TerminalUI  \(name)\(padding)\(figure) µs/run  (\(iterations) runs)")
}
