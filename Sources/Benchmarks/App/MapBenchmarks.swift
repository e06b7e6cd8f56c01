import Dispatch
import EONETKit
import Foundation
import TerminalUI

/// The world map with every event of the real dump (5,662) on it, drawn into a 200×60 buffer as the
/// selection moves: the time per frame, which should stay under 2 ms so moving through the list on the
/// map screen stays instant. The first frame at a new size also rasterises the land; that figure is
/// printed beside it.
func runMapBenchmarks() {
  let repository = repositoryRoot
  let dump = repository.deletingLastPathComponent()
    .appendingPathComponent("shared/data/eonet/v3/events-open-all-2025-11.json")
  guard let data = try? Data(contentsOf: dump), let events = try? EONETDecoder().decodeEvents(from: data)
  else {
    print("map.frame           skipped: \(dump.path) not found or unreadable")
    return
  }
  let markers = events.elements.compactMap { event -> MapMarker? in
    guard let center = event.latestGeometry?.center else { return nil }
    return MapMarker(
      longitude: center.longitude, latitude: center.latitude, styleKey: event.categories.first?.id ?? "")
  }
  var buffer = CellBuffer(size: Size(width: 200, height: 60))
  let rect = buffer.bounds

  // The process's first map: the land mask decodes (once, on first use), then the land is drawn.
  let firstStart = DispatchTime.now().uptimeNanoseconds
  var firstMap = MapView(markers: markers, selectedIndex: 0)
  firstMap.render(into: &buffer, rect: rect)
  let first = Double(DispatchTime.now().uptimeNanoseconds - firstStart) / 1e9
  print(
    "map.first_frame     \(format(first * 1000, 2)) ms: the process's first 200×60 map, the land mask decoded"
  )

  // A new size: the land is rasterised again (a resize, or the first frame).
  var coldMap = MapView(markers: markers, selectedIndex: 0)
  let cold = best(of: 5) {
    coldMap = MapView(markers: markers, selectedIndex: 0)
    coldMap.render(into: &buffer, rect: rect)
  }

  // The steady state: the selection moves, markers and land are redrawn.
  var map = MapView(markers: markers, selectedIndex: 0)
  map.render(into: &buffer, rect: rect)
  let frames = 400
  let start = DispatchTime.now().uptimeNanoseconds
  for frame in 0..<frames {
    map.selectedIndex = (frame * 37) % markers.count
    map.render(into: &buffer, rect: rect)
  }
  let perFrame = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(frames)
  print(
    "map.frame           \(format(perFrame * 1000, 3)) ms per 200×60 frame with \(markers.count) markers, "
      + "selection moving (mean of \(frames); first frame at a new size \(format(cold * 1000, 2)) ms)")

  // Zoomed and panned: every frame a new window, so the land is rasterised again each time.
  var zoomed = MapView(markers: markers, selectedIndex: 0)
  zoomed.viewport.zoom(by: 8, in: rect)
  zoomed.viewport.centre(longitude: -100, latitude: 40, in: rect)
  let panStart = DispatchTime.now().uptimeNanoseconds
  for frame in 0..<frames {
    zoomed.viewport.pan(columns: frame % 2 == 0 ? 3 : -3, rows: 0, in: rect)
    zoomed.render(into: &buffer, rect: rect)
  }
  let perPan = Double(DispatchTime.now().uptimeNanoseconds - panStart) / 1e9 / Double(frames)
  print(
    "map.zoomed_pan      \(format(perPan * 1000, 3)) ms per 200×60 frame at 8× with \(markers.count) markers, "
      + "panning every frame (the land redrawn for each window)")
}
