// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim
import ToolkitSupport

/// Relative times: "in 5 hours", "dentro de 5 horas", "5小时后".
///
/// Sendable notes: ICU does not document `URelativeDateTimeFormatter` as thread-safe; every
/// call holds the lock.
package final class ICURelativeTimeFormatter: @unchecked Sendable {
    package enum Unit: Int32, Sendable, Hashable { case year = 0, quarter, month, week, day, hour, minute, second }
    package enum Width: Int32, Sendable, Hashable { case long = 0, short, narrow }

    private let raw: OpaquePointer
    private let lock = Locked<Void>(())
    private struct Key: Hashable, Sendable { let localeID: String; let width: Width }
    private static let cache = FormatterCache<Key, ICURelativeTimeFormatter>(limit: 64)

    /// The corresponding ICU function is `ureldatefmt_open`.
    package static func formatter(localeID: String, width: Width = .long) throws(ICUError) -> ICURelativeTimeFormatter {
        try cache.value(for: Key(localeID: localeID, width: width)) { () throws(ICUError) in
            try ICURelativeTimeFormatter(localeID: localeID, width: width)
        }
    }

    private init(localeID: String, width: Width) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        // `Width`'s raw values are ICU's `UDateRelativeDateTimeFormatterStyle` values (`CICU_UDAT_STYLE_*`);
        // the shim opens the formatter without capitalization (`UDISPCTX_CAPITALIZATION_NONE`).
        let r = cicu_ureldatefmt_open(localeID, cicu_relative_style(rawValue: width.rawValue), &status)
        guard let r, status.isSuccess else {
            if let r { cicu_ureldatefmt_close(r) }
            throw ICUError(status, "opening a relative time format for \(localeID)")
        }
        raw = r
    }

    deinit { cicu_ureldatefmt_close(raw) }

    /// "in 5 hours" for (5, .hour), "5 hours ago" for (-5, .hour), always numeric.
    /// The corresponding ICU function is `ureldatefmt_formatNumeric`.
    package func format(_ value: Double, _ unit: Unit) throws(ICUError) -> String {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try utf16String(capacity: 64, "formatting a relative time") { buf, cap, status in
                cicu_ureldatefmt_formatNumeric(raw, value, cicu_relative_unit(rawValue: unit.rawValue), buf, cap, &status)
            }
        }
    }

    /// Like `format`, but with words where the locale has them ("tomorrow", "mañana").
    /// The corresponding ICU function is `ureldatefmt_format`.
    package func formatWithWords(_ value: Double, _ unit: Unit) throws(ICUError) -> String {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try utf16String(capacity: 64, "formatting a relative time") { buf, cap, status in
                cicu_ureldatefmt_format(raw, value, cicu_relative_unit(rawValue: unit.rawValue), buf, cap, &status)
            }
        }
    }
}

/// Lists: "Ana, Liam and Wei", "Ana, Liam y Wei", "Ana、Liam和Wei".
///
/// Sendable notes: ICU's `ICUListFormatter::format` is const and uses no mutable state; shared freely.
package final class ICUListFormatter: @unchecked Sendable {
    package enum Kind: Int32, Sendable, Hashable { case and = 0, or, units }
    package enum Width: Int32, Sendable, Hashable { case wide = 0, short, narrow }

    private let raw: OpaquePointer
    private struct Key: Hashable, Sendable { let localeID: String; let kind: Kind; let width: Width }
    private static let cache = FormatterCache<Key, ICUListFormatter>(limit: 64)

    /// The corresponding ICU function is `ulistfmt_openForType`.
    package static func formatter(localeID: String, kind: Kind = .and, width: Width = .wide) throws(ICUError) -> ICUListFormatter {
        try cache.value(for: Key(localeID: localeID, kind: kind, width: width)) { () throws(ICUError) in
            try ICUListFormatter(localeID: localeID, kind: kind, width: width)
        }
    }

    private init(localeID: String, kind: Kind, width: Width) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        // `Kind`'s and `Width`'s raw values are ICU's (`CICU_ULISTFMT_TYPE_*`, `CICU_ULISTFMT_WIDTH_*`).
        let r = cicu_ulistfmt_openForType(
            localeID, cicu_list_type(rawValue: kind.rawValue),
            cicu_list_width(rawValue: width.rawValue), &status)
        guard let r, status.isSuccess else {
            if let r { cicu_ulistfmt_close(r) }
            throw ICUError(status, "opening a list format for \(localeID)")
        }
        raw = r
    }

    deinit { cicu_ulistfmt_close(raw) }

    /// The corresponding ICU function is `ulistfmt_format`.
    package func format(_ items: [String]) throws(ICUError) -> String {
        let units = items.map { Array($0.utf16) }
        let lengths = units.map { Int32($0.count) }
        // Keep every buffer alive for the call.
        var pointers: [UnsafePointer<UInt16>?] = []
        var storage: [UnsafeMutablePointer<UInt16>] = []
        defer { storage.forEach { $0.deallocate() } }
        for u in units {
            let p = UnsafeMutablePointer<UInt16>.allocate(capacity: max(u.count, 1))
            p.initialize(from: u, count: u.count)
            storage.append(p)
            pointers.append(UnsafePointer(p))
        }
        return try utf16String(capacity: 128, "formatting a list") { buf, cap, status in
            cicu_ulistfmt_format(raw, pointers, lengths, Int32(items.count), buf, cap, &status)
        }
    }
}

