// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim
import CLDRData

/// The result of one number formatting: ICU's `UFormattedNumber`, reusable for many calls
/// by one thread at a time (each format call overwrites it).
///
/// Not Sendable: a result belongs to the call (or the per-thread formatting context) that made it.
package final class FormattedNumber {
    let raw: OpaquePointer
    /// Whether the text is read with each space after a digit made a no-break space
    /// (``UnitSpacing``): set by the formatter that wrote it.
    package var joinsUnits = false

    /// The corresponding ICU function is `unumf_openResult`.
    package init() throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        guard let r = cicu_unumf_openResult(&status), status.isSuccess else {
            throw ICUError(status.isSuccess ? CICU_U_MEMORY_ALLOCATION_ERROR : status, "opening a number result")
        }
        raw = r
    }

    deinit { cicu_unumf_closeResult(raw) }

    /// Runs `body` over the formatted UTF-16 text, borrowed from ICU without a copy.
    /// The corresponding ICU functions are `unumf_resultAsValue` and `ufmtval_getString`.
    @inline(__always)
    package func withUTF16<R>(_ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
        var status = CICU_U_ZERO_ERROR
        var len: Int32 = 0
        guard let p = cicu_unumf_resultGetString(raw, &len, &status), status.isSuccess else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return body(UnsafeBufferPointer(start: p, count: Int(len)))
    }

    /// The formatted text.
    package var string: String {
        guard joinsUnits else { return withUTF16 { UTF16Transcoding.string($0) } }
        var bytes: [UInt8] = []
        append(toBytes: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the formatted text as UTF-8 bytes.
    @inline(__always)
    package func append(toBytes target: inout [UInt8]) {
        let start = target.count
        withUTF16 { UTF16Transcoding.append($0, toBytes: &target) }
        if joinsUnits { UnitSpacing.join(&target, from: start) }
    }

    /// Appends the formatted text to `target`.
    @inline(__always)
    package func append(to target: inout String) {
        guard joinsUnits else { return withUTF16 { UTF16Transcoding.append($0, to: &target) } }
        target += string
    }
}

/// A number formatter for one locale and one ICU number skeleton
/// (`precision-integer`, `.0 measure-unit/length-kilometer`, `percent scale/100`, `currency/EUR`,
/// `compact-short`, `unit/hour-and-minute`).
///
/// Sendable notes: ICU documents `UNumberFormatter` as immutable and thread-safe; each format
/// call writes into the caller's `FormattedNumber`.
package final class ICUNumberFormatter: @unchecked Sendable {
    private let raw: OpaquePointer
    package let localeID: String
    package let skeleton: String
    /// Whether the texts it writes join a number and its unit with a no-break space
    /// (``UnitSpacing``).
    package let joinsUnits: Bool

    private struct Key: Hashable, Sendable { let localeID: String; let skeleton: String; let joinsUnits: Bool }
    private static let cache = FormatterCache<Key, ICUNumberFormatter>(limit: 512)

    /// The shared formatter for a locale and skeleton. Throws for a skeleton ICU rejects, with
    /// the offset of the bad token. The corresponding ICU function is
    /// `unumf_openForSkeletonAndLocaleWithError`.
    /// - Parameters:
    ///   - localeID: an ICU locale id.
    ///   - skeleton: an ICU number skeleton.
    ///   - joinsUnits: whether each space after a digit is written as U+00A0 (``UnitSpacing``).
    package static func formatter(localeID: String, skeleton: String, joinsUnits: Bool = false) throws(ICUError) -> ICUNumberFormatter {
        try cache.value(for: Key(localeID: localeID, skeleton: skeleton, joinsUnits: joinsUnits)) { () throws(ICUError) in
            try ICUNumberFormatter(localeID: localeID, skeleton: skeleton, joinsUnits: joinsUnits)
        }
    }

    private init(localeID: String, skeleton: String, joinsUnits: Bool) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        var errorOffset: Int32 = 0
        let r = ICUKit.withUTF16(skeleton) { p, n in
            cicu_unumf_openForSkeletonAndLocaleWithError(p, n, localeID, &errorOffset, &status)
        }
        guard let r, status.isSuccess else {
            if let r { cicu_unumf_close(r) }
            throw ICUError(
                status.isSuccess ? CICU_U_MEMORY_ALLOCATION_ERROR : status,
                "the number skeleton '\(skeleton)'", offset: Int(errorOffset))
        }
        self.raw = r
        self.localeID = localeID
        self.skeleton = skeleton
        self.joinsUnits = joinsUnits
    }

    deinit { cicu_unumf_close(raw) }

    /// The corresponding ICU function is `unumf_formatInt`.
    @inline(__always)
    package func format(_ value: Int64, into result: FormattedNumber) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        cicu_unumf_formatInt(raw, value, result.raw, &status)
        result.joinsUnits = joinsUnits
        try status.check("formatting \(value)")
    }

    /// The corresponding ICU function is `unumf_formatDouble`.
    @inline(__always)
    package func format(_ value: Double, into result: FormattedNumber) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        cicu_unumf_formatDouble(raw, value, result.raw, &status)
        result.joinsUnits = joinsUnits
        try status.check("formatting \(value)")
    }

    /// Formats a decimal string exactly ("1.50", "12345678901234567890.5").
    /// The corresponding ICU function is `unumf_formatDecimal`.
    package func format(decimal: String, into result: FormattedNumber) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        var d = decimal
        d.withUTF8 { p in
            p.withMemoryRebound(to: CChar.self) { c in
                cicu_unumf_formatDecimal(raw, c.baseAddress, Int32(c.count), result.raw, &status)
            }
        }
        result.joinsUnits = joinsUnits
        try status.check("formatting the decimal '\(decimal)'")
    }

    /// Convenience for one-off calls: formats and returns the text.
    package func string(_ value: Double) throws(ICUError) -> String {
        let r = try FormattedNumber()
        try format(value, into: r)
        return r.string
    }

    /// Convenience for one-off calls: formats and returns the text.
    package func string(_ value: Int64) throws(ICUError) -> String {
        let r = try FormattedNumber()
        try format(value, into: r)
        return r.string
    }
}

