import EONETKit
import Foundation

/// What made an event worth telling about since it was last seen.
public enum EventChange: String, Sendable, Equatable, CaseIterable {
  /// Never seen before.
  case new
  /// Seen, and since then it gained a position or record, or its magnitude changed.
  case updated
  /// Seen open, and closed since.
  case closed
}

/// What is remembered of an event once seen: enough to tell later whether it changed.
public struct EventFingerprint: Codable, Sendable, Equatable {
  /// Its number of records (positions).
  public var records: Int
  /// The date of its latest record.
  public var latest: Date?
  /// Its latest magnitude value.
  public var magnitude: Double?
  /// When it closed, if it had.
  public var closed: Date?

  /// A fingerprint of the given parts.
  init(records: Int, latest: Date?, magnitude: Double?, closed: Date?) {
    self.records = records
    self.latest = latest
    self.magnitude = magnitude
    self.closed = closed
  }

  /// The fingerprint of `event` as it is now.
  public init(_ event: EOEvent) {
    // The latest geometry is a scan of them all: found once (this runs for every event in the
    // window on the categories list's frames, through `SeenState.change(of:)`).
    let latestGeometry = event.latestGeometry
    records = event.geometries.count
    latest = latestGeometry?.date
    magnitude = latestGeometry?.magnitude?.value
    closed = event.closed
  }
}

/// The events someone has seen (the UI) or announced (`watch`), each with its fingerprint then.
public struct SeenState: Codable, Sendable, Equatable {
  /// The fingerprints by event id.
  public var events: [String: EventFingerprint]

  /// A state with the given fingerprints.
  public init(events: [String: EventFingerprint] = [:]) {
    self.events = events
  }

  /// How `event` changed since it was seen, or `nil` when it has not.
  public func change(of event: EOEvent) -> EventChange? {
    guard let seen = events[event.id] else { return .new }
    if seen.closed == nil, event.closed != nil { return .closed }
    let now = EventFingerprint(event)
    if now.records > seen.records { return .updated }
    if now.magnitude != seen.magnitude { return .updated }
    return nil
  }

  /// Remembers `events` as they are now.
  public mutating func markSeen<Events: Sequence>(_ events: Events) where Events.Element == EOEvent {
    for event in events { self.events[event.id] = EventFingerprint(event) }
  }

  /// Whether every one of `events` is seen as it is now.
  public func hasSeen<Events: Sequence>(_ events: Events) -> Bool where Events.Element == EOEvent {
    events.allSatisfy { change(of: $0) == nil }
  }
}
