#if SystemICU && os(Linux)
import ICUKit

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

    package static func currencyCode(localeID: String) -> String? { CurrencyData.code(forLocaleID: localeID) }

    package static func numberFormatter(localeID: String, skeleton: String) throws(ICUError) -> ICUNumberFormatter {
        try ICUNumberFormatter.formatter(localeID: localeID, skeleton: skeleton)
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
        return try ICUDateFormatter.formatter(localeID: localeID, spec: icuSpec, timeZoneID: timeZoneID)
    }

    package static func formatDuration(seconds: Int, localeID: String) throws(ICUError) -> String {
        try ICUDurationFormatter.format(seconds: seconds, localeID: localeID)
    }

    package static func formattingZone(for id: String, atMillis ms: Double) -> String? {
        ZoneResolver.shared.icuZone(for: id, atMillis: ms)
    }
}

extension ICUError: BackendFailure {}
extension FormattedNumber: FormattedNumberStorage {}
extension ICUNumberFormatter: SkeletonNumberFormatter {}
extension ICUKit.PluralRules: PluralSelecting {}
extension LegacyNumberFormat: LegacyNumberFormatter {}
extension ICUDateFormatter: InstantFormatter {}
#endif

#if SystemICU && os(Linux)
/// Interim: the plural categories (to move to CLDRPlurals).
package typealias PluralCategory = ICUKit.PluralCategory
#endif
