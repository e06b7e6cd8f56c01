import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import Support
import TerminalUI

/// The detail's satellite image: whether it is shown (`i`, remembered), which layer (`L`), the
/// image of the event on screen as it loads, and its caption. Main thread only.
///
/// Drawing asks for the image the pane's size and the event call for; the client reads the cache
/// and decodes off the main thread, and only the finished picture comes back here. A new request
/// (another event, layer or size) cancels the one before; the same request is never made twice.
final class ImageryPane {
  /// What the pane knows of the image it last asked for.
  enum State {
    case loading
    case loaded(FetchedImage)
    case failed(String)
  }

  /// Whether the detail shows the image.
  var isShown: Bool
  private let client: ImageryClient
  private let layers: ImageryLayers
  private let mainScheduler: SchedulerType
  private let clock: @Sendable () -> Date
  private let redraw: () -> Void
  /// The layer shown, an index into the event's layers (``ImageryLayers/names(forCategory:)``).
  private var layerIndex = 0
  /// The last request and what came of it.
  private(set) var current: (request: ImageryRequest, state: State)?
  private var loading: Disposable?

  /// The widest image asked for, in pixels (a pane is at most this many columns, twice over).
  private static let maximumWidth = 1024

  init(
    client: ImageryClient, layers: ImageryLayers, isShown: Bool, mainScheduler: SchedulerType,
    clock: @escaping @Sendable () -> Date, redraw: @escaping () -> Void
  ) {
    self.client = client
    self.layers = layers
    self.isShown = isShown
    self.mainScheduler = mainScheduler
    self.clock = clock
    self.redraw = redraw
  }

  deinit { loading?.dispose() }

  /// Shows or hides the pane; showing it again after a failure asks again.
  func toggle() {
    isShown.toggle()
    if isShown, case .failed? = current?.state { current = nil }
  }

  /// Shows the next of the event's layers (back to true colour after the last); says which.
  func nextLayer(of event: EOEvent) -> String {
    let names = layers.names(forCategory: event.categories.first?.id)
    layerIndex = (layerIndex + 1) % max(1, names.count)
    return names.count > 1
      ? "Image layer \(layerIndex + 1) of \(names.count): \(Self.layerTitle(names[layerIndex]))"
      : "This category has no other image layer"
  }

  /// The rows the pane takes of a detail `area`: about half, at least a picture of 4 rows and its
  /// caption, leaving the text 3 rows.
  static func split(_ area: Rect) -> (image: Rect, text: Rect) {
    guard area.height >= 8 else { return (Rect(x: area.x, y: area.y, width: area.width, height: 0), area) }
    let (top, rest) = area.splitTop(max(5, area.height / 2))
    return (top, rest)
  }

  /// Draws the image of `event` (or why there is none) and its caption into `rect`.
  ///
  /// - Parameters:
  ///   - depth: The terminal's colours for pictures; `nil` draws a note instead.
  func render(
    _ event: EOEvent, depth: ImageView.ColorDepth?, into buffer: inout CellBuffer, rect: Rect, theme: Theme
  ) {
    buffer.clear(rect, style: theme.text)
    guard rect.height >= 2, rect.width >= 4 else { return }
    let (picture, caption) = rect.splitBottom(1)
    guard let depth else {
      write(
        "No image without colours (NO_COLOR, --no-color or the mono theme)", in: caption, buffer: &buffer,
        style: theme.secondary)
      return
    }
    let names = layers.names(forCategory: event.categories.first?.id)
    let layer = names[min(layerIndex, names.count - 1)]
    guard
      let request = ImageryRequest.framing(
        event, width: min(Self.maximumWidth, picture.width * 2),
        height: min(Self.maximumWidth, picture.height * 4),
        today: clock(), layer: layer)
    else {
      write("No image: the event has no position", in: caption, buffer: &buffer, style: theme.secondary)
      return
    }
    if current?.request != request { load(request) }
    switch current?.state {
    case .loaded(let fetched):
      ImageView(image: fetched.image, depth: depth, marker: request.marker).render(
        into: &buffer, rect: picture)
      write(Self.caption(of: fetched), in: caption, buffer: &buffer, style: theme.secondary)
    case .failed(let line):
      write(line, in: caption, buffer: &buffer, style: theme.error)
    case .loading, nil:
      write(
        "Loading the satellite image\(buffer.symbols.ellipsis)", in: caption, buffer: &buffer,
        style: theme.secondary)
    }
  }

  /// Layer, day, box size, source; when it came from the cache, when it was fetched; the day's note.
  static func caption(of fetched: FetchedImage) -> String {
    let request = fetched.request
    let (width, height) = request.sizeInKilometres
    var parts = [
      layerTitle(request.layer), request.date, "\(Int(width.rounded()))×\(Int(height.rounded())) km",
      "NASA GIBS",
    ]
    if fetched.fromCache { parts.append("fetched \(Formatting.minute(fetched.fetchedAt))") }
    if let note = request.note { parts.append(note) }
    return parts.joined(separator: " · ")
  }

  /// A layer's name as a person reads it: `MODIS Terra CorrectedReflectance TrueColor`.
  static func layerTitle(_ name: String) -> String {
    TextSanitizer.sanitize(name.replacingOccurrences(of: "_", with: " "), placeholder: "?")
  }

  private func load(_ request: ImageryRequest) {
    loading?.dispose()
    current = (request, .loading)
    loading = client.image(request).asObservable()
      .observe(on: mainScheduler)
      .subscribe(
        onNext: { [weak self] fetched in
          guard let self, self.current?.request == request else { return }
          self.current = (request, .loaded(fetched))
          self.redraw()
        },
        onError: { [weak self] error in
          guard let self, self.current?.request == request else { return }
          self.current = (request, .failed((error as? EONETError)?.description ?? "no image: \(error)"))
          self.redraw()
        })
  }

  private func write(_ text: String, in rect: Rect, buffer: inout CellBuffer, style: Style) {
    let line = TextLayout.truncate(text, toWidth: rect.width, ellipsis: buffer.symbols.ellipsis)
    buffer.write(line, at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
  }
}
