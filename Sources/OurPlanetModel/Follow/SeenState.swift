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
    magnitude = event.latestMagnitude?.value
    closed = event.closed
  }

  /// Whether this fingerprint is further along than `other`: more records, else a later latest
  /// record, else closed where `other` is open. Events only ever gain records and close, so the
  /// further one is the later look at the event, whichever instance took it.
  func isFurther(than other: EventFingerprint) -> Bool {
    if records != other.records { return records > other.records }
    if latest != other.latest { return (latest ?? .distantPast) > (other.latest ?? .distantPast) }
    return closed != nil && other.closed == nil
  }
}

/// The events someone has seen (the UI) or announced (`watch`), each with its fingerprint then, and
/// the categories whose events are in the baseline.
///
/// A category enters the baseline the first time it loads from the network: its events then are
/// taken as seen, silently. A category that failed (or was shown only from the cache) on the first
/// look is not in it, so its first good load is not a flood of "new".
public struct SeenState: Codable, Sendable, Equatable {
  /// The fingerprints by event id.
  public var events: [String: EventFingerprint]
  /// The categories whose events entered the baseline (`nil`: a file written before categories were
  /// recorded, whose baseline took them all).
  public var baseline: Set<String>?

  /// A state with the given fingerprints.
  public init(events: [String: EventFingerprint] = [:], baseline: Set<String>? = nil) {
    self.events = events
    self.baseline = baseline
  }

  private enum CodingKeys: String, CodingKey {
    case baseline, events
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    events = try container.decode([String: EventFingerprint].self, forKey: .events)
    baseline = try container.decodeIfPresent([String].self, forKey: .baseline).map(Set.init)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(events, forKey: .events)
    // Sorted: the same state is the same file.
    try container.encodeIfPresent(baseline?.sorted(), forKey: .baseline)
  }

  /// Whether `category` is in the baseline (every category is, in a state without the list).
  public func isInBaseline(_ category: String) -> Bool {
    baseline?.contains(category) ?? true
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

  /// This state with `other`'s: every event of either, with the fingerprint further along where
  /// both have one (`other`'s on a tie, as the one being written), and both baselines.
  public func merging(_ other: SeenState) -> SeenState {
    var merged = self
    for (id, theirs) in other.events {
      if let mine = merged.events[id], mine.isFurther(than: theirs) { continue }
      merged.events[id] = theirs
    }
    if let mine = baseline, let theirs = other.baseline {
      merged.baseline = mine.union(theirs)
    } else {
      // A state without the list has every category in its baseline.
      merged.baseline = nil
    }
    return merged
  }
}

extension SeenState: MergeableState {}
