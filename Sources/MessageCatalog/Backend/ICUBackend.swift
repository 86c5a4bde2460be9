#if SystemICU && os(Linux)
import ICUKit
import CLDRData
import ToolkitSupport

/// The system ICU, through ICUKit's owners (one small type per ICU service, cached per locale
/// and options): the default backend on Linux, ICU 72 exact.
package enum ICUBackend: FormattingBackend {
    package typealias Failure = ICUError
    package typealias NumberResult = FormattedNumber
    package typealias NumberFormatter = ICUNumberFormatter
    package typealias PluralRules = ICUKit.PluralRules
    package typealias LegacyFormatter = LegacyNumberFormat
    package typealias DateFormatter = ICUDateFormatter

    package static var name: String { "ICU" }

    package static func localeID(forTag tag: String) throws(LocaleTagProblem) -> String {
        do { return try LocaleData.icuID(forTag: tag) } catch {
            switch error {
            case .malformed(let t): throw .malformed(t)
            case .unknown(let t): throw .unknown(t)
            }
        }
    }

    package static func fallbackChain(forLocaleID id: String) -> [String] { LocaleData.fallbackChain(forICUID: id) }

    package static func canonicalTag(_ tag: String) throws(LocaleTagProblem) -> String {
        let parts = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let id = try localeID(forTag: String(parts[0]))
        guard parts.count == 2 else { return LocaleData.tag(forICUID: id) }
        // uloc_toLanguageTag (not strict) drops keywords it cannot express: refuse those.
        let result = LocaleData.tag(forICUID: LocaleData.canonicalize(id + "@" + parts[1]))
        guard result.contains("-u-") || result.contains("-t-") || result.contains("-x-") else { throw .malformed(tag) }
        return result
    }

    package static func maximalTag(_ tag: String) throws(LocaleTagProblem) -> String {
        let id = try localeID(forTag: String(tag.prefix { $0 != "@" }))
        return LocaleData.tag(forICUID: LocaleData.maximize(CLDRPluralRules.baseName(id)))
    }

    package static func currencyCode(localeID: String) -> String? { CurrencyData.code(forLocaleID: localeID) }

    package static func numberFormatter(localeID: String, skeleton: String) throws(ICUError) -> ICUNumberFormatter {
        // ICU has no swim usage (it would read `usage/swim` as `default`): the skeleton names
        // the swim unit before ICU sees it (`SwimUnitPreferences`).
        let resolved: String
        do { resolved = try SwimUnitPreferences.resolved(skeleton, localeID: localeID) } catch {
            throw ICUError.unsupported("the number skeleton '\(skeleton)': \(error.message)", offset: error.offset)
        }
        return try ICUNumberFormatter.formatter(
            localeID: localeID, skeleton: resolved, joinsUnits: UnitSpacing.joins(localeID: localeID, skeleton: resolved))
    }

    package static func legacyNumberFormatter(localeID: String, style: LegacyNumberStyle) throws(ICUError) -> LegacyNumberFormat {
        let icuStyle: LegacyNumberFormat.Style
        switch style {
        case .pattern(let p): icuStyle = .pattern(p)
        case .spellout(let r): icuStyle = .spellout(r)
        case .ordinal(let r): icuStyle = .ordinal(r)
        case .duration(let r): icuStyle = .duration(r)
        }
        return try LegacyNumberFormat.formatter(localeID: localeID, style: icuStyle)
    }

    package static func pluralRules(localeID: String, ordinal: Bool) throws(ICUError) -> ICUKit.PluralRules {
        try ICUKit.PluralRules.rules(localeID: localeID, kind: ordinal ? .ordinal : .cardinal)
    }

    package static func dateFormatter(localeID: String, spec: DateSpec, timeZoneID: String) throws(ICUError) -> ICUDateFormatter {
        let icuSpec: DateFormatSpec
        switch spec {
        case .styles(let d, let t):
            icuSpec = .styles(date: DateFormatSpec.Style(rawValue: d.rawValue)!, time: DateFormatSpec.Style(rawValue: t.rawValue)!)
        case .skeleton(let s): icuSpec = .skeleton(s)
        case .pattern(let p): icuSpec = .pattern(p)
        }
        return try ICUDateFormatter.formatter(
            localeID: localeID, spec: icuSpec, timeZoneID: timeZoneID, firstDaySuffix: firstDaySuffix(localeID: localeID))
    }

    /// The ordinal suffix of the first day of a month in a locale whose dates take one
    /// (`FirstDayOrdinal`: fr «1er mai»), from ICU's own ordinal of 1 (the rule-based
    /// `%digits-ordinal`: «1er» → «er»), or the rule's fallback where ICU answers otherwise;
    /// nil in other locales. Read once per locale.
    static func firstDaySuffix(localeID: String) -> String? {
        guard FirstDayOrdinal.applies(localeID: localeID) else { return nil }
        return firstDaySuffixes.value(for: localeID) {
            let ordinal = try? LegacyNumberFormat.formatter(localeID: localeID, style: .ordinal("")).format(Int64(1))
            return ordinal.flatMap(FirstDayOrdinal.suffix(ordinalOfOne:)) ?? FirstDayOrdinal.fallbackSuffix
        }
    }

    private static let firstDaySuffixes = FormatterCache<String, String>(limit: 64)

    package static func formatDuration(seconds: Int, localeID: String) throws(ICUError) -> String {
        // `DurationUnitList`: French joins two units with CLDR's unit-narrow list («1 h 20 min»).
        let list: ICUListFormatter.Width? = DurationUnitList.usesNarrowList(localeID: localeID) ? .narrow : nil
        let text = try ICUDurationFormatter.format(seconds: seconds, localeID: localeID, list: list)
        return UnitSpacing.joinsUnits(localeID: localeID) ? UnitSpacing.joined(text) : text
    }

    package static func formattingZone(for id: String, atMillis ms: Double) -> String? {
        ZoneResolver.shared.icuZone(for: id, atMillis: ms)
    }
}

