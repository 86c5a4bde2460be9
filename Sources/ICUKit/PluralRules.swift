// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim
import ToolkitSupport

import CLDRData

// `PluralCategory` is CLDRData' (one enum for both backends).
extension PluralCategory {
    /// Maps the UTF-16 keyword ICU writes, without building a String.
    /// - Parameters:
    ///   - p: the keyword's UTF-16 code units.
    ///   - n: their count.
    /// - Returns: the category (`other` for anything else).
    static func fromUTF16(_ p: UnsafePointer<UInt16>, _ n: Int32) -> PluralCategory {
        switch (n, p[0]) {
        case (4, 0x7A): return .zero  // zero
        case (3, 0x6F): return .one  // one
        case (3, 0x74): return .two  // two
        case (3, 0x66): return .few  // few
        case (4, 0x6D): return .many  // many
        default: return .other
        }
    }
}

/// CLDR plural rules of one locale, cardinal or ordinal.
///
/// Sendable notes: ICU's `PluralRules::select` is const and documented as thread-safe once
/// the rules are built; this owner never mutates its `UPluralRules`.
package final class PluralRules: @unchecked Sendable {
    package enum Kind: Sendable, Hashable { case cardinal, ordinal }

    private let raw: OpaquePointer
    /// The categories the locale has, in CLDR order (zero, one, two, few, many, other).
    package let categories: [PluralCategory]
    package let localeID: String
    package let kind: Kind

    private struct Key: Hashable, Sendable { let localeID: String; let kind: Kind }
    private static let cache = FormatterCache<Key, PluralRules>(limit: 128)

    /// The shared rules for a locale. The corresponding ICU function is `uplrules_openForType`.
    package static func rules(localeID: String, kind: Kind = .cardinal) throws(ICUError) -> PluralRules {
        try cache.value(for: Key(localeID: localeID, kind: kind)) { () throws(ICUError) in try PluralRules(localeID: localeID, kind: kind) }
    }

    private init(localeID: String, kind: Kind) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        let type = kind == .cardinal ? CICU_UPLURAL_TYPE_CARDINAL : CICU_UPLURAL_TYPE_ORDINAL
        guard let r = cicu_uplrules_openForType(localeID, type, &status), status.isSuccess else {
            throw ICUError(status.isSuccess ? CICU_U_MEMORY_ALLOCATION_ERROR : status, "opening the plural rules of \(localeID)")
        }
        var cats: [PluralCategory] = []
        var st = CICU_U_ZERO_ERROR
        if let e = cicu_uplrules_getKeywords(r, &st) {
            defer { cicu_uenum_close(e) }
            var len: Int32 = 0
            while let s = cicu_uenum_next(e, &len, &st), st.isSuccess {
                if let c = PluralCategory(keyword: String(cString: s)) { cats.append(c) }
            }
        }
        self.raw = r
        self.categories = cats.sorted()
        self.localeID = localeID
        self.kind = kind
    }

    deinit { cicu_uplrules_close(raw) }

    @inline(__always) func withRaw<R>(_ body: (OpaquePointer) -> R) -> R { body(raw) }

    /// The category of a number as a double (its visible fraction digits are those of the
    /// shortest representation: 1.0 has none). The corresponding ICU function is `uplrules_select`.
    package func select(_ number: Double) -> PluralCategory {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 8) { buf in
            var status = CICU_U_ZERO_ERROR
            let n = cicu_uplrules_select(raw, number, buf.baseAddress!, 8, &status)
            return status.isSuccess ? PluralCategory.fromUTF16(buf.baseAddress!, n) : .other
        }
    }

    /// The category of a number as it was formatted (after rounding, with its visible fraction
    /// digits). The corresponding ICU function is `uplrules_selectFormatted`.
    package func select(_ formatted: FormattedNumber) -> PluralCategory {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 8) { buf in
            var status = CICU_U_ZERO_ERROR
            let n = cicu_uplrules_selectFormatted(raw, formatted.raw, buf.baseAddress!, 8, &status)
            return status.isSuccess ? PluralCategory.fromUTF16(buf.baseAddress!, n) : .other
        }
    }

    /// The category of a decimal string, keeping its visible fraction digits ("1.0" is not "1"
    /// in English): formatted with a skeleton that shows exactly its fraction digits, then
    /// selected on the formatted number.
    package func select(decimal: String) throws(ICUError) -> PluralCategory {
        let fraction: Int
        if let dot = decimal.firstIndex(where: { $0 == "." }) {
            let digits = decimal[decimal.index(after: dot)...].prefix(while: { $0.isASCII && $0.isNumber })
            fraction = digits.count
        } else {
            fraction = 0
        }
        let skeleton = fraction == 0 ? "precision-integer" : "." + String(repeating: "0", count: min(fraction, 20))
        let formatter = try ICUNumberFormatter.formatter(localeID: localeID, skeleton: skeleton)
        let result = try FormattedNumber()
        try formatter.format(decimal: decimal, into: result)
        return select(result)
    }
}
#endif
