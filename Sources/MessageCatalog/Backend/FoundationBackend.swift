import CLDRData
import Foundation
import ToolkitSupport

/// Foundation's public API with CLDR plural rules generated into Swift (`CLDRData`): the
/// backend of iOS, macOS and watchOS builds, where no system ICU can be linked, and of the
/// "Apple configuration" on Linux (`swift build --disable-default-traits`).
///
/// Numbers go through `Decimal.FormatStyle` (plain, currency), with ICU 72's CLDR 42 percent and
/// long compact patterns (`CLDRNumberPatterns`) and unit patterns (`CLDRUnitPatterns`), generated
/// like the plural rules; dates through `DateFormatter` with a style, a template
/// (`setLocalizedDateFormatFromTemplate`, the public face of ICU's pattern generator) or a
/// pattern; durations through the package's CLDR 42 unit and list patterns; plural categories through the
/// generated CLDR 42 rules, on the operands of the number as it was formatted.
///
/// What it cannot express (DecimalFormat patterns, named RBNF rule sets) is refused when a
/// message is compiled, with what is refused named; stems neither
/// backend prints alike are refused by both (`SkeletonStems`);
/// `docs/foundation-backend.md` lists every text that differs from ICU 72 and why.
package enum FoundationBackend: FormattingBackend {
    package typealias Failure = FoundationFormatError
    package typealias NumberResult = FoundationNumberResult
    package typealias NumberFormatter = FoundationNumberFormatter
    package typealias PluralRules = FoundationPluralRules
    package typealias LegacyFormatter = FoundationLegacyFormatter
    package typealias DateFormatter = FoundationDateFormatter

    package static var name: String { "Foundation" }

    private static let tagCache = FormatterCache<String, Result<String, LocaleTagProblem>>(limit: 512)

    /// Languages Foundation has locale data for (from `Locale.availableIdentifiers`).
    private static let knownLanguages: Set<String> = {
        var set: Set<String> = []
        for id in Locale.availableIdentifiers {
            let language = id.prefix { $0 != "_" && $0 != "-" }
            set.insert(language.lowercased())
        }
        return set
    }()

    package static func localeID(forTag tag: String) throws(LocaleTagProblem) -> String {
        try tagCache.value(for: tag) { resolve(tag) }.get()
    }

    /// Validates a tag as BCP 47 (language, then subtags of 1 to 8 letters or digits) and
    /// returns its id: the tag with `-` separators.
    private static func resolve(_ tag: String) -> Result<String, LocaleTagProblem> {
        guard !tag.isEmpty, tag.utf8.count < 100,
            tag.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F })
        else { return .failure(.malformed(tag)) }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = subtags.first, (2...3).contains(language.count) || (5...8).contains(language.count),
            language.allSatisfy(\.isLetter),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) })
        else { return .failure(.malformed(tag)) }
        let lower = language.lowercased()
        if lower == "und" || lower == "root" || !knownLanguages.contains(lower) { return .failure(.unknown(tag)) }
        return .success(subtags.joined(separator: "-"))
    }

    package static func fallbackChain(forLocaleID id: String) -> [String] {
        let base = CLDRPluralRules.baseName(id)
        var chain: [String] = [base]
        var seen: Set<String> = [base]
        // First the CLDR parents the id names itself (es_MX → es_419), then the parents of its
        // maximized form, so that zh_TW reaches zh_Hant, never zh (Hans): as ICU does.
        var start = base
        while let p = CLDRParentLocales.explicitParent(of: start), p != "root", !seen.contains(p) {
            chain.append(p); seen.insert(p); start = p
        }
        let maximal = maximalID(start)
        for c in CLDRParentLocales.fallbackChain(of: maximal) where !seen.contains(c) {
            chain.append(c); seen.insert(c)
        }
        return chain.map { $0.replacingOccurrences(of: "_", with: "-") }
    }

    package static func canonicalTag(_ tag: String) throws(LocaleTagProblem) -> String {
        let parts = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        _ = try localeID(forTag: String(parts[0]))
        // Foundation's identifier conversion is CLDR's (ICU's on Linux, the system's on Apple's).
        let result = LocaleTag.canonical(bcp47Identifier(tag))
        if parts.count == 2, !(result.contains("-u-") || result.contains("-t-") || result.contains("-x-")) { throw .malformed(tag) }
        return result
    }

    package static func maximalTag(_ tag: String) throws(LocaleTagProblem) -> String {
        let id = try localeID(forTag: String(tag.prefix { $0 != "@" }))
        let base = CLDRPluralRules.baseName(id).replacingOccurrences(of: "_", with: "-")
        return LocaleTag.canonical(maximalID(base))
    }

    package static func currencyCode(localeID: String) -> String? {
        // As ICU 72: a language alone has no currency (`es` → nil: the engine formats XXX, "¤").
        localeCurrency(localeID)
    }

    private struct NumberKey: Hashable, Sendable { let localeID: String; let skeleton: String; let formatStyles: Bool }
    private static let numberCache = FormatterCache<NumberKey, FoundationNumberFormatter>(limit: 256)

    package static func numberFormatter(localeID: String, skeleton: String) throws(FoundationFormatError) -> FoundationNumberFormatter {
        let formatStyles = usesFormatStyles
        return try numberCache.value(for: NumberKey(localeID: localeID, skeleton: skeleton, formatStyles: formatStyles)) { () throws(FoundationFormatError) in
            // As the ICU backend: `usage/swim` names the swim unit first (`SwimUnitPreferences`).
            let resolved: String
            do throws(SwimUnitPreferences.Problem) { resolved = try SwimUnitPreferences.resolved(skeleton, localeID: localeID) } catch {
                throw FoundationFormatError(error.message, offset: error.offset)
            }
            return try FoundationNumberFormatter(localeID: localeID, skeleton: resolved, formatStyles: formatStyles)
        }
    }

    package static func legacyNumberFormatter(localeID: String, style: LegacyNumberStyle) throws(FoundationFormatError) -> FoundationLegacyFormatter {
        try FoundationLegacyFormatter(localeID: localeID, style: style)
    }

    private struct RulesKey: Hashable, Sendable { let localeID: String; let ordinal: Bool }
    private static let rulesCache = FormatterCache<RulesKey, FoundationPluralRules>(limit: 256)

    package static func pluralRules(localeID: String, ordinal: Bool) throws(FoundationFormatError) -> FoundationPluralRules {
        rulesCache.value(for: RulesKey(localeID: localeID, ordinal: ordinal)) { FoundationPluralRules(localeID: localeID, ordinal: ordinal) }
    }

    private struct DateKey: Hashable, Sendable { let localeID: String; let spec: DateSpec; let zone: String }
    private static let dateCache = FormatterCache<DateKey, FoundationDateFormatter>(limit: 512)

    package static func dateFormatter(localeID: String, spec: DateSpec, timeZoneID: String) throws(FoundationFormatError) -> FoundationDateFormatter {
        try dateCache.value(for: DateKey(localeID: localeID, spec: spec, zone: timeZoneID)) { () throws(FoundationFormatError) in
            try FoundationDateFormatter(localeID: localeID, spec: spec, timeZoneID: timeZoneID)
        }
    }

    /// A duration in the units ``DurationUnits`` decides, each unit's number in CLDR 42's short
    /// unit pattern and two units joined by CLDR 42's unit list pattern (unit-short, or
    /// unit-narrow in the languages of `DurationUnitList`): the server's text on every OS,
    /// whatever CLDR the device carries (`Duration.UnitsFormatStyle` follows the OS's CLDR: en-GB
    /// "20 min" from CLDR 46 where the server and CLDR 42 print "20 mins").
    package static func formatDuration(seconds: Int, localeID: String) throws(FoundationFormatError) -> String {
        let text = olderDuration(DurationUnits(seconds: seconds), localeID: localeID)
        return UnitSpacing.joinsUnits(localeID: localeID) ? UnitSpacing.joined(text) : text
    }

    package static func formattingZone(for id: String, atMillis ms: Double) -> String? {
        if id == "UTC" { return id }
        return TimeZone(identifier: id) == nil ? nil : id
    }
}