extension ICUError: BackendFailure {}
extension FormattedNumber: FormattedNumberStorage {}
extension ICUNumberFormatter: SkeletonNumberFormatter {}
extension ICUKit.PluralRules: PluralSelecting {
    /// ICU takes a compact exponent only from a number it formatted in compact notation: the
    /// value is formatted with `en`'s `compact-short` (thousands as K, millions as M, …: the
    /// formatted quantity carries exponent 3, 6, 9 or 12) at the mantissa's precision, and the
    /// category is selected on that formatted number.
    package func select(mantissa: String, exponent: Int) throws(ICUError) -> PluralCategory {
        guard [3, 6, 9, 12].contains(exponent) else {
            throw ICUError.unsupported("ICU selects on compact numbers of exponent 3, 6, 9 or 12 only (c\(exponent))")
        }
        let unsigned = mantissa.hasPrefix("-") ? mantissa.dropFirst() : Substring(mantissa)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count == 2 ? parts[1].count : 0
        // mantissa × 10^exponent, written out as a plain decimal.
        var digits = String(parts[0]) + (parts.count == 2 ? String(parts[1]) : "")
        let shift = exponent - fraction
        if shift >= 0 {
            digits += String(repeating: "0", count: shift)
        } else {
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: shift))
        }
        let skeleton = "compact-short " + (fraction == 0 ? "precision-integer" : "." + String(repeating: "0", count: fraction))
        let formatter = try ICUNumberFormatter.formatter(localeID: "en", skeleton: skeleton)
        let result = try FormattedNumber()
        try formatter.format(decimal: (mantissa.hasPrefix("-") ? "-" : "") + digits, into: result)
        return select(result)
    }
}
extension LegacyNumberFormat: LegacyNumberFormatter {}
extension ICUDateFormatter: InstantFormatter {}
#endif
