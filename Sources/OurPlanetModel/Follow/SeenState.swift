import EONETKit
import Foundation

/// What made an event worth telling about since it was last seen.
package enum EventChange: String, Sendable, Equatable, CaseIterable {
  /// Never seen before.
  case new
  /// Seen, and since then it gained a position or record, or its magnitude changed.
  case updated
  /// Seen open, and closed since.
  case closed
}

/// What is remembered of an event once seen: enough to tell later whether it changed.
package struct EventFingerprint: Codable, Sendable, Equatable {
  /// Its number of records (positions).
  package var records: Int
  /// The date of its latest record.
  package var latest: Date?
  /// Its latest magnitude value.
  package var magnitude: Double?
  /// When it closed, if it had.
  package var closed: Date?

  /// A fingerprint of the given parts.
  init(records: Int, latest: Date?, magnitude: Double?, closed: Date?) {
    self.records = records
    self.latest = latest
    self.magnitude = magnitude
    self.closed = closed
  }

  /// The fingerprint of `event` as it is now.
  package init(_ event: EOEvent) {
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
package struct SeenState: Codable, Sendable, Equatable {
  /// The fingerprints by event id.
  package var events: [String: EventFingerprint]
  /// The categories whose events entered the baseline (`nil`: a file written before categories were
  /// recorded, whose baseline took them all).
  package var baseline: Set<String>?
  /// Where each category was looked at: the earliest start of a window up to now that showed it,
  /// by category id. An unseen event dated from there on is news; one dated before is history.
  /// Empty in a file written before looks were recorded: "looked at nothing extra".
  package var looked: [String: Date]

  /// A state with the given fingerprints.
  package init(
    events: [String: EventFingerprint] = [:], baseline: Set<String>? = nil, looked: [String: Date] = [:]
  ) {
    self.events = events
    self.baseline = baseline
    self.looked = looked
  }

  private enum CodingKeys: String, CodingKey {
    case baseline, events, looked
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    events = try container.decode([String: EventFingerprint].self, forKey: .events)
    baseline = try container.decodeIfPresent([String].self, forKey: .baseline).map(Set.init)
    looked = try container.decodeIfPresent([String: Date].self, forKey: .looked) ?? [:]
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(events, forKey: .events)
    // Sorted: the same state is the same file.
    try container.encodeIfPresent(baseline?.sorted(), forKey: .baseline)
    if !looked.isEmpty { try container.encode(looked, forKey: .looked) }
  }

  /// Whether `category` is in the baseline (every category is, in a state without the list).
  package func isInBaseline(_ category: String) -> Bool {
    baseline?.contains(category) ?? true
  }

  /// How `event` changed since it was seen, or `nil` when it has not.
  ///
  /// An unseen event is new when it is dated inside a window looked at before (``looked``) in one
  /// of its categories, whatever its dates otherwise (EONET adds events with back-dated reports);
  /// dated before every window looked at in its categories, it is history (`nil`). An event of
  /// categories never looked at is new as before (the baseline decides whether it is told).
  package func change(of event: EOEvent) -> EventChange? {
    guard let seen = events[event.id] else { return isWhereLooked(event) ? .new : nil }
    if seen.closed == nil, event.closed != nil { return .closed }
    let now = EventFingerprint(event)
    if now.records > seen.records { return .updated }
    if now.magnitude != seen.magnitude { return .updated }
    return nil
  }

  /// Whether `event` is dated inside a window looked at in one of its categories (`true` when none
  /// of them was looked at yet).
  private func isWhereLooked(_ event: EOEvent) -> Bool {
    if looked.isEmpty { return true }
    var known = false
    for category in event.categories {
      guard let start = looked[category.id] else { continue }
      if event.date >= start { return true }
      known = true
    }
    return !known
  }

  /// Records a look at `category`, whose events are `events`, in a window from `windowStart` up to
  /// now: what it shows outside every window looked at before is history, taken as seen silently,
  /// and the window is looked at from now on.
  ///
  /// `events` must be everything the category has in the window (the UI and `watch` download
  /// the whole window, the slider's widest, before they look). A category in
  /// the baseline but never looked at (a file from before looks were recorded) counts as looked at
  /// back to the oldest event of this window it had seen: what is newer and unseen stays news,
  /// what is older is history. Past ranges are not looks: nothing up to now was shown.
  ///
  /// ```swift
  /// state.look(category: "wildfires", events: shown, windowStart: now - 1_000 days)  // 3,800 taken as seen
  /// ```
  ///
  /// - Returns: Whether the state changed (a window already looked at changes nothing, at once).
  @discardableResult
  package mutating func look<Events: Collection>(category: String, events shown: Events, windowStart: Date)
    -> Bool
  where Events.Element == EOEvent {
    // The common case, on every catalog of every refresh: the window moved on, or narrowed.
    if let earlier = looked[category], windowStart >= earlier, baseline?.contains(category) != false {
      return false
    }
    let start = windowStart
    // A category in the baseline but never looked at (a file from before looks were recorded)
    // was looked at back to at least its oldest event seen in this window.
    let seen = events
    let oldestSeen = shown.filter { seen[$0.id] != nil }.map(\.date).min()
    let earlier = looked[category] ?? (isInBaseline(category) ? oldestSeen.map { max(start, $0) } : nil)
    for event in shown where events[event.id] == nil {
      if let earlier, event.date >= earlier { continue }
      events[event.id] = EventFingerprint(event)
    }
    looked[category] = min(earlier ?? start, start)
    baseline?.insert(category)
    return true
  }

  /// Remembers `events` as they are now.
  package mutating func markSeen<Events: Sequence>(_ events: Events) where Events.Element == EOEvent {
    for event in events { self.events[event.id] = EventFingerprint(event) }
  }

  /// Whether every one of `events` is seen as it is now.
  package func hasSeen<Events: Sequence>(_ events: Events) -> Bool where Events.Element == EOEvent {
    events.allSatisfy { change(of: $0) == nil }
  }

  /// This state with `other`'s: every event of either, with the fingerprint further along where
  /// both have one (`other`'s on a tie, as the one being written), and both baselines.
  package func merging(_ other: SeenState) -> SeenState {
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
    merged.looked.merge(other.looked) { min($0, $1) }
    return merged
  }
}

extension SeenState: MergeableState {}
