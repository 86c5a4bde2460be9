import CLDRData
import ToolkitSupport

/// What the engine asks a formatting backend for: locale ids and CLDR fallback, plural
/// categories, numbers by ICU skeleton, dates by style, skeleton or pattern, currencies and
/// durations.
///
/// Two backends conform:
/// - ``ICUBackend``, the system ICU through ICUKit (Linux, the `SystemICU` trait, on by
///   default): output equal to ICU 72's own MessageFormat.
/// - ``FoundationBackend``, Foundation's public API with CLDR plural rules generated into Swift
///   (`CLDRData`): iOS, macOS and watchOS, and Linux with `--disable-default-traits`.
///
/// The engine is written against ``Backend``, a type alias chosen when the package is built,
/// so every call is statically dispatched: the ICU build pays nothing for the abstraction.
/// Anything a backend cannot express is refused when a message is compiled
/// (``BackendFailure``), never formatted as a different text.
package protocol FormattingBackend {
    /// Why the backend refused an operation.
    associatedtype Failure: BackendFailure
    /// A reusable result of one number formatting (one per formatting context).
    associatedtype NumberResult: FormattedNumberStorage where NumberResult.Failure == Failure
    /// A number formatter for one locale and one skeleton.
    associatedtype NumberFormatter: SkeletonNumberFormatter
    where NumberFormatter.Result == NumberResult, NumberFormatter.Failure == Failure
    /// The plural rules of one locale, cardinal or ordinal.
    associatedtype PluralRules: PluralSelecting where PluralRules.Result == NumberResult, PluralRules.Failure == Failure
    /// A DecimalFormat pattern or a rule-based (spellout, ordinal, duration) format.
    associatedtype LegacyFormatter: LegacyNumberFormatter
    where LegacyFormatter.Failure == Failure, LegacyFormatter.Rules == PluralRules
    /// A date formatter for one locale, spec and time zone.
    associatedtype DateFormatter: InstantFormatter where DateFormatter.Failure == Failure

    /// A short name for messages and `msgtool --version` ("ICU 72.1", "Foundation").
    static var name: String { get }

    /// The backend's id of a BCP 47 tag (`zh-Hant-TW` → `zh_Hant_TW`), validated: well-formed,
    /// and a language the backend has data for.
    static func localeID(forTag tag: String) throws(LocaleTagProblem) -> String

    /// The CLDR fallback chain of a locale id as BCP 47 tags, most specific first
    /// (`es_MX` → `es-MX`, `es-419`, `es`; `zh_TW` → `zh-TW`, `zh-Hant-TW`, `zh-Hant`).
    static func fallbackChain(forLocaleID id: String) -> [String]

    /// The ISO 4217 code of the locale's region's currency (`en` → USD, `es` → EUR).
    static func currencyCode(localeID: String) -> String?

    /// The number formatter for a skeleton (`precision-integer group-on-aligned`, `.0 measure-unit/length-kilometer`).
    static func numberFormatter(localeID: String, skeleton: String) throws(Failure) -> NumberFormatter

    /// A DecimalFormat pattern or rule-based format.
    static func legacyNumberFormatter(localeID: String, style: LegacyNumberStyle) throws(Failure) -> LegacyFormatter

    /// The plural rules of a locale.
    static func pluralRules(localeID: String, ordinal: Bool) throws(Failure) -> PluralRules

    /// A date formatter; `timeZoneID` is an IANA id or a fixed offset (`GMT-06:00`).
    static func dateFormatter(localeID: String, spec: DateSpec, timeZoneID: String) throws(Failure) -> DateFormatter

    /// A whole number of seconds as hours and minutes, minutes and seconds, or one unit, in
    /// the locale's short unit style ("1 hr, 20 min").
    static func formatDuration(seconds: Int, localeID: String) throws(Failure) -> String

    /// The zone to format an instant in, or nil when the zone is unknown (see ``ZoneResolver``).
    static func formattingZone(for id: String, atMillis ms: Double) -> String?

    /// A tag as CLDR spells it, validated as ``localeID(forTag:)`` validates: `_` or `-`
    /// separators and any case in (`ru_RU`, `uk-ua`), canonical BCP 47 out (`ru-RU`, `uk-UA`);
    /// an ICU id with keywords becomes a Unicode extension (`en_US@rg=gbzzzz` →
    /// `en-US-u-rg-gbzzzz`).
    static func canonicalTag(_ tag: String) throws(LocaleTagProblem) -> String

    /// The language, script and region of a tag with CLDR's likely subtags added, as BCP 47
    /// (`zh-CN` → `zh-Hans-CN`, `zh-Hans` → `zh-Hans-CN`, `ru` → `ru-Cyrl-RU`): two tags with the
    /// same maximal form name the same language variety. Extensions are dropped.
    static func maximalTag(_ tag: String) throws(LocaleTagProblem) -> String
}

/// What every backend failure tells: a short name (ICU's `U_ILLEGAL_ARGUMENT_ERROR`, or the
/// Foundation backend's reason) and, where known, the UTF-16 offset in the skeleton or pattern.
package protocol BackendFailure: Error, Sendable, CustomStringConvertible {
    /// A short name of the failure.
    var name: String { get }
    /// Where in the skeleton or pattern, if known.
    var offset: Int? { get }
}

/// Why a locale tag was refused.
package enum LocaleTagProblem: Error, Sendable, Equatable {
    /// The tag is not well-formed BCP 47 (`en_US!`, `123`).
    case malformed(String)
    /// Well-formed, but the backend has no data for its language (`xx`, `qaa`).
    case unknown(String)
}