/// ICU's legacy `UNumberFormat`, for what MessageFormat does through it and skeletons cannot
/// say: DecimalFormat patterns (`{n, number, #,##0.00}`) and the rule-based `spellout`,
/// `ordinal` and `duration` formats.
///
/// Sendable notes: ICU does not document `UNumberFormat` (RBNF in particular) as thread-safe
/// for formatting, so every call holds this owner's lock.
package final class LegacyNumberFormat: @unchecked Sendable {
    package enum Style: Hashable, Sendable { case pattern(String), spellout(String), ordinal(String), duration(String) }
    private let raw: OpaquePointer
    private let lock = Locked<Void>(())

    private struct Key: Hashable, Sendable { let localeID: String; let style: Style }
    private static let cache = FormatterCache<Key, LegacyNumberFormat>(limit: 128)

    package static func formatter(localeID: String, style: Style) throws(ICUError) -> LegacyNumberFormat {
        try cache.value(for: Key(localeID: localeID, style: style)) { () throws(ICUError) in
            try LegacyNumberFormat(localeID: localeID, style: style)
        }
    }

    private init(localeID: String, style: Style) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        var errorOffset: Int32 = 0
        let r: OpaquePointer?
        var ruleSet = ""
        switch style {
        case .pattern(let p):
            r = ICUKit.withUTF16(p) { ptr, n in cicu_unum_open(CICU_UNUM_PATTERN_DECIMAL, ptr, n, localeID, &errorOffset, &status) }
        case .spellout(let s), .ordinal(let s), .duration(let s):
            let kind: cicu_number_format_style
            switch style {
            case .spellout: kind = CICU_UNUM_SPELLOUT
            case .ordinal: kind = CICU_UNUM_ORDINAL
            default: kind = CICU_UNUM_DURATION
            }
            r = cicu_unum_open(kind, nil, 0, localeID, &errorOffset, &status)
            ruleSet = s
        }
        guard let r, status.isSuccess else {
            if let r { cicu_unum_close(r) }
            throw ICUError(status.isSuccess ? CICU_U_MEMORY_ALLOCATION_ERROR : status, "the number pattern", offset: Int(errorOffset))
        }
        if !ruleSet.isEmpty {
            // As ICU's MessageFormat does: an unknown rule set is ignored.
            var st = CICU_U_ZERO_ERROR
            ICUKit.withUTF16(ruleSet) { p, n in cicu_unum_setDefaultRuleSet(r, p, n, &st) }
        }
        self.raw = r
    }

    deinit { cicu_unum_close(raw) }

    package func format(_ value: Double) throws(ICUError) -> String {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try utf16String(capacity: 64, "formatting \(value)") { buf, cap, status in
                cicu_unum_formatDouble(raw, value, buf, cap, &status)
            }
        }
    }

    package func format(_ value: Int64) throws(ICUError) -> String {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try utf16String(capacity: 64, "formatting \(value)") { buf, cap, status in
                cicu_unum_formatInt64(raw, value, buf, cap, &status)
            }
        }
    }

    package func format(decimal: String) throws(ICUError) -> String {
        try lock.withLock { (_: inout Void) throws(ICUError) in
            try utf16String(capacity: 64, "formatting \(decimal)") { buf, cap, status in
                decimal.withCString { cicu_unum_formatDecimal(raw, $0, Int32(decimal.utf8.count), buf, cap, &status) }
            }
        }
    }

    /// The plural category of `value` as this format would show it.
    /// The corresponding ICU function is `uplrules_selectWithFormat`.
    package func select(_ value: Double, rules: PluralRules) -> PluralCategory {
        lock.withLock { _ in rules.select(value, legacyFormat: raw) }
    }
}

extension PluralRules {
    fileprivate func select(_ value: Double, legacyFormat: OpaquePointer) -> PluralCategory {
        withRaw { r in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 8) { buf in
                var status = CICU_U_ZERO_ERROR
                let n = cicu_uplrules_selectWithFormat(r, value, legacyFormat, buf.baseAddress!, 8, &status)
                return status.isSuccess ? PluralCategory.fromUTF16(buf.baseAddress!, n) : .other
            }
        }
    }
}

import ToolkitSupport
#endif