/// Why the Foundation backend refused a skeleton, a style or a value.
package struct FoundationFormatError: BackendFailure {
    /// A short reason, such as `unsupported skeleton stem 'compact-short'`.
    package let name: String
    /// Where in the skeleton or pattern (UTF-16 offset), if known.
    package let offset: Int?
    /// A failure.
    package init(_ name: String, offset: Int? = nil) { self.name = name; self.offset = offset }
    package var description: String { name }
}

/// One number formatting's text, reused by one thread; plural selection reads its digits.
package final class FoundationNumberResult: FormattedNumberStorage {
    /// The formatted text.
    package var string: String = ""
    /// The decimal separator of the formatter that wrote it.
    var decimalSeparator: String = "."
    /// The powers of ten compact notation scaled the number by (3 for "1,2 mil"), as CLDR's
    /// `c` operand; 0 otherwise.
    var compactExponent: Int = 0

    package init() throws(FoundationFormatError) {}

    package func append(toBytes target: inout [UInt8]) { target.append(contentsOf: string.utf8) }
}

/// A number formatter for one locale and one ICU number skeleton, expressed with Foundation's
/// format styles. Supported stems: precision (`.00`, `.0#`, `.###`, `precision-integer`, and
/// `.#/@##`: at most that many fraction digits and at most that many significant digits,
/// whichever rounds more, as ICU's `withMaxDigits`),
/// grouping (`group-auto`, `group-off`), `percent`, `scale/N`, `currency/XXX`,
/// `measure-unit/…` (the units `CLDRUnitPatterns` carries), `usage/road` with a length unit
/// (`RoadUnitPreferences`: miles in the US), `unit-width-short|narrow|full-name`,
/// the notations `compact-short` (`.notation(.compactName)`), `compact-long` (ICU 72's compact
/// rounding and long patterns, `CLDRNumberPatterns`) and `scientific` (`.notation(.scientific)`),
/// and the signs `sign-auto`, `sign-always`, `sign-never`, `sign-except-zero`
/// (`.sign(strategy:)`). Percentages are the number in ICU 72's percent pattern of the locale.
///
/// Sendable notes: immutable; Foundation's format styles are `Sendable` values.
package final class FoundationNumberFormatter: SkeletonNumberFormatter, @unchecked Sendable {
    private enum Kind { case plain, percent, currency(String), measure(String) }
    /// ICU's notations: simple, `compact-short`, `compact-long`, `scientific`.
    private enum Notation { case simple, compactShort, compactLong, scientific }
    /// ICU's sign displays: `sign-auto`, `sign-always`, `sign-never`, `sign-except-zero`.
    private typealias Sign = NumberSignDisplay
    private let kind: Kind
    private let locale: Locale
    private let minFraction: Int
    private let maxFraction: Int
    private let grouping: Bool
    private let scale: Decimal?
    private let width: CLDRUnitPatterns.Width
    private let notation: Notation
    private let sign: Sign
    private let rules: PluralRuleSet
    private let decimalSeparator: String
    private let localeID: String
    private let precisionSet: Bool
    /// The most significant digits a fraction-significant precision keeps (`.#/@##` → 3), or
    /// nil: the number is rounded to the coarser of that and its fraction digits.
    private let maxSignificant: Int?
    /// The locale's long compact patterns (`compact-long`; also the short ones for
    /// `compact-short` with the older formatters, which have no compact notation).
    private let compactLong: CLDRNumberPatterns.Compact?
    /// Whether this formatter uses the format styles (iOS 16, macOS 13, watchOS 9, tvOS 16 and
    /// later), else `NumberFormatter` (``FoundationBackend/usesFormatStyles``).
    private let formatStyles: Bool
    /// The older formatters of this skeleton, one per sign display and precision, made on demand.
    private let olderFormatters = Locked<[OlderNumberFormat: Foundation.NumberFormatter]>([:])
    /// The locale's percent pattern, parsed, and percent sign (`percent` only).
    private let percentAffixes: (NumberPatternAffixes, sign: String)?

    init(localeID: String, skeleton: String, formatStyles: Bool) throws(FoundationFormatError) {
        self.formatStyles = formatStyles
        locale = Locale(identifier: localeID)
        decimalSeparator = locale.decimalSeparator ?? "."
        var kind = Kind.plain
        var minF = 0, maxF = 6
        var precisionSet = false
        var maxSignificant: Int? = nil
        var group = true
        var scale: Decimal? = nil
        var width = CLDRUnitPatterns.Width.short
        var notation = Notation.simple
        var sign = Sign.auto
        var road = false
        var offset = 0
        for token in skeleton.split(separator: " ", omittingEmptySubsequences: false) {
            defer { offset += token.utf16.count + 1 }
            let t = String(token)
            if t.isEmpty { continue }
            if t.hasPrefix("."), let (lo, hi) = Self.fraction(t.dropFirst()) {
                minF = lo; maxF = hi; precisionSet = true
            } else if t.hasPrefix("."), let slash = t.firstIndex(of: "/"), let (lo, hi) = Self.fraction(t[t.index(after: t.startIndex)..<slash]),
                let sig = Self.maxSignificantDigits(t[t.index(after: slash)...])
            {
                minF = lo; maxF = hi; precisionSet = true; maxSignificant = sig
            } else if t == "precision-integer" {
                minF = 0; maxF = 0; precisionSet = true
            } else if t == "group-auto" {
                group = true
            } else if t == "group-off" || t == ",_" {
                group = false
            } else if t == "percent" || t == "%" {
                kind = .percent
            } else if t.hasPrefix("scale/"), let d = Decimal(string: String(t.dropFirst(6)), locale: Locale(identifier: "en_US_POSIX")) {
                scale = d
            } else if t.hasPrefix("currency/"), t.count == 12 {
                kind = .currency(String(t.dropFirst(9)))
            } else if t.hasPrefix("measure-unit/"), CLDRUnitPatterns.isSupported(String(t.dropFirst(13))) {
                kind = .measure(String(t.dropFirst(13)))
            } else if t == "usage/road" {
                road = true
            } else if t == "unit-width-short" {
                width = .short
            } else if t == "unit-width-narrow" {
                width = .narrow
            } else if t == "unit-width-full-name" {
                width = .wide
            } else if t == "compact-short" || t == "K" {
                notation = .compactShort
            } else if t == "compact-long" || t == "KK" {
                notation = .compactLong
            } else if t == "scientific" {
                notation = .scientific
            } else if t == "sign-auto" {
                sign = .auto
            } else if t == "sign-always" || t == "+!" {
                sign = .always
            } else if t == "sign-never" || t == "+_" {
                sign = .never
            } else if t == "sign-except-zero" || t == "+?" {
                sign = .exceptZero
            } else {
                throw FoundationFormatError("the Foundation backend cannot express the skeleton stem '\(t)'", offset: offset)
            }
        }
        if notation != .simple {
            guard case .plain = kind else {
                throw FoundationFormatError("the Foundation backend writes compact and scientific notation for plain numbers only", offset: 0)
            }
        }
        // As ICU: a usage needs a unit; a unit without road preferences (a duration) keeps its own.
        if road {
            guard case .measure(let unit) = kind else {
                throw FoundationFormatError("usage/road needs a unit: measure-unit/length-kilometer usage/road", offset: 0)
            }
            road = RoadUnitPreferences.metresPerUnit[unit] != nil
        }
        self.roadUsage = road
        self.joinsUnits = UnitSpacing.joins(localeID: localeID, skeleton: skeleton)
        self.precisionSet = precisionSet
        self.maxSignificant = maxSignificant
        self.kind = kind
        self.minFraction = minF
        self.maxFraction = maxF
        self.grouping = group
        self.scale = scale
        self.width = width
        self.notation = notation
        self.sign = sign
        self.rules = CLDRPluralRules.ruleSet(for: localeID)
        self.localeID = localeID
        if notation == .compactLong {
            self.compactLong = CLDRNumberPatterns.compactLong(localeID: localeID)
        } else if notation == .compactShort, !formatStyles {
            // `NumberFormatter` has no compact notation: ICU 72's short patterns, as compact-long.
            self.compactLong = CLDRNumberPatterns.compactShort(localeID: localeID)
        } else {
            self.compactLong = nil
        }
        if case .currency = kind, width == .narrow, !formatStyles {
            throw FoundationFormatError(
                "the Foundation backend cannot write a narrow currency symbol before iOS 16, macOS 13, watchOS 9 and tvOS 16 (NumberFormatter has none): use unit-width-short",
                offset: 0)
        }
        if case .percent = kind {
            percentAffixes = (
                NumberPatternAffixes.parse(CLDRNumberPatterns.percentPattern(localeID: localeID)).positive,
                CLDRNumberPatterns.percentSign(localeID: localeID)
            )
        } else {
            percentAffixes = nil
        }
    }

    /// `usage/road`: the length is shown in the unit the locale's region reads distances in.
    private let roadUsage: Bool
    /// Whether a measure's number and unit are joined with a no-break space (``UnitSpacing``).
    private let joinsUnits: Bool

    /// `.00` → (2, 2), `.0#` → (1, 2), `.###` → (0, 3).
    private static func fraction(_ s: Substring) -> (Int, Int)? {
        let zeros = s.prefix { $0 == "0" }.count
        let hashes = s.dropFirst(zeros).prefix { $0 == "#" }.count
        guard zeros + hashes == s.count else { return nil }
        return (zeros, zeros + hashes)
    }

    /// `@##` → 3: one `@` and any number of `#` (at most that many significant digits).
    private static func maxSignificantDigits(_ s: Substring) -> Int? {
        guard s.first == "@", s.dropFirst().allSatisfy({ $0 == "#" }) else { return nil }
        return s.count
    }

    private var precision: ClosedRange<Int> { minFraction...maxFraction }

    /// A fraction-significant precision (`.#/@##`): `value` rounded half-even to the coarser of
    /// its fraction digits and its significant digits (42.195 → 42.2, 984.25 → 984, 2624.67 →
    /// 2620), and the fraction digits to write; the value and the skeleton's precision otherwise.
    private func significantRounded(_ value: Decimal) -> (Decimal, ClosedRange<Int>) {
        guard let maxSignificant, !value.isZero else { return (value, precision) }
        let magnitude = abs(NSDecimalNumber(decimal: value).doubleValue)
        guard magnitude.isFinite, magnitude > 0 else { return (value, precision) }
        let leading = Int(log10(magnitude).rounded(.down))
        // the power of ten rounded to: the fraction's (-maxFraction) or the significant digits'
        let power = max(-maxFraction, leading - maxSignificant + 1)
        var exact = value
        var rounded = Decimal()
        if power >= 0 {
            var scaled = value / pow(Decimal(10), power)
            NSDecimalRound(&rounded, &scaled, 0, .bankers)
            rounded *= pow(Decimal(10), power)
        } else {
            NSDecimalRound(&rounded, &exact, -power, .bankers)
        }
        let digits = max(0, -power)
        return (rounded, min(minFraction, digits)...max(min(minFraction, digits), digits))
    }

    @available(iOS 15, macOS 12, watchOS 8, tvOS 15, *)
    private static func strategy(_ sign: Sign) -> NumberFormatStyleConfiguration.SignDisplayStrategy {
        switch sign {
        case .auto: .automatic
        case .always: .always(includingZero: true)
        case .never: .never
        case .exceptZero: .always(includingZero: false)
        }
    }

    @available(iOS 15, macOS 12, watchOS 8, tvOS 15, *)
    private static func currencyStrategy(_ sign: Sign) -> CurrencyFormatStyleConfiguration.SignDisplayStrategy {
        switch sign {
        case .auto: .automatic
        case .always: .always(showZero: true)
        case .never: .never
        case .exceptZero: .always(showZero: false)
        }
    }

    /// A number as this skeleton's plain style writes it, with `sign` as its sign display, the
    /// digits after the separator in `precision` (the skeleton's when nil) and grouping from
    /// `group` (the skeleton's when nil).
    private func plainText(_ value: Decimal, _ sign: Sign, precision: ClosedRange<Int>? = nil, group: Bool? = nil) -> String {
        let precision = precision ?? self.precision
        let group = group ?? grouping
        if #available(iOS 15, macOS 12, watchOS 8, tvOS 15, *), formatStyles {
            var style = Decimal.FormatStyle(locale: locale).grouping(group ? .automatic : .never).sign(strategy: Self.strategy(sign))
            switch notation {
            case .simple, .compactLong:
                style = style.precision(.fractionLength(precision))
            case .compactShort:
                // ICU's compact default (whole numbers, at least two significant digits) unless a
                // precision is written.
                style = style.notation(.compactName)
                if precisionSet { style = style.precision(.fractionLength(precision)) }
            case .scientific:
                style = style.notation(.scientific).precision(.fractionLength(precision))
            }
            return style.format(value)
        }
        return olderText(
            value,
            OlderNumberFormat(
                style: notation == .scientific ? .scientific : .decimal,
                fraction: precision, grouping: group), sign: sign)
    }

    /// A number as `NumberFormatter` writes it in a format (made once, kept for this skeleton),
    /// signed as ICU's sign display says: the sign is the formatter's own minus (where the locale
    /// and the currency put it, with its spacing), made a plus for `always` and `except-zero`.
    private func olderText(_ value: Decimal, _ format: OlderNumberFormat, sign: Sign) -> String {
        olderFormatters.withLock { cache in
            let f: Foundation.NumberFormatter
            if let cached = cache[format] {
                f = cached
            } else {
                f = format.makeFormatter(locale: locale)
                if cache.count < 64 { cache[format] = f }
            }
            var shown = value
            if let fraction = format.fraction, format.style != .scientific {
                // Rounded here, half-even as the format styles round: `NumberFormatter` on Linux
                // ignores `maximumFractionDigits` once `minimumFractionDigits` is above zero.
                var exact = value
                NSDecimalRound(&shown, &exact, fraction.upperBound, .bankers)
            }
            let negative = value < 0
            let magnitude = negative ? -shown : shown
            // The number with a minus, also when it rounds to zero (ICU's "-0.00"): a zero is
            // written from the double -0.0, which keeps its sign (Decimal has no negative zero).
            func minus() -> String {
                magnitude.isZero ? f.string(from: NSNumber(value: -0.0)) ?? "-0" : f.string(from: NSDecimalNumber(decimal: -magnitude)) ?? "-\(magnitude)"
            }
            func plain() -> String { f.string(from: NSDecimalNumber(decimal: magnitude)) ?? "\(magnitude)" }
            func plus() -> String {
                let text = minus(), minusSign = f.minusSign ?? "-"
                guard let r = text.range(of: minusSign) else { return (f.plusSign ?? "+") + text }
                return text.replacingCharacters(in: r, with: f.plusSign ?? "+")
            }
            switch sign {
            case .auto: return negative ? minus() : plain()
            case .never: return plain()
            case .always: return negative ? minus() : plus()
            case .exceptZero: return magnitude.isZero ? plain() : negative ? minus() : plus()
            }
        }
    }

    /// `number` (signed as `sign` says) between a pattern's affixes, the sign where ICU puts it:
    /// before the prefix, or where the negative subpattern writes `-`.
    private func affixed(
        _ value: Decimal, style: (Decimal, Sign) -> String, sign: Sign,
        _ positive: NumberPatternAffixes, negative: NumberPatternAffixes?, percentSign: String
    ) -> String {
        let signed = style(value, sign)
        let unsigned = style(value, .never)
        var signBefore = "", signAfter = ""
        if let r = signed.range(of: unsigned) {
            signBefore = String(signed[..<r.lowerBound])
            signAfter = String(signed[r.upperBound...])
        }
        func text(_ affix: String, sign: String) -> String {
            affix.replacingOccurrences(of: "\u{E000}", with: sign).replacingOccurrences(of: "\u{E001}", with: percentSign)
        }
        let number = positive.hasNumber ? unsigned : ""
        if let negative, !(signBefore + signAfter).isEmpty {
            return text(negative.prefix, sign: signBefore + signAfter) + number + text(negative.suffix, sign: signBefore + signAfter)
        }
        return signBefore + text(positive.prefix, sign: "-") + number + text(positive.suffix, sign: "-") + signAfter
    }

    /// `compact-long`: ICU 72's compact rounding, then the locale's long pattern for the rounded
    /// number's power of ten and plural category; the number alone where there is none.
    private func writeCompactLong(_ value: Decimal, _ compact: CLDRNumberPatterns.Compact, sign: Sign, into result: FoundationNumberResult) {
        guard var q = CompactDecimal(plain: value.description) else {
            result.string = plainText(value, sign)
            return
        }
        let (magnitude, shift) = q.compact(compact, fraction: precisionSet ? maxFraction : nil)
        let minF = precisionSet ? minFraction : 0
        let plain = q.plain(minFraction: minF)
        let scaled = Decimal(string: plain, locale: Locale(identifier: "en_US_POSIX")) ?? value
        // ICU's compact grouping: a separator only from five integer digits on (minimum grouping 2).
        let integerDigits = q.magnitude + 1
        let group = grouping && integerDigits >= 5
        let fraction = minF...max(minF, q.fractionDigits)
        func style(_ v: Decimal, _ s: Sign) -> String {
            if #available(iOS 15, macOS 12, watchOS 8, tvOS 15, *), formatStyles {
                return Decimal.FormatStyle(locale: locale).grouping(group ? .automatic : .never).sign(strategy: Self.strategy(s))
                    .precision(.fractionLength(fraction)).format(v)
            }
            return olderText(v, OlderNumberFormat(style: .decimal, fraction: fraction, grouping: group), sign: s)
        }
        let category = PluralOperands(decimal: plain).map { rules.select($0) } ?? .other
        result.compactExponent = q.isZero ? 0 : shift
        // The older path's compact-short (these patterns, for want of `.compactName`) keeps the
        // minus of a negative number that rounds to zero ("-0.0"), as `.compactName` does.
        let shown = !formatStyles && notation == .compactShort && scaled.isZero && value < 0 ? value : scaled
        guard let pattern = compact.pattern(magnitude: magnitude, category: category, integer: q.integerValue) else {
            result.string = style(shown, sign)
            return
        }
        let (positive, negative) = NumberPatternAffixes.parse(pattern)
        result.string = affixed(scaled, style: style, sign: sign, positive, negative: negative, percentSign: "%")
    }

    private func write(_ value: Decimal, sign: Sign, into result: FoundationNumberResult) {
        var v = value
        if let scale { v *= scale }
        result.compactExponent = 0
        switch kind {
        case .plain:
            if let compactLong {
                writeCompactLong(v, compactLong, sign: sign, into: result)
            } else if maxSignificant != nil {
                let (rounded, fraction) = significantRounded(v)
                result.string = plainText(rounded, sign, precision: fraction)
            } else {
                result.string = plainText(v, sign)
            }
        case .percent:
            // ICU's `percent` puts the (scaled, not multiplied) value into the locale's percent
            // pattern: ICU 72's, not the OS's (CLDR 46 writes Latin American Spanish "51%").
            if let (affixes, percentSign) = percentAffixes {
                result.string = affixed(v, style: { plainText($0, $1) }, sign: sign, affixes, negative: nil, percentSign: percentSign)
            }
        case .currency(let code):
            if #available(iOS 15, macOS 12, watchOS 8, tvOS 15, *), formatStyles {
                var style = Decimal.FormatStyle.Currency(code: code, locale: locale).grouping(grouping ? .automatic : .never)
                    .sign(strategy: Self.currencyStrategy(sign))
                if precisionSet { style = style.precision(.fractionLength(precision)) }
                switch width {
                case .wide: style = style.presentation(.fullName)
                case .narrow: style = style.presentation(.narrow)
                default: break
                }
                result.string = style.format(v)
            } else {
                // A narrow width was refused when the formatter was made.
                result.string = olderText(
                    v,
                    OlderNumberFormat(
                        style: width == .wide ? .currencyPlural(code) : .currency(code),
                        fraction: precisionSet ? precision : nil, grouping: grouping), sign: sign)
            }
        case .measure(var unit):
            var precision = precision
            if roadUsage, let routed = RoadUnitPreferences.route(NSDecimalNumber(decimal: v).doubleValue, from: unit, localeID: localeID) {
                // As ICU's unit preferences do: the region's unit, its increment or two
                // significant digits, unless the skeleton names a precision.
                unit = routed.unit
                var shown = routed.value
                if !precisionSet {
                    if let step = routed.increment {
                        shown = (shown / step).rounded(.toNearestOrEven) * step
                        precision = 0...0
                    } else {
                        precision = 0...RoadUnitPreferences.defaultFractionDigits(shown)
                    }
                }
                v = Decimal(string: "\(shown)", locale: Locale(identifier: "en_US_POSIX")) ?? v
            }
            if maxSignificant != nil { (v, precision) = significantRounded(v) }
            // As ICU does: the number, then CLDR's unit pattern for its plural category
            // (generated from CLDR 42: Foundation on Linux has no measurement formatting).
            let number = plainText(v, sign, precision: precision)
            let category = PluralOperands(formatted: number, decimalSeparator: decimalSeparator).map { rules.select($0) } ?? .other
            let pattern = CLDRUnitPatterns.pattern(unit: unit, width: width, category: category, localeID: localeID) ?? "{0}"
            result.string = pattern.replacingOccurrences(of: "{0}", with: number)
            // As the ICU backend: a no-break space after the number where the language wants one.
            if joinsUnits { result.string = UnitSpacing.joined(result.string) }
        }
        result.decimalSeparator = decimalSeparator
    }

    package func format(_ value: Int64, into result: FoundationNumberResult) throws(FoundationFormatError) {
        write(Decimal(value), sign: sign, into: result)
    }

    package func format(_ value: Double, into result: FoundationNumberResult) throws(FoundationFormatError) {
        guard value.isFinite, let d = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) else {
            throw FoundationFormatError("the number \(value) is not finite")
        }
        if value == 0, value.sign == .minus {
            // Decimal has no negative zero. ICU shows its minus where the sign display shows a
            // negative number's sign (auto, always: "-0", "-0%", "-€0.00") and no sign otherwise
            // (never, except-zero: "0"): format the zero unsigned and put the minus where
            // Double's style puts it for the same value.
            write(d, sign: sign == .always || sign == .auto ? .auto : .never, into: result)
            guard sign == .always || sign == .auto else { return }
            let plus = result.string
            let signed: String, unsigned: String
            if #available(iOS 15, macOS 12, watchOS 8, tvOS 15, *), formatStyles {
                signed = FloatingPointFormatStyle<Double>(locale: locale).format(-0.0)
                unsigned = FloatingPointFormatStyle<Double>(locale: locale).format(0.0)
            } else {
                let f = Foundation.NumberFormatter()
                f.locale = locale
                f.numberStyle = .decimal
                signed = f.string(from: NSNumber(value: -0.0)) ?? "-0"
                unsigned = f.string(from: NSNumber(value: 0.0)) ?? "0"
            }
            if let r = signed.range(of: unsigned) { result.string = String(signed[..<r.lowerBound]) + plus + String(signed[r.upperBound...]) }
            return
        }
        write(d, sign: sign, into: result)
    }

    package func format(decimal: String, into result: FoundationNumberResult) throws(FoundationFormatError) {
        guard let d = Decimal(string: decimal, locale: Locale(identifier: "en_US_POSIX")), PluralOperands(decimal: decimal) != nil else {
            throw FoundationFormatError("'\(decimal)' is not a decimal number")
        }
        write(d, sign: sign, into: result)
    }
}

