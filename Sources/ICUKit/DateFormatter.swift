// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim
import ToolkitSupport

/// What a date argument asks for, in ICU MessageFormat's terms.
package enum DateFormatSpec: Hashable, Sendable {
    /// One of ICU's four styles (or none) for the date and the time part.
    package enum Style: Int8, Hashable, Sendable { case none = -1, full = 0, long = 1, medium = 2, short = 3 }
    /// `{d, date, medium}`, `{t, time, short}`; the default `{d}` of a date is short date + short time.
    case styles(date: Style, time: Style)
    /// `{d, date, ::EEEE}`: a skeleton resolved through the date-time pattern generator.
    case skeleton(String)
    /// `{d, date, yyyy-MM-dd}`: a SimpleDateFormat pattern, as written.
    case pattern(String)
}

/// A date formatter for one locale, one spec and one time zone.
///
/// Given an ordinal suffix for the first day of a month (`FirstDayOrdinal`: French «1er mai»),
/// a formatter whose pattern has a lone day `d` before a month name writes the day 1 with it:
/// ICU formats the date and reports where its day of the month is (`UDAT_DATE_FIELD`), and the
/// suffix goes right after a day that reads "1". Any other pattern formats exactly as ICU does.
///
/// Sendable notes: ICU does not document `UDateFormat` as thread-safe for formatting (it
/// works on an internal calendar), so every call holds this owner's lock.
package final class ICUDateFormatter: @unchecked Sendable {
    private let raw: OpaquePointer
    private let lock = Locked<Void>(())
    /// The resolved SimpleDateFormat pattern (for styles, the locale's; for skeletons, what the
    /// pattern generator chose).
    package let pattern: String
    /// The suffix written after the day 1 (`er`), as UTF-16, when the pattern takes it.
    private let firstDaySuffix: [UInt16]?

    private struct Key: Hashable, Sendable { let localeID: String; let spec: DateFormatSpec; let zone: String; let firstDaySuffix: String? }
    /// Bounded by the locales, specs and zones in use: a batch of 14 locales in 19 zones needs
    /// more than 512, and a cache smaller than what is in use starts again every few users and
    /// opens the same formatters over and over.
    private static let cache = FormatterCache<Key, ICUDateFormatter>(limit: 4096)
    private static let generators = FormatterCache<String, PatternGenerator>(limit: 64)

    /// The shared formatter for a locale, spec and ICU time-zone id (an IANA id, or a fixed
    /// offset such as `GMT-06:00`). The corresponding ICU functions are `udat_open` and
    /// `udatpg_getBestPattern`.
    /// - Parameter firstDaySuffix: the ordinal suffix of the first day of a month (`er`), written
    ///   after the day 1 when the pattern has a lone `d` before a month name
    ///   (`FirstDayOrdinal.concerns(pattern:)`); nil formats as ICU does.
    package static func formatter(
        localeID: String, spec: DateFormatSpec, timeZoneID: String, firstDaySuffix: String? = nil
    ) throws(ICUError) -> ICUDateFormatter {
        try cache.value(for: Key(localeID: localeID, spec: spec, zone: timeZoneID, firstDaySuffix: firstDaySuffix)) { () throws(ICUError) in
            try ICUDateFormatter(localeID: localeID, spec: spec, zone: timeZoneID, firstDaySuffix: firstDaySuffix)
        }
    }

    /// The best pattern for a skeleton in a locale (`EEEE` → `EEEE`, `MMMd` → `d MMM` in es).
    package static func bestPattern(localeID: String, skeleton: String) throws(ICUError) -> String {
        let gen = try generators.value(for: localeID) { () throws(ICUError) in try PatternGenerator(localeID: localeID) }
        return try gen.bestPattern(skeleton)
    }

    private init(localeID: String, spec: DateFormatSpec, zone: String, firstDaySuffix: String?) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        let zoneUnits = Array(zone.utf16)
        var resolved = ""
        let r: OpaquePointer?
        switch spec {
        case .styles(let d, let t):
            // `Style`'s raw values are ICU's `UDateFormatStyle` values (`CICU_UDAT_NONE` … `CICU_UDAT_SHORT`).
            r = cicu_udat_open(
                cicu_date_format_style(rawValue: Int32(t.rawValue)), cicu_date_format_style(rawValue: Int32(d.rawValue)),
                localeID, zoneUnits, Int32(zoneUnits.count), nil, 0, &status)
        case .skeleton(let s):
            resolved = try ICUDateFormatter.bestPattern(localeID: localeID, skeleton: s)
            let p = Array(resolved.utf16)
            r = cicu_udat_open(CICU_UDAT_PATTERN, CICU_UDAT_PATTERN, localeID, zoneUnits, Int32(zoneUnits.count), p, Int32(p.count), &status)
        case .pattern(let s):
            resolved = s
            let p = Array(s.utf16)
            r = cicu_udat_open(CICU_UDAT_PATTERN, CICU_UDAT_PATTERN, localeID, zoneUnits, Int32(zoneUnits.count), p, Int32(p.count), &status)
        }
        guard let r, status.isSuccess else {
            if let r { cicu_udat_close(r) }
            throw ICUError(status.isSuccess ? CICU_U_MEMORY_ALLOCATION_ERROR : status, "opening a date format for \(localeID) in \(zone)")
        }
        self.raw = r
        if case .styles = spec {
            do {
                resolved = try utf16String(capacity: 64, "the pattern of a date format") { buf, cap, status in
                    cicu_udat_toPattern(r, buf, cap, &status)
                }
            } catch {
                cicu_udat_close(r)
                throw error
            }
        }
        self.pattern = resolved
        if let firstDaySuffix, !firstDaySuffix.isEmpty, FirstDayOrdinal.concerns(pattern: resolved) {
            self.firstDaySuffix = Array(firstDaySuffix.utf16)
        } else {
            self.firstDaySuffix = nil
        }
    }

    deinit { cicu_udat_close(raw) }

    /// Formats an instant and appends it as UTF-8 bytes.
    package func format(millis: Double, toBytes out: inout [UInt8]) throws(ICUError) {
        if let firstDaySuffix {
            // In a stack buffer as below, the suffix appended between the two halves; a text
            // longer than the buffer takes the allocating path.
            let done = try lock.withLock { (_: inout Void) throws(ICUError) -> Bool in
                try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) { (buf) throws(ICUError) -> Bool in
                    var status = CICU_U_ZERO_ERROR
                    var begin: Int32 = 0, end: Int32 = 0
                    let n = cicu_udat_formatWithDayOfMonth(raw, millis, buf.baseAddress!, 128, &begin, &end, &status)
                    if status == CICU_U_BUFFER_OVERFLOW_ERROR || Int(n) > 128 { return false }
                    try status.check("formatting a date")
                    let base = buf.baseAddress!
                    if end == begin + 1, base[Int(begin)] == 0x31 {
                        UTF16Transcoding.append(UnsafeBufferPointer(start: base, count: Int(end)), toBytes: &out)
                        firstDaySuffix.withUnsafeBufferPointer { UTF16Transcoding.append($0, toBytes: &out) }
                        UTF16Transcoding.append(UnsafeBufferPointer(start: base + Int(end), count: Int(n - end)), toBytes: &out)
                    } else {
                        UTF16Transcoding.append(UnsafeBufferPointer(start: base, count: Int(n)), toBytes: &out)
                    }
                    return true
                }
            }
            if !done {
                let units = try formatWithFirstDay(millis: millis, suffix: firstDaySuffix)
                units.withUnsafeBufferPointer { UTF16Transcoding.append($0, toBytes: &out) }
            }
            return
        }
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) { (buf) throws(ICUError) in
                var status = CICU_U_ZERO_ERROR
                let n = cicu_udat_format(raw, millis, buf.baseAddress!, 128, &status)
                if status == CICU_U_BUFFER_OVERFLOW_ERROR || Int(n) > 128 {
                    let s = try utf16String(capacity: Int(n) + 1, "formatting a date") { b, cap, st in
                        cicu_udat_format(raw, millis, b, cap, &st)
                    }
                    out.append(contentsOf: s.utf8)
                    return
                }
                try status.check("formatting a date")
                UTF16Transcoding.append(UnsafeBufferPointer(start: buf.baseAddress!, count: Int(n)), toBytes: &out)
            }
        }
    }

    /// The text of an instant as UTF-16, with `suffix` right after a day of the month that
    /// reads "1" (ICU reports the day's range: `UDAT_DATE_FIELD`).
    private func formatWithFirstDay(millis: Double, suffix: [UInt16]) throws(ICUError) -> [UInt16] {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            var capacity = 128
            for _ in 0..<2 {
                var units = [UInt16](repeating: 0, count: capacity)
                var status = CICU_U_ZERO_ERROR
                var begin: Int32 = 0, end: Int32 = 0
                let n = units.withUnsafeMutableBufferPointer { buf in
                    cicu_udat_formatWithDayOfMonth(raw, millis, buf.baseAddress!, Int32(capacity), &begin, &end, &status)
                }
                if status == CICU_U_BUFFER_OVERFLOW_ERROR || (status.isSuccess && Int(n) > capacity) {
                    capacity = Int(n) + 1
                    continue
                }
                try status.check("formatting a date")
                units.removeSubrange(Int(n)...)
                if end == begin + 1, units[Int(begin)] == 0x31 { units.insert(contentsOf: suffix, at: Int(end)) }
                return units
            }
            throw ICUError(CICU_U_BUFFER_OVERFLOW_ERROR, "formatting a date")
        }
    }

    /// Formats an instant given in milliseconds since 1970 (ICU's `UDate`).
    /// The corresponding ICU function is `udat_format`.
    package func format(millis: Double) throws(ICUError) -> String {
        if let firstDaySuffix {
            let units = try formatWithFirstDay(millis: millis, suffix: firstDaySuffix)
            return units.withUnsafeBufferPointer { UTF16Transcoding.string($0) }
        }
        return try lock.withLock { (_: inout Void) throws(ICUError) in
            try utf16String(capacity: 96, "formatting a date") { buf, cap, status in
                cicu_udat_format(raw, millis, buf, cap, &status)
            }
        }
    }
}

