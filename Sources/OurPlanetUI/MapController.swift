import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// The world map the events and detail screens share: whether it shows, whether it has the keys,
/// its bindings and its mouse handling. A screen composes it rather than each holding map state.
final class MapController {
  /// Whether `m` has turned the map on.
  var isShown = false
  /// Whether keys go to the map (Tab) rather than the list.
  var isFocused = false
  /// The map itself.
  var pane: MapPane
  /// The region filter `f` sets.
  private let region: BehaviorRelay<Region?>
  /// Shows a one-line answer on the status line.
  private let say: (String) -> Void
  /// Offers to save the region `f` set as a place (`nil`: no config file to save it in).
  var offerToSave: ((Region) -> Void)?

  /// The hint shown when the map takes the focus.
  static let hint =
    "Map: + - zoom, arrows/hjkl pan, 0 reframe, c centre, Space next marker, f filter to view, Tab list"

  init(region: BehaviorRelay<Region?>, theme: Theme = .dark, say: @escaping (String) -> Void) {
    self.pane = MapPane(theme: theme)
    self.region = region
    self.say = say
  }

  /// `m`: shows or hides the map (the focus goes back to the list when it hides); it shows framed
  /// on what the screen shows.
  func toggleShown() {
    isShown.toggle()
    if isShown { pane.reframe() } else { isFocused = false }
  }

  /// `Tab`: moves the keys between the list and the shown map.
  func toggleFocus() {
    guard isShown else {
      say("Tab moves between the list and the map: show the map with m first")
      return
    }
    isFocused.toggle()
    if isFocused { say(Self.hint) }
  }

  /// The map's bindings while it has the keys (none otherwise); they come before the screen's.
  ///
  /// - Parameters:
  ///   - selected: The screen's selected event, for `c`.
  ///   - pick: Selects an event the map picked (Space).
  func bindings(selected: @escaping () -> EOEvent?, pick: @escaping (String) -> Void) -> [Binding] {
    guard isShown, isFocused else { return [] }
    let move: (Key) -> Void = { [unowned self] key in
      switch pane.handle(key, selected: selected()) {
      case .picked(let id): pick(id)
      case .said(let text): say(text)
      case .moved, .ignored: break
      }
    }
    return [
      .run(.zoom, move), .run(.pan, move), .run(.wholeWorld, move), .run(.centre, move),
      .run(.nextMarker, move),
      .run(.filterToView) { [unowned self] _ in
        guard let visible = pane.visibleRegion else {
          say("Zoom in first (+): the whole world is no region")
          return
        }
        region.accept(visible)
        say("Only events \(visible.label); F clears the region")
        offerToSave?(visible)
      },
    ]
  }

  /// Handles a mouse event over the map: the wheel zooms around the pointer, a drag pans, a click
  /// picks a marker.
  ///
  /// - Returns: `nil` when the event is not over a shown map, else the event picked (or `""`).
  func handleMouse(_ event: MouseEvent) -> String? {
    guard isShown, let rect = pane.lastRect, rect.contains(event.point) else { return nil }
    switch event.kind {
    case .wheelUp: pane.zoom(by: 2, at: event.point)
    case .wheelDown: pane.zoom(by: 0.5, at: event.point)
    case .drag(let from):
      guard rect.contains(from) else { return nil }
      pane.pan(columns: from.x - event.point.x, rows: from.y - event.point.y)
    case .click, .doubleClick:
      return pane.eventID(at: event.point) ?? ""
    }
    return ""
  }
}
