import EONETKit
import Foundation

/// What changed in an event since someone last saw it: how far it moved, its magnitude before and
/// after, whether it closed. The detail screen says it in one line.
///
/// The position then is the record that was latest then: an event only gains records, so the
/// fingerprint's count of records says which one it was.
public struct EventDelta: Equatable, Sendable {
  /// How far a position moved, and which way.
  public struct Move: Equatable, Sendable {
    /// The great-circle distance, in km.
    public var kilometres: Double
    /// The compass point from the position seen to the latest (`N`, `NE`, … `NW`).
    public var direction: String
  }

  /// A magnitude seen and the latest, when they differ (either may be missing).
  public struct MagnitudeChange: Equatable, Sendable {
    public var before: Double?
    public var after: Double?
  }

  /// Records gained since.
  public var newRecords: Int
  /// How far the latest position is from the one seen; `nil` under a kilometre or without both.
  public var move: Move?
  /// The magnitude seen and the latest, when they differ.
  public var magnitude: MagnitudeChange?
  /// The latest magnitude's unit.
  public var unit: String?
  /// When it closed, if it closed since.
  public var closed: Date?

  /// What changed in `event` since it looked like `seen`; `nil` when nothing did.
  public init?(_ event: EOEvent, since seen: EventFingerprint) {
    let now = EventFingerprint(event)
    let latest = event.latestGeometry
    newRecords = max(0, now.records - seen.records)
    closed = seen.closed == nil ? event.closed : nil
    unit = latest?.magnitude?.unit
    if now.magnitude != seen.magnitude {
      magnitude = MagnitudeChange(before: seen.magnitude, after: now.magnitude)
    }
    if newRecords > 0, event.geometries.indices.contains(seen.records - 1),
      let then = event.geometries[seen.records - 1].center, let position = latest?.center
    {
      let kilometres = Geodesy.distanceKilometres(from: then, to: position)
      if kilometres >= 1 {
        move = Move(kilometres: kilometres, direction: Geodesy.compassPoint(from: then, to: position))
      }
    }
    guard newRecords > 0 || closed != nil || magnitude != nil else { return nil }
  }

  /// The change in words: `moved 42 km NW in 3 new records · magnitude 1,200 → 3,400 acres ·
  /// closed 2025-11-08`.
  public func summary(ascii: Bool = false) -> String {
    var parts: [String] = []
    let records = Formatting.count(newRecords, "new record")
    if let move {
      parts.append(
        "moved \(Formatting.count(Int(move.kilometres.rounded()))) km \(move.direction) in \(records)")
    } else if newRecords > 0 {
      parts.append(records)
    }
    if let magnitude {
      let before = magnitude.before.map { Formatting.magnitude(value: $0, unit: nil, ascii: ascii) } ?? "none"
      let after = magnitude.after.map { Formatting.magnitude(value: $0, unit: unit, ascii: ascii) } ?? "none"
      parts.append("magnitude \(before) \(ascii ? "->" : "→") \(after)")
    }
    if let closed { parts.append("closed \(Formatting.day(closed))") }
    return parts.joined(separator: " · ")
  }
}