/// ICU's date-time pattern generator for one locale.
///
/// Sendable notes: `UDateTimePatternGenerator` is not thread-safe; every call holds the lock.
final class PatternGenerator: @unchecked Sendable {
    private let raw: OpaquePointer
    private let lock = Locked<Void>(())

    init(localeID: String) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        guard let r = cicu_udatpg_open(localeID, &status), status.isSuccess else {
            throw ICUError(status, "opening the date-time pattern generator for \(localeID)")
        }
        raw = r
    }

    deinit { cicu_udatpg_close(raw) }

    func bestPattern(_ skeleton: String) throws(ICUError) -> String {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try ICUKit.withUTF16(skeleton) { (p, n) throws(ICUError) in
                try utf16String(capacity: 64, "the date skeleton '\(skeleton)'") { buf, cap, status in
                    cicu_udatpg_getBestPattern(raw, p, n, buf, cap, &status)
                }
            }
        }
    }
}

/// The rules of one time zone as ICU's own data has them (ICU 72 carries tzdata 2022e).
///
/// Sendable notes: a `UCalendar` is mutable; every call holds the lock.
package final class ICUTimeZone: @unchecked Sendable {
    private let raw: OpaquePointer
    private let lock = Locked<Void>(())
    package let identifier: String

    private static let cache = FormatterCache<String, ICUTimeZone>(limit: 256)

    /// The zone, or nil when ICU does not know the id. The corresponding ICU function is
    /// `ucal_getCanonicalTimeZoneID`.
    package static func zone(_ id: String) -> ICUTimeZone? {
        try? cache.value(for: id) { () throws(ICUError) in try ICUTimeZone(id) }
    }

    private init(_ id: String) throws(ICUError) {
        let units = Array(id.utf16)
        var status = CICU_U_ZERO_ERROR
        _ = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 64) { buf in
            cicu_ucal_getCanonicalTimeZoneID(units, Int32(units.count), buf.baseAddress!, 64, &status)
        }
        try status.check("the time zone '\(id)'")
        var st = CICU_U_ZERO_ERROR
        guard let cal = cicu_ucal_open(units, Int32(units.count), "en_US_POSIX", CICU_UCAL_GREGORIAN, &st), st.isSuccess else {
            throw ICUError(st, "opening a calendar in \(id)")
        }
        raw = cal
        identifier = id
    }

    deinit { cicu_ucal_close(raw) }

    /// The zone's offset from UTC, in seconds, at an instant (ms since 1970), by ICU's data.
    package func offsetSeconds(atMillis ms: Double) -> Int {
        lock.withLock { _ in
            var status = CICU_U_ZERO_ERROR
            cicu_ucal_setMillis(raw, ms, &status)
            let z = cicu_ucal_get(raw, CICU_UCAL_ZONE_OFFSET, &status)
            let d = cicu_ucal_get(raw, CICU_UCAL_DST_OFFSET, &status)
            return Int(z + d) / 1000
        }
    }
}
#endif