/// Durations as units: "1 hr, 20 min", "1 h y 20 min", "1小时20分钟" (ICU mixed units).
package enum ICUDurationFormatter {
    package enum Width: String, Sendable, Hashable { case narrow, short, wide = "full-name" }

    /// Formats a whole number of seconds in the units ``DurationUnits`` decides (hours and
    /// minutes, minutes and seconds, or one unit: "1 hr, 20 min", "2 hr"), through the number
    /// skeletons `unit/hour-and-minute`, `unit/minute-and-second` and `measure-unit/duration-…`.
    /// The values are whole, so ICU rounds nothing.
    ///
    /// With `list`, two units are formatted one by one (`measure-unit/duration-…` at `width`)
    /// and joined by ICU's unit list format of that width (`ulistfmt_openForType` with
    /// `ULISTFMT_TYPE_UNITS`): what the mixed unit prints with its own list width, which is
    /// always the units' width (short units and the unit-narrow list give fr «1 h 20 min»,
    /// where the mixed unit prints «1 h et 20 min»). The list format is asked once per locale
    /// and width, for the placeholders `{0}` and `{1}` (fr «{0} {1}»), and the units are put
    /// into that pattern: exact for the list patterns that do not change with the words they
    /// join (not Spanish «y» → «e» before «i», which the unit-narrow list has no conjunction
    /// for anyway).
    package static func format(
        seconds: Int, localeID: String, width: Width = .short, list: ICUListFormatter.Width? = nil
    ) throws(ICUError) -> String {
        let units = DurationUnits(seconds: seconds)
        let skeleton: String
        let value: Double
        if let list, units.shape == .hoursAndMinutes || units.shape == .minutesAndSeconds {
            let (first, second) = units.shape == .hoursAndMinutes ? ("hour", "minute") : ("minute", "second")
            let (a, b) = units.shape == .hoursAndMinutes ? (units.hours, units.minutes) : (units.minutes, units.seconds)
            let one = try ICUNumberFormatter.formatter(localeID: localeID, skeleton: "measure-unit/duration-\(first) unit-width-\(width.rawValue)")
            let two = try ICUNumberFormatter.formatter(localeID: localeID, skeleton: "measure-unit/duration-\(second) unit-width-\(width.rawValue)")
            let pattern = try listPattern(localeID: localeID, width: list)
            return pattern.prefix + (try one.string(Int64(a))) + pattern.middle + (try two.string(Int64(b))) + pattern.suffix
        }
        switch units.shape {
        case .hours:
            skeleton = "measure-unit/duration-hour precision-integer unit-width-\(width.rawValue)"
            value = Double(units.hours)
        case .hoursAndMinutes:
            skeleton = "unit/hour-and-minute precision-integer unit-width-\(width.rawValue)"
            value = Double(units.shownSeconds) / 3600
        case .minutesAndSeconds:
            skeleton = "unit/minute-and-second precision-integer unit-width-\(width.rawValue)"
            value = Double(units.shownSeconds) / 60
        case .minutes:
            skeleton = "measure-unit/duration-minute unit-width-\(width.rawValue)"
            value = Double(units.minutes)
        case .seconds:
            skeleton = "measure-unit/duration-second unit-width-\(width.rawValue)"
            value = Double(units.seconds)
        }
        return try ICUNumberFormatter.formatter(localeID: localeID, skeleton: skeleton).string(value)
    }

    /// A two-element unit list pattern split at its placeholders.
    private struct ListPattern: Sendable {
        let prefix: String
        let middle: String
        let suffix: String
    }

    private struct ListKey: Hashable, Sendable {
        let localeID: String
        let width: ICUListFormatter.Width
    }

    private static let listPatterns = FormatterCache<ListKey, ListPattern>(limit: 64)

    /// ICU's unit list of `width` for the placeholders `{0}` and `{1}`, split around them.
    private static func listPattern(localeID: String, width: ICUListFormatter.Width) throws(ICUError) -> ListPattern {
        try listPatterns.value(for: ListKey(localeID: localeID, width: width)) { () throws(ICUError) in
            let text = try ICUListFormatter.formatter(localeID: localeID, kind: .units, width: width).format(["{0}", "{1}"])
            func find(_ placeholder: String) -> Range<String.Index>? {
                var i = text.startIndex
                while i < text.endIndex {
                    if text[i...].hasPrefix(placeholder) { return i..<text.index(i, offsetBy: placeholder.count) }
                    i = text.index(after: i)
                }
                return nil
            }
            guard let zero = find("{0}"), let one = find("{1}"), zero.upperBound <= one.lowerBound else {
                throw ICUError.unsupported("the unit list pattern of \(localeID) does not keep its two items in order: \(text)")
            }
            return ListPattern(
                prefix: String(text[..<zero.lowerBound]), middle: String(text[zero.upperBound..<one.lowerBound]),
                suffix: String(text[one.upperBound...]))
        }
    }
}
#endif
