import Foundation

/// The UTC offset of a time zone at an instant, as `TimeZone.secondsFromGMT(for:)` gives it,
/// looked up in a table of the zone's transitions instead of asking Foundation each time.
///
/// Foundation reads an offset through ICU's calendar behind a lock of the zone's shared
/// instance: about a thousand instructions a call, and two planners on two cores that plan users
/// of one zone take turns at that lock. A planner asks for dozens of offsets a user, all within
/// days of the planning instant, so the first offset asked of a zone reads its transitions for
/// two years either side of that instant (`TimeZone.nextDaylightSavingTimeTransition(after:)`)
/// and keeps them; later offsets in that span are a search in the table. An instant outside the
/// span, or a zone whose table does not check out, is asked of Foundation as before, so every
/// answer is exactly what `secondsFromGMT(for:)` answers (tests compare the two around every
/// transition of many zones).
///
/// The tables are shared by every thread, behind one lock held only to find a zone's table.
package enum ZoneOffsets {
    /// The zone's offset at `instant`, in seconds east of UTC: `zone.secondsFromGMT(for: instant)`.
    /// - Parameters:
    ///   - zone: the time zone.
    ///   - instant: the moment.
    /// - Returns: the offset in force at that moment.
    package static func secondsFromGMT(_ zone: TimeZone, for instant: Date) -> Int {
        let t = instant.timeIntervalSince1970
        let table = self.table(for: zone, around: t)
        return table.offset(at: t) ?? zone.secondsFromGMT(for: instant)
    }

    /// How far either side of the first instant asked a zone's table reaches.
    static let reach: TimeInterval = 2 * 366 * 86_400

    /// The most transitions a table keeps (a zone with more in its span is asked of Foundation).
    static let maxTransitions = 256

    private static let tables = Locked<[String: ZoneOffsetTable]>([:])

    /// The zone's table (built on first use, around `t`).
    static func table(for zone: TimeZone, around t: TimeInterval) -> ZoneOffsetTable {
        let id = zone.identifier
        if let found = tables.withLock({ $0[id] }) { return found }
        let built = ZoneOffsetTable(zone: zone, around: t)
        return tables.withLock { all in
            if let raced = all[id] { return raced }
            all[id] = built
            return built
        }
    }
}

/// One zone's offsets over a span of instants: each transition in the span and the offset from
/// it on. Immutable once built.
final class ZoneOffsetTable: Sendable {
    /// The span covered, in seconds since 1970: `start..<end`.
    let start: TimeInterval
    let end: TimeInterval
    /// `starts[i]` is where `offsets[i]` begins (`starts[0] == start`), ascending.
    let starts: [TimeInterval]
    let offsets: [Int]

    /// Reads the transitions of `zone` around `t` from Foundation, and checks them: the offset
    /// just before each transition (and at the span's end) must be the one the table gives there;
    /// if not (a change the transition list missed), the table covers nothing.
    init(zone: TimeZone, around t: TimeInterval) {
        let lo = (t - ZoneOffsets.reach).rounded(.down)
        let hi = (t + ZoneOffsets.reach).rounded(.down)
        var starts = [lo]
        var offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: lo))]
        var cursor = Date(timeIntervalSince1970: lo)
        var complete = true
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < hi {
            let at = next.timeIntervalSince1970
            guard at > cursor.timeIntervalSince1970, starts.count < ZoneOffsets.maxTransitions else {
                complete = false
                break
            }
            starts.append(at)
            offsets.append(zone.secondsFromGMT(for: next))
            cursor = next
        }
        if complete {
            for i in starts.indices {
                let last = i + 1 < starts.count ? starts[i + 1] - 1 : hi - 1
                guard last >= starts[i], zone.secondsFromGMT(for: Date(timeIntervalSince1970: last)) == offsets[i] else {
                    complete = false
                    break
                }
            }
        }
        if complete {
            (start, end) = (lo, hi)
        } else {
            (start, end) = (0, 0)
        }
        self.starts = starts
        self.offsets = offsets
    }

    /// The offset at `t`, or nil outside the span.
    func offset(at t: TimeInterval) -> Int? {
        guard t >= start, t < end else { return nil }
        // The last start at or before t.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= t { low = mid } else { high = mid - 1 }
        }
        return offsets[low]
    }
}