/// A DecimalFormat pattern or one of ICU's rule-based formats, with its rule set.
package enum LegacyNumberStyle: Hashable, Sendable {
    /// `{n, number, #,##0.00}`.
    case pattern(String)
    /// `{n, spellout}`, `{n, spellout, %spellout-ordinal}`.
    case spellout(String)
    /// `{n, ordinal}`.
    case ordinal(String)
    /// `{n, duration}`.
    case duration(String)
}

/// What a date argument asks for, in ICU MessageFormat's terms.
package enum DateSpec: Hashable, Sendable {
    /// One of the four styles (or none) for the date and the time part.
    package enum Style: Int8, Hashable, Sendable { case none = -1, full = 0, long = 1, medium = 2, short = 3 }
    /// `{d, date, medium}`, `{t, time, short}`; the default `{d}` of a date is short date + short time.
    case styles(date: Style, time: Style)
    /// `{d, date, ::EEEE}`: a skeleton resolved through the locale's date-time patterns.
    case skeleton(String)
    /// `{d, date, yyyy-MM-dd}`: a SimpleDateFormat pattern, as written.
    case pattern(String)
}

/// A reusable number result: written by a formatter, read as text or for its plural category.
/// Not Sendable: one per thread (it lives in a ``FormatContext``).
package protocol FormattedNumberStorage: AnyObject {
    /// Why a result could not be made.
    associatedtype Failure: BackendFailure
    /// An empty result.
    init() throws(Failure)
    /// Appends the formatted text as UTF-8.
    func append(toBytes target: inout [UInt8])
    /// The formatted text.
    var string: String { get }
}

/// A number formatter for one locale and skeleton; thread-safe.
package protocol SkeletonNumberFormatter: AnyObject, Sendable {
    /// The result type it writes.
    associatedtype Result: FormattedNumberStorage
    /// Why formatting failed.
    associatedtype Failure: BackendFailure
    /// Formats an integer into `result`.
    func format(_ value: Int64, into result: Result) throws(Failure)
    /// Formats a binary floating-point number into `result`.
    func format(_ value: Double, into result: Result) throws(Failure)
    /// Formats a decimal given as text ("1.50": visible fraction digits are kept) into `result`.
    func format(decimal: String, into result: Result) throws(Failure)
}

/// The plural rules of one locale and kind; thread-safe.
package protocol PluralSelecting: AnyObject, Sendable {
    /// The number result it can select on.
    associatedtype Result: FormattedNumberStorage
    /// Why selection failed.
    associatedtype Failure: BackendFailure
    /// The categories the rules have, in CLDR order.
    var categories: [PluralCategory] { get }
    /// The category of a number as ICU's `uplrules_select(double)` sees it.
    func select(_ number: Double) -> PluralCategory
    /// The category of a number as formatted (visible fraction digits count: "1.0" is not "1").
    func select(_ formatted: Result) -> PluralCategory
    /// The category of a decimal written as text ("1.50").
    func select(decimal: String) throws(Failure) -> PluralCategory
    /// The category of a number in compact notation (CLDR's `1.2c6`: 1.2 million shown as
    /// "1.2M", operand `c` = 6), given as its mantissa as written and its exponent.
    func select(mantissa: String, exponent: Int) throws(Failure) -> PluralCategory
}

/// A DecimalFormat pattern or rule-based format; thread-safe.
package protocol LegacyNumberFormatter: AnyObject, Sendable {
    /// Why formatting failed.
    associatedtype Failure: BackendFailure
    /// The plural rules it selects with.
    associatedtype Rules: PluralSelecting
    /// Formats a binary floating-point number.
    func format(_ value: Double) throws(Failure) -> String
    /// Formats an integer.
    func format(_ value: Int64) throws(Failure) -> String
    /// Formats a decimal written as text.
    func format(decimal: String) throws(Failure) -> String
    /// The plural category of `value` as this format shows it.
    func select(_ value: Double, rules: Rules) -> PluralCategory
}

/// A date formatter for one locale, spec and zone; thread-safe.
package protocol InstantFormatter: AnyObject, Sendable {
    /// Why formatting failed.
    associatedtype Failure: BackendFailure
    /// Formats an instant (milliseconds since 1970) and appends it as UTF-8.
    func format(millis: Double, toBytes out: inout [UInt8]) throws(Failure)
}

#if SystemICU && os(Linux)
/// The backend this build formats with: the system ICU (trait `SystemICU`, Linux).
package typealias Backend = ICUBackend
#else
/// The backend this build formats with: Foundation with generated CLDR plural rules.
package typealias Backend = FoundationBackend
#endif

/// A CLDR plural category (one enum for both backends).
package typealias PluralCategory = CLDRData.PluralCategory

/// BCP 47 tags in their canonical case: the language lower case, a four-letter script title
/// case, a region upper case (`ES` → `es`, `zh_hans` → `zh-Hans`, `es-mx` → `es-MX`), so that
/// tags are compared and files named one way on every file system.
package enum LocaleTag {
    /// The tag with `-` separators and canonical case (nothing else is changed).
    /// - Parameter tag: a BCP 47 tag, `_` accepted as separator.
    /// - Returns: the canonical spelling.
    package static func canonical(_ tag: String) -> String {
        var out: [String] = []
        var singleton = false
        for (index, raw) in tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap({ $0.split(separator: "_", omittingEmptySubsequences: false) }).enumerated()
        {
            let s = String(raw)
            if index == 0 || singleton { out.append(s.lowercased()); continue }
            if s.count == 1 { singleton = true; out.append(s.lowercased()); continue }
            if s.count == 4, s.allSatisfy(\.isLetter) {
                out.append(s.prefix(1).uppercased() + s.dropFirst().lowercased())
            } else if s.count == 2, s.allSatisfy(\.isLetter) {
                out.append(s.uppercased())
            } else {
                out.append(s.lowercased())
            }
        }
        return out.joined(separator: "-")
    }
}