/// The CLDR plural rules of one locale and kind, generated into Swift (`CLDRData`).
///
/// Sendable notes: immutable.
package final class FoundationPluralRules: PluralSelecting, Sendable {
    private let rules: PluralRuleSet
    package let categories: [PluralCategory]

    init(localeID: String, ordinal: Bool) {
        rules = CLDRPluralRules.ruleSet(for: localeID, ordinal: ordinal)
        categories = rules.categories
    }

    package func select(_ number: Double) -> PluralCategory {
        guard number.isFinite else { return .other }
        return rules.select(PluralOperands(number))
    }

    package func select(_ formatted: FoundationNumberResult) -> PluralCategory {
        guard
            let operands = PluralOperands(
                formatted: formatted.string, decimalSeparator: formatted.decimalSeparator,
                compactExponent: formatted.compactExponent)
        else { return .other }
        return rules.select(operands)
    }

    package func select(decimal: String) throws(FoundationFormatError) -> PluralCategory {
        guard let operands = PluralOperands(decimal: decimal) else { throw FoundationFormatError("'\(decimal)' is not a decimal number") }
        return rules.select(operands)
    }

    package func select(mantissa: String, exponent: Int) throws(FoundationFormatError) -> PluralCategory {
        try select(decimal: "\(mantissa)c\(exponent)")
    }
}

