#if SystemICU && os(Linux)
import Foundation
import ICUKit
import ToolkitSupport

/// Chooses the time zone ICU formats a date in.
///
/// The system ICU (72) carries time-zone data 2022e: for it, America/Mexico_City still
/// changes clocks. Foundation's `TimeZone` reads current data. For each instant we compare the
/// two offsets: where they agree, ICU gets the IANA zone (and prints its zone names); where
/// they differ, ICU gets a fixed offset (`GMT-06:00`) taken from the current data, so the wall
/// time is right.
final class ZoneResolver: Sendable {
    static let shared = ZoneResolver()

    private struct Entry: @unchecked Sendable {
        let foundation: TimeZone
        let icu: ICUTimeZone?
        /// Zones without transitions and with the same offset in both: always agree.
        let alwaysAgrees: Bool
    }
    private let entries = Locked<[String: Entry]>([:])

    /// Whether the system's tzdata knows the zone.
    func isKnown(_ id: String) -> Bool { entry(id) != nil }

    private func entry(_ id: String) -> Entry? {
        if let e = entries.withLock({ $0[id] }) { return e }
        guard let tz = TimeZone(identifier: id) else { return nil }
        let icu = ICUTimeZone.zone(id)
        let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01, only to probe fixed zones
        var always = false
        if let icu, tz.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0)) == nil {
            always = icu.offsetSeconds(atMillis: now.timeIntervalSince1970 * 1000) == tz.secondsFromGMT(for: now)
        }
        let e = Entry(foundation: tz, icu: icu, alwaysAgrees: always)
        entries.withLock { $0[id] = e }
        return e
    }

    /// The zone id to give ICU for an instant, or nil when the zone is unknown.
    func icuZone(for id: String, atMillis ms: Double) -> String? {
        if id == "UTC" { return id }
        guard let e = entry(id) else { return nil }
        if e.alwaysAgrees { return id }
        let current = e.foundation.secondsFromGMT(for: Date(timeIntervalSince1970: ms / 1000))
        if let icu = e.icu, icu.offsetSeconds(atMillis: ms) == current { return id }
        return Self.fixedOffsetID(current)
    }

    static func fixedOffsetID(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        let h = a / 3600, m = (a % 3600) / 60
        return "GMT\(sign)\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }
}
#endif
