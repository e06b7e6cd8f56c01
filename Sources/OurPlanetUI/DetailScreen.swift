import EONETKit
import OurPlanetModel
import TerminalUI

/// One event: its facts, description, numbered sources and positions, with the map below when on.
///
/// The text follows the event as refreshes update it, keeping the scroll position. `o` opens the
/// first link, 1–9 any; J and K step to the next and previous event of the list without going
/// back.
final class DetailScreen: Screen {
  private let context: any DetailEnvironment
  private unowned let list: EventsScreen
  private var event: EOEvent
  /// The event as the user saw it before this opened it (`nil`: never seen): the detail says what
  /// changed since.
  private var seen: EventFingerprint?
  private var pane: DetailPane
  /// The source titles the text was made with: when the list arrives, the text is made again.
  private var titles: [String: String]

  init(event: EOEvent, seen: EventFingerprint?, list: EventsScreen, context: any DetailEnvironment) {
    self.context = context
    self.list = list
    self.event = event
    self.seen = seen
    let titles = context.sourceTitles.value
    self.titles = titles
    self.pane = DetailPane(
      title: event.title,
      text: Self.text(for: event, ascii: context.ascii, seen: seen, titles: titles, alerts: context.alerts),
      theme: context.theme)
  }

  var breadcrumb: String { event.title }
  var headerRight: String { list.position.map { "event \($0)" } ?? "" }
  var position: String? { nil }
  var showsMap: Bool { true }

  func bindings() -> [Binding] {
    let map = context.map.bindings(selected: { [unowned self] in event }, pick: { _ in })
    return map + [
      .run(.openLink) { [unowned self] key in
        guard case .char(let digit) = key, let number = digit.wholeNumberValue else {
          return openLink(number: 1)
        }
        openLink(number: number)
      },
      .run(.copyLink) { [unowned self] _ in context.copyLink(of: event) },
      .run(.step) { [unowned self] key in step(by: key == .char("J") ? 1 : -1) },
      .run(.image) { [unowned self] _ in toggleImage() },
      .run(.imageLayer) { [unowned self] _ in
        guard let imagery = context.imagery else { return context.say("Imagery is off (--imagery off)") }
        if !imagery.isShown { imagery.isShown = true }
        context.say(imagery.nextLayer(of: event))
      },
    ] + Binding.listNavigation { [unowned self] key in pane.handle(key: key) }
  }

  func handleMouse(_ event: MouseEvent) -> ScreenAction {
    if context.map.handleMouse(event) != nil { return .handled }
    switch event.kind {
    case .wheelUp: _ = pane.handle(key: .up)
    case .wheelDown: _ = pane.handle(key: .down)
    default: return .unhandled
    }
    return .handled
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    followUpdates()
    var textArea = rect
    if context.map.isShown {
      let split = MapPane.splitDetailArea(rect)
      textArea = split.text
      context.map.pane.showTrack(of: event)
      context.map.pane.frame(on: MapPane.trackBox(of: event))
      context.map.pane.outline(nil)
      context.map.pane.render(
        into: &buffer, rect: split.map, selectedEventID: event.id, isFocused: context.map.isFocused)
    }
    if let imagery = context.imagery, imagery.isShown {
      let split = ImageryPane.split(textArea)
      textArea = split.text
      // `mono` promises no colour at all, even where the terminal has it.
      let depth = context.theme.name == Theme.mono.name ? nil : context.host.imageDepth
      imagery.render(event, depth: depth, into: &buffer, rect: split.image, theme: context.theme)
    }
    pane.render(into: &buffer, rect: textArea)
  }

  private func toggleImage() {
    guard let imagery = context.imagery else { return context.say("Imagery is off (--imagery off)") }
    imagery.toggle()
  }

  func close() {}

  /// Takes the newest copy of the event from the list, and the source titles as they arrive,
  /// keeping the scroll position.
  private func followUpdates() {
    let current = list.events.first { $0.id == event.id } ?? event
    let latestTitles = context.sourceTitles.value
    guard current != event || latestTitles != titles else { return }
    event = current
    titles = latestTitles
    pane.title = current.title
    pane.replaceText(
      Self.text(for: current, ascii: context.ascii, seen: seen, titles: titles, alerts: context.alerts))
  }

  private func step(by offset: Int) {
    guard let next = list.selectEvent(after: event.id, offset: offset) else {
      context.say(offset > 0 ? "This is the last event of the list" : "This is the first event of the list")
      return
    }
    event = next
    seen = context.seen.state.value.events[next.id]
    context.seen.markSeen([next])
    pane = DetailPane(
      title: next.title,
      text: Self.text(for: next, ascii: context.ascii, seen: seen, titles: titles, alerts: context.alerts),
      theme: context.theme)
  }

  private func openLink(number: Int) {
    let links = EventDetail.links(of: event)
    guard !links.isEmpty else {
      context.say("This event has no source link", isError: true)
      return
    }
    guard links.indices.contains(number - 1) else {
      context.say("This event has \(links.count) link\(links.count == 1 ? "" : "s")", isError: true)
      return
    }
    context.open(links[number - 1].url)
  }

  private static func text(
    for event: EOEvent, ascii: Bool, seen: EventFingerprint?, titles: [String: String], alerts: AlertRules
  ) -> String {
    let matched = alerts.rules.filter { $0.marks(event) }.map(\.name)
    return EventDetail.lines(for: event, ascii: ascii, seen: seen, sourceTitles: titles, alerts: matched)
      .joined(separator: "\n")
  }
}