/// `{n, spellout}` and `{n, ordinal}` through `NumberFormatter`'s spell-out and ordinal styles.
/// DecimalFormat patterns, `duration` and named rule sets have no Foundation equivalent and are
/// refused at compile time.
///
/// Sendable notes: `NumberFormatter` is not documented as safe to share; every call holds the lock.
package final class FoundationLegacyFormatter: LegacyNumberFormatter, @unchecked Sendable {
    private let formatter = Locked<Foundation.NumberFormatter>(Foundation.NumberFormatter())

    init(localeID: String, style: LegacyNumberStyle) throws(FoundationFormatError) {
        let numberStyle: Foundation.NumberFormatter.Style
        switch style {
        case .pattern(let p):
            throw FoundationFormatError(
                "the Foundation backend cannot format the DecimalFormat pattern '\(p)': use a skeleton (::.00, ::percent, ::currency/EUR)")
        case .duration:
            throw FoundationFormatError("the Foundation backend has no rule-based duration format: declare the argument as a duration in the catalog instead")
        case .spellout(let ruleSet), .ordinal(let ruleSet):
            guard ruleSet.isEmpty else {
                throw FoundationFormatError("the Foundation backend cannot use the rule set '\(ruleSet)'")
            }
            if case .spellout = style { numberStyle = .spellOut } else { numberStyle = .ordinal }
        }
        formatter.withLock {
            $0.locale = Locale(identifier: localeID)
            $0.numberStyle = numberStyle
        }
    }

    private func string(_ n: NSNumber) throws(FoundationFormatError) -> String {
        guard let s = formatter.withLock({ $0.string(from: n) }) else { throw FoundationFormatError("cannot format \(n)") }
        return s
    }

    package func format(_ value: Double) throws(FoundationFormatError) -> String {
        guard value.isFinite else { throw FoundationFormatError("the number \(value) is not finite") }
        return try string(NSNumber(value: value))
    }

    package func format(_ value: Int64) throws(FoundationFormatError) -> String { try string(NSNumber(value: value)) }

    package func format(decimal: String) throws(FoundationFormatError) -> String {
        guard let d = Decimal(string: decimal, locale: Locale(identifier: "en_US_POSIX")) else {
            throw FoundationFormatError("'\(decimal)' is not a decimal number")
        }
        return try string(NSDecimalNumber(decimal: d))
    }

    package func select(_ value: Double, rules: FoundationPluralRules) -> PluralCategory { rules.select(value) }
}

