import Foundation
import ToolkitSupport
import AffirmationSelector

/// Turns wall-clock times in a time zone into instants, and instants into wall-clock times, with
/// the zone's rules as Foundation's `TimeZone` reads them (current tzdata; never ICU's own copy).
///
/// - A wall time that does not exist (spring forward) moves forward by the gap: New York,
///   2026-03-08 02:30 → 03:30 EDT.
/// - A wall time that occurs twice (fall back) takes its first occurrence (RFC 5545, Apple's
///   default): New York, 2026-11-01 01:30 → 05:30Z (EDT).
public enum WallClock {
    /// The instant at which `date` at `time` happens in `timeZone`.
    /// - Parameters:
    ///   - date: the local date.
    ///   - time: the wall time.
    ///   - second: the second of the minute (0 unless a request is staggered).
    ///   - timeZone: the user's zone.
    /// - Returns: the instant, resolved as described in the type's overview.
    public static func instant(on date: LocalDate, at time: TimeOfDay, second: Int = 0, in timeZone: TimeZone) -> Date {
        let wall = date.dayNumber * 86_400 + time.hour * 3600 + time.minute * 60 + second
        func offset(at seconds: Int) -> Int { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) }
        // The offsets in force around that wall time (transitions are further apart than a day).
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        // The same offset a day either side: no transition near, so the wall time is that offset's
        // (the usual case: two offsets asked of the zone, not four).
        if before == after { return Date(timeIntervalSince1970: TimeInterval(wall - before)) }
        // The earliest instant among those offsets that reads back as that wall time.
        var first: Int?
        for candidateOffset in [before, after, offset(at: wall)] {
            let candidate = wall - candidateOffset
            if offset(at: candidate) == candidateOffset, first.map({ candidate < $0 }) ?? true { first = candidate }
        }
        if let first { return Date(timeIntervalSince1970: TimeInterval(first)) }
        // In a gap: read the wall time with the offset in force before it, which moves it forward by the gap.
        return Date(timeIntervalSince1970: TimeInterval(wall - before))
    }

    /// The instant at which `date` starts in `timeZone`: usually 00:00, but 01:00 on the days a
    /// zone skips midnight (America/Santiago on the first Sunday of September).
    /// - Parameters:
    ///   - date: the local date.
    ///   - timeZone: the user's zone.
    /// - Returns: the first instant of that local day.
    public static func startOfDay(_ date: LocalDate, in timeZone: TimeZone) -> Date {
        instant(on: date, at: TimeOfDay(hour: 0), in: timeZone)
    }

    /// The wall-clock parts of `instant` in `timeZone`.
    /// - Parameters:
    ///   - instant: a moment in time.
    ///   - timeZone: the zone to read it in.
    /// - Returns: the local date, the time of day, the second and the UTC offset in seconds.
    public static func components(of instant: Date, in timeZone: TimeZone) -> (date: LocalDate, time: TimeOfDay, second: Int, offset: Int) {
        let offset = timeZone.secondsFromGMT(for: instant)
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let days = LocalDate.floorDiv(local, 86_400)
        let rest = local - days * 86_400
        return (LocalDate(dayNumber: days), TimeOfDay(hour: rest / 3600, minute: (rest % 3600) / 60), rest % 60, offset)
    }

    /// The first instant after `instant` at which the wall clock of `timeZone` shows `time`.
    /// - Parameters:
    ///   - time: the wall time wanted.
    ///   - instant: the instant to start after.
    ///   - timeZone: the zone.
    /// - Returns: an instant strictly after `instant`.
    public static func next(_ time: TimeOfDay, after instant: Date, in timeZone: TimeZone) -> Date {
        var date = LocalDate(instant, in: timeZone).adding(days: -1)
        while true {
            let candidate = Self.instant(on: date, at: time, in: timeZone)
            if candidate > instant { return candidate }
            date = date.adding(days: 1)
        }
    }
}

/// ISO 8601 / RFC 3339 text for instants, with ASCII digits and no locale or calendar involved.
public enum ISO8601Instant {
    /// Formats `instant` as `YYYY-MM-DDTHH:MM:SS±HH:MM` in `timeZone` (the local UTC offset), or
    /// with `Z` when no zone is given.
    /// - Parameters:
    ///   - instant: the moment (fractions of a second are dropped).
    ///   - timeZone: the zone whose offset is shown; nil for UTC with `Z`.
    /// - Returns: e.g. `"2026-11-23T10:00:00+01:00"`.
    public static func string(_ instant: Date, in timeZone: TimeZone? = nil) -> String {
        let zone = timeZone ?? utc
        let c = WallClock.components(of: instant, in: zone)
        var text = "\(c.date)T\(c.time):\(LocalDate.pad(c.second, 2))"
        if timeZone == nil {
            text += "Z"
        } else {
            let sign = c.offset < 0 ? "-" : "+"
            let magnitude = abs(c.offset)
            text += "\(sign)\(LocalDate.pad(magnitude / 3600, 2)):\(LocalDate.pad((magnitude % 3600) / 60, 2))"
        }
        return text
    }

    /// UTC, the zone of instants written with `Z`.
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM|±HHMM)`.
    /// - Parameter text: an instant with an explicit offset.
    /// - Returns: nil when the text is not such an instant.
    public static func date(_ text: String) -> Date? {
        ISO8601Reader.secondsSince1970(text).map { Date(timeIntervalSince1970: $0) }
    }
}