/// A date formatter for one locale, spec and time zone: `DateFormatter` with a style, a template
/// (`setLocalizedDateFormatFromTemplate`, ICU's pattern generator underneath) or a pattern.
///
/// As the ICU backend, it writes the first day of a month as an ordinal where the language wants
/// it (`FirstDayOrdinal`: French «1er mai»): when the resolved pattern has a lone `d` before a
/// month name, a second `DateFormatter` holds the same pattern with the suffix quoted after the
/// day (`d'er' MMMM y`), and formats the instants whose day of the month, in the formatter's
/// calendar and zone, is 1. Both are made when the formatter is opened.
///
/// Sendable notes: `DateFormatter` is a mutable class; every call holds the lock.
package final class FoundationDateFormatter: InstantFormatter, @unchecked Sendable {
    private let formatter: Locked<Foundation.DateFormatter>
    /// The formatter of the day 1 and the calendar that tells it, when the rule concerns the pattern.
    private let firstDay: (formatter: Locked<Foundation.DateFormatter>, calendar: Calendar)?

    init(localeID: String, spec: DateSpec, timeZoneID: String) throws(FoundationFormatError) {
        guard let zone = TimeZone(identifier: timeZoneID == "UTC" ? "Etc/UTC" : timeZoneID) else {
            throw FoundationFormatError("unknown time zone '\(timeZoneID)'")
        }
        let f = Foundation.DateFormatter()
        f.locale = Locale(identifier: localeID)
        f.timeZone = zone
        switch spec {
        case .styles(let d, let t):
            f.dateStyle = Self.style(d)
            f.timeStyle = Self.style(t)
        case .skeleton(let s):
            f.setLocalizedDateFormatFromTemplate(s)
        case .pattern(let p):
            f.dateFormat = p
        }
        formatter = Locked(f)
        if let suffix = Self.firstDaySuffix(localeID: localeID), let pattern = f.dateFormat,
            let ordinal = FirstDayOrdinal.ordinalPattern(pattern, suffix: suffix)
        {
            let g = Foundation.DateFormatter()
            g.locale = f.locale
            g.timeZone = zone
            g.calendar = f.calendar
            g.dateFormat = ordinal
            var calendar = f.calendar ?? Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            firstDay = (Locked(g), calendar)
        } else {
            firstDay = nil
        }
    }

    /// The ordinal suffix of the first day of a month in a locale whose dates take one
    /// (`FirstDayOrdinal`), from Foundation's ordinal number style (ICU's `%digits-ordinal`
    /// underneath: «1er» → «er»), or the rule's fallback; nil in other locales. Read once per
    /// locale.
    static func firstDaySuffix(localeID: String) -> String? {
        guard FirstDayOrdinal.applies(localeID: localeID) else { return nil }
        return firstDaySuffixes.value(for: localeID) {
            let f = Foundation.NumberFormatter()
            f.locale = Locale(identifier: localeID)
            f.numberStyle = .ordinal
            return f.string(from: 1).flatMap(FirstDayOrdinal.suffix(ordinalOfOne:)) ?? FirstDayOrdinal.fallbackSuffix
        }
    }

    private static let firstDaySuffixes = FormatterCache<String, String>(limit: 64)

    private static func style(_ s: DateSpec.Style) -> Foundation.DateFormatter.Style {
        switch s {
        case .none: .none
        case .full: .full
        case .long: .long
        case .medium: .medium
        case .short: .short
        }
    }

    package func format(millis: Double, toBytes out: inout [UInt8]) throws(FoundationFormatError) {
        let date = Date(timeIntervalSince1970: millis / 1000)
        let text: String
        if let firstDay, firstDay.calendar.component(.day, from: date) == 1 {
            text = firstDay.formatter.withLock { $0.string(from: date) }
        } else {
            text = formatter.withLock { $0.string(from: date) }
        }
        out.append(contentsOf: text.utf8)
    }
}
