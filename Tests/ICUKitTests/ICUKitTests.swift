// ICUKit exists only in the SystemICU build (Linux).
#if SystemICU && os(Linux)
import Foundation
import Testing
import CLDRData
import ICUKit

// `import ICUKit`, not `@testable`: a testable import also loads ICUKit's implementation-only
// CICU, whose ICU 72 headers clash with Foundation's ICU ("not present in definition of enum
// UErrorCode"). Everything tested here is `package`.
//
// What the system ICU (72 on Debian 12) says, through our owners. Expected texts are ICU 72's
// (CLDR 42): it puts U+202F before AM/PM and U+00A0 in some numbers; they are written as escapes.

func millis(_ iso: String) -> Double { ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 * 1000 }

@Suite("Plural rules")
struct PluralRulesTests {
    @Test(arguments: [
        ("en", 1.0, PluralCategory.one), ("en", 0, .other), ("en", 2, .other), ("en", 1.5, .other),
        ("ar", 0, .zero), ("ar", 2, .two), ("ar", 3, .few), ("ar", 11, .many), ("ar", 100, .other),
        ("ru", 1, .one), ("ru", 3, .few), ("ru", 5, .many), ("ru", 21, .one), ("ru", 1.5, .other),
        ("pl", 22, .few), ("pl", 25, .many),
        ("es", 1, .one), ("es", 1_000_000, .many), ("es", 2, .other),
        ("fr", 0, .one), ("fr", 1_000_000, .many),
        ("zh_Hans", 1, .other), ("ja", 1, .other)
    ])
    func cardinal(_ id: String, _ n: Double, _ expected: PluralCategory) throws {
        #expect(try PluralRules.rules(localeID: id).select(n) == expected)
    }

    @Test(arguments: [
        ("en", 1.0, PluralCategory.one), ("en", 2, .two), ("en", 3, .few), ("en", 4, .other),
        ("en", 11, .other), ("en", 12, .other), ("en", 21, .one), ("en", 22, .two), ("en", 103, .few),
        ("es", 1, .other), ("fr", 1, .one), ("fr", 2, .other)
    ])
    func ordinal(_ id: String, _ n: Double, _ expected: PluralCategory) throws {
        #expect(try PluralRules.rules(localeID: id, kind: .ordinal).select(n) == expected)
    }

    @Test(arguments: [
        ("en", PluralRules.Kind.cardinal, [PluralCategory.one, .other]),
        ("en", .ordinal, [.one, .two, .few, .other]),
        ("es", .cardinal, [.one, .many, .other]),
        ("fr", .cardinal, [.one, .many, .other]),
        ("ar", .cardinal, [.zero, .one, .two, .few, .many, .other]),
        ("ru", .cardinal, [.one, .few, .many, .other]),
        ("pl", .cardinal, [.one, .few, .many, .other]),
        ("zh_Hans", .cardinal, [.other]),
        ("ja", .cardinal, [.other]),
        ("de", .cardinal, [.one, .other])
    ])
    func categoryLists(_ id: String, _ kind: PluralRules.Kind, _ expected: [PluralCategory]) throws {
        #expect(try PluralRules.rules(localeID: id, kind: kind).categories == expected)
    }

    /// Visible fraction digits: "1.0" is not "1" in English; in Spanish it is still one.
    @Test func decimals() throws {
        let en = try PluralRules.rules(localeID: "en")
        #expect(try en.select(decimal: "1") == .one)
        #expect(try en.select(decimal: "1.0") == .other)
        #expect(try en.select(decimal: "1.50") == .other)
        #expect(try PluralRules.rules(localeID: "es").select(decimal: "1.0") == .one)
        #expect(try PluralRules.rules(localeID: "ru").select(decimal: "1.5") == .other)
        #expect(try PluralRules.rules(localeID: "ru").select(decimal: "21") == .one)
    }

    @Test func rulesAreCached() throws {
        #expect(try PluralRules.rules(localeID: "pl") === PluralRules.rules(localeID: "pl"))
        #expect(try PluralRules.rules(localeID: "pl") !== PluralRules.rules(localeID: "pl", kind: .ordinal))
    }
}

@Suite("Numbers")
struct NumberFormatterTests {
    @Test(arguments: [
        ("en", "precision-integer", 1234.5, "1,234"),  // half-even
        ("en", "precision-integer", 1235.5, "1,236"),
        ("en", ".00", 1234.5, "1,234.50"),
        ("en", ".0", 0.25, "0.2"),
        ("es", ".00", 1234.5, "1234,50"),  // es: grouping from 5 digits
        ("es", ".00", 12345.5, "12.345,50"),
        ("de", ".00", 1234.5, "1.234,50"),
        ("en", "percent scale/100", 0.25, "25%"),
        ("es", "percent scale/100", 0.25, "25\u{00A0}%"),
        ("en", "compact-short", 1_234_567, "1.2M"),
        ("en", "compact-long", 1_234_567, "1.2 million"),
        ("es", "compact-short", 1_234_567, "1,2\u{00A0}M"),
        ("zh_Hans", "compact-short", 123_456, "12万"),
        ("en", "currency/EUR", 1234.5, "€1,234.50"),
        ("es", "currency/EUR", 1234.5, "1234,50\u{00A0}€"),
        ("ja", "currency/JPY", 1234.5, "￥1,234"),
        ("en", "measure-unit/length-kilometer unit-width-full-name", 5, "5 kilometers"),
        ("en", "measure-unit/length-kilometer unit-width-full-name", 1, "1 kilometer"),
        ("es", "measure-unit/length-kilometer unit-width-full-name", 5, "5 kilómetros"),
        ("en", "measure-unit/length-kilometer", 5, "5 km"),
        ("ar", ".0", 12.5, "١٢٫٥")
    ])
    func skeletons(_ id: String, _ skeleton: String, _ value: Double, _ expected: String) throws {
        #expect(try ICUNumberFormatter.formatter(localeID: id, skeleton: skeleton).string(value) == expected)
    }

    @Test func integersAndDecimals() throws {
        let f = try ICUNumberFormatter.formatter(localeID: "en", skeleton: ".00")
        #expect(try f.string(Int64(12)) == "12.00")
        let r = try FormattedNumber()
        try f.format(decimal: "12345678901234567890.125", into: r)
        #expect(r.string == "12,345,678,901,234,567,890.12")
        #expect(throws: ICUError.self) { try f.format(decimal: "1.2.3", into: r) }
    }

    @Test(arguments: [(".0x", 0), ("currency/EURO", 9), ("measure-unit/length-smoot", 13), ("percent scale/x", 14)])
    func badSkeletons(_ skeleton: String, _ offset: Int) throws {
        let e = try #require(throws: ICUError.self) { try ICUNumberFormatter.formatter(localeID: "en", skeleton: skeleton) }
        #expect(e.isSyntaxError)
        #expect(e.name == "U_NUMBER_SKELETON_SYNTAX_ERROR")
        #expect(e.offset == offset)
    }

    @Test func legacyPatternsAndSpellout() throws {
        #expect(try LegacyNumberFormat.formatter(localeID: "en", style: .pattern("#,##0.00")).format(1234.5) == "1,234.50")
        #expect(try LegacyNumberFormat.formatter(localeID: "en", style: .spellout("")).format(Int64(42)) == "forty-two")
        #expect(try LegacyNumberFormat.formatter(localeID: "es", style: .spellout("")).format(Int64(21)) == "veintiuno")
        #expect(try LegacyNumberFormat.formatter(localeID: "en", style: .ordinal("")).format(Int64(2)) == "2nd")
    }

    @Test func currencyOfLocale() {
        #expect(CurrencyData.code(forLocaleID: "en_US") == "USD")
        #expect(CurrencyData.code(forLocaleID: "es_ES") == "EUR")
        #expect(CurrencyData.code(forLocaleID: "es_MX") == "MXN")
        #expect(CurrencyData.code(forLocaleID: "ja_JP") == "JPY")
        // Without a region ICU 72 names no currency (MessageFormat's `currency` style then shows XXX).
        #expect(CurrencyData.code(forLocaleID: "ja") == nil)
    }
}

@Suite("Dates")
struct DateFormatterTests {
    static let monday = millis("2026-11-23T10:05:00Z")

    @Test(arguments: [
        ("en", DateFormatSpec.Style.short, DateFormatSpec.Style.none, "UTC", "11/23/26"),
        ("en", .medium, .none, "UTC", "Nov 23, 2026"),
        ("en", .long, .none, "UTC", "November 23, 2026"),
        ("en", .full, .none, "UTC", "Monday, November 23, 2026"),
        ("en", .none, .short, "UTC", "10:05\u{202F}AM"),
        ("en", .none, .short, "Europe/Madrid", "11:05\u{202F}AM"),
        ("en", .none, .short, "Asia/Shanghai", "6:05\u{202F}PM"),
        ("en", .none, .short, "Australia/Sydney", "9:05\u{202F}PM"),
        ("en", .none, .long, "America/New_York", "5:05:00\u{202F}AM EST"),
        ("en", .medium, .short, "America/New_York", "Nov 23, 2026, 5:05\u{202F}AM"),
        ("es", .long, .none, "UTC", "23 de noviembre de 2026"),
        ("es", .none, .short, "Europe/Madrid", "11:05"),
        ("es", .full, .none, "Pacific/Kiritimati", "martes, 24 de noviembre de 2026"),
        ("zh_Hans", .full, .none, "Asia/Shanghai", "2026年11月23日星期一"),
        ("zh_Hans", .none, .short, "Asia/Shanghai", "18:05"),
        ("ja", .medium, .none, "UTC", "2026/11/23")
    ])
    func styles(_ id: String, _ date: DateFormatSpec.Style, _ time: DateFormatSpec.Style, _ zone: String, _ expected: String) throws {
        let f = try ICUDateFormatter.formatter(localeID: id, spec: .styles(date: date, time: time), timeZoneID: zone)
        #expect(try f.format(millis: Self.monday) == expected)
    }

    @Test(arguments: [
        ("en", "EEEE", "cccc", "Monday"),  // the stand-alone form
        ("es", "MMMd", "d MMM", "23 nov"),
        ("en", "MMMd", "MMM d", "Nov 23"),
        ("en", "yMMMMd", "MMMM d, y", "November 23, 2026"),
        ("en", "jmm", "h:mm\u{202F}a", "10:05\u{202F}AM"),
        ("de", "jmm", "HH:mm", "10:05"),
        ("zh_Hans", "MMMd", "M月d日", "11月23日")
    ])
    func skeletons(_ id: String, _ skeleton: String, _ pattern: String, _ expected: String) throws {
        #expect(try ICUDateFormatter.bestPattern(localeID: id, skeleton: skeleton) == pattern)
        let f = try ICUDateFormatter.formatter(localeID: id, spec: .skeleton(skeleton), timeZoneID: "UTC")
        #expect(f.pattern == pattern)
        #expect(try f.format(millis: Self.monday) == expected)
    }

    @Test func fixedOffsetZones() throws {
        let f = try ICUDateFormatter.formatter(localeID: "en", spec: .styles(date: .none, time: .short), timeZoneID: "GMT-06:00")
        #expect(try f.format(millis: millis("2026-07-01T18:00:00Z")) == "12:00\u{202F}PM")
    }

    @Test func icuTimeZoneData() throws {
        let madrid = try #require(ICUTimeZone.zone("Europe/Madrid"))
        #expect(madrid.offsetSeconds(atMillis: millis("2026-01-15T12:00:00Z")) == 3600)
        #expect(madrid.offsetSeconds(atMillis: millis("2026-07-15T12:00:00Z")) == 7200)
        #expect(ICUTimeZone.zone("Mars/Olympus_Mons") == nil || ICUTimeZone.zone("Mars/Olympus_Mons")?.offsetSeconds(atMillis: 0) == 0)
        #expect(!LocaleData.tzDataVersion.isEmpty && LocaleData.tzDataVersion != "unknown")
    }
}

@Suite("Relative times, durations, lists")
struct RelativeDurationListTests {
    @Test(arguments: [
        ("en", 5.0, ICURelativeTimeFormatter.Unit.hour, "in 5 hours"),
        ("en", -5, .hour, "5 hours ago"),
        ("en", 1, .day, "in 1 day"),
        ("es", 5, .hour, "dentro de 5 horas"),
        ("es", -2, .day, "hace 2 días"),
        ("zh_Hans", 5, .hour, "5小时后"),
        ("zh_Hans", -3, .minute, "3分钟前")
    ])
    func relative(_ id: String, _ value: Double, _ unit: ICURelativeTimeFormatter.Unit, _ expected: String) throws {
        #expect(try ICURelativeTimeFormatter.formatter(localeID: id).format(value, unit) == expected)
    }

    @Test func relativeWithWords() throws {
        #expect(try ICURelativeTimeFormatter.formatter(localeID: "en").formatWithWords(1, .day) == "tomorrow")
        #expect(try ICURelativeTimeFormatter.formatter(localeID: "es").formatWithWords(1, .day) == "mañana")
        #expect(try ICURelativeTimeFormatter.formatter(localeID: "es").formatWithWords(2, .day) == "pasado mañana")
        #expect(try ICURelativeTimeFormatter.formatter(localeID: "en", width: .short).format(5, .hour) == "in 5 hr.")
    }

    /// What ICU 72 prints for mixed units (unit/hour-and-minute), without a zero unit.
    @Test(arguments: [
        ("en", 4800, ICUDurationFormatter.Width.short, "1 hr, 20 min"),
        ("en", 4800, .wide, "1 hour, 20 minutes"),
        ("en", 4800, .narrow, "1h 20m"),
        ("es", 4800, .short, "1 h y 20 min"),
        ("es", 4800, .wide, "1 hora y 20 minutos"),
        ("zh_Hans", 4800, .short, "1小时20分钟"),
        ("en", 90, .short, "1 min, 30 sec"),
        ("en", 120, .wide, "2 minutes"),
        ("en", 45, .short, "45 sec"),
        ("en", 7200, .wide, "2 hours"),
        ("en", 7200, .short, "2 hr"),
        ("en", 7215, .short, "2 hr"),
        ("en", 7260, .short, "2 hr, 1 min"),
        ("es", 3600, .short, "1 h"),
        ("zh_Hans", 7200, .short, "2小时")
    ])
    func durations(_ id: String, _ seconds: Int, _ width: ICUDurationFormatter.Width, _ expected: String) throws {
        #expect(try ICUDurationFormatter.format(seconds: seconds, localeID: id, width: width) == expected)
    }

    @Test(arguments: [
        ("en", ICUListFormatter.Kind.and, "Ana, Liam, and Wei"),
        ("en", .or, "Ana, Liam, or Wei"),
        ("es", .and, "Ana, Liam y Wei"),
        ("es", .or, "Ana, Liam o Wei"),
        ("zh_Hans", .and, "Ana、Liam和Wei"),
        ("de", .and, "Ana, Liam und Wei")
    ])
    func lists(_ id: String, _ kind: ICUListFormatter.Kind, _ expected: String) throws {
        #expect(try ICUListFormatter.formatter(localeID: id, kind: kind).format(["Ana", "Liam", "Wei"]) == expected)
    }

    @Test func listEdges() throws {
        let en = try ICUListFormatter.formatter(localeID: "en")
        #expect(try en.format([]) == "")
        #expect(try en.format(["Ana"]) == "Ana")
        #expect(try en.format(["Ana", "Liam"]) == "Ana and Liam")
        #expect(try en.format(["", "x"]) == " and x")
    }
}

@Suite("Locale data")
struct LocaleDataTests {
    @Test(arguments: [
        ("en", "en"), ("es-MX", "es_MX"), ("zh-Hans", "zh_Hans"), ("zh-Hant-TW", "zh_Hant_TW"), ("es-419", "es_419"),
        ("pt-BR", "pt_BR"), ("en_US", "en_US")
    ])
    func icuIDs(_ tag: String, _ id: String) throws {
        #expect(try LocaleData.icuID(forTag: tag) == id)
    }

    @Test func badTags() {
        #expect(throws: LocaleData.TagProblem.unknown("xx")) { try LocaleData.icuID(forTag: "xx") }
        #expect(throws: LocaleData.TagProblem.malformed("en_US!")) { try LocaleData.icuID(forTag: "en_US!") }
        #expect(throws: LocaleData.TagProblem.malformed("")) { try LocaleData.icuID(forTag: "") }
        #expect(throws: LocaleData.TagProblem.malformed("123")) { try LocaleData.icuID(forTag: "123") }
    }

    @Test func likelySubtagsAndParents() {
        #expect(LocaleData.maximize("zh_TW") == "zh_Hant_TW")
        #expect(LocaleData.maximize("zh") == "zh_Hans_CN")
        #expect(LocaleData.minimize("zh_Hans_CN") == "zh")
        #expect(LocaleData.canonicalize("en-us") == "en_US")
        #expect(LocaleData.parent(of: "es_MX") == "es_419")
        #expect(LocaleData.parent(of: "es_419") == "es")
        #expect(LocaleData.parent(of: "zh_Hant") == nil)  // CLDR: zh_Hant's parent is root, not zh
        #expect(LocaleData.parent(of: "en") == nil)
        #expect(LocaleData.tag(forICUID: "zh_Hant_TW") == "zh-Hant-TW")
    }

    /// `es-MX` → `es-419` → `es`; `zh-TW` → `zh-Hant`, never `zh-Hans` (or bare `zh`, whose data is Hans).
    @Test func fallbackChains() throws {
        let es = LocaleData.fallbackChain(forICUID: try LocaleData.icuID(forTag: "es-MX"))
        #expect(es.first == "es-MX")
        let i419 = try #require(es.firstIndex(of: "es-419"), "\(es)")
        let iEs = try #require(es.firstIndex(of: "es"), "\(es)")
        #expect(i419 < iEs)

        let tw = LocaleData.fallbackChain(forICUID: try LocaleData.icuID(forTag: "zh-TW"))
        #expect(tw.first == "zh-TW")
        #expect(tw.contains("zh-Hant"), "\(tw)")
        #expect(!tw.contains("zh-Hans") && !tw.contains("zh"), "\(tw)")

        let cn = LocaleData.fallbackChain(forICUID: try LocaleData.icuID(forTag: "zh-CN"))
        #expect(cn.contains("zh-Hans"), "\(cn)")
        #expect(!cn.contains("zh-Hant"), "\(cn)")
    }

    @Test(arguments: [("en_US", 1), ("es_ES", 2), ("es_MX", 1), ("de_DE", 2), ("ar_EG", 7), ("zh_Hans_CN", 2), ("pt_BR", 1)])
    func firstWeekday(_ id: String, _ day: Int) {
        #expect(LocaleData.firstWeekday(forICUID: id) == day)
    }
}

/// The system ICU (through ICUKit) and Foundation's own ICU live in one process: five C++
/// symbols overlap (docs/architecture.md, "Where ICU is touched"). Foundation's locale-sensitive case mapping must still be right
/// after ICUKit has loaded its ICU and used the case-mapping-adjacent services.
@Suite("Two ICUs in one process")
struct TwoICUsTests {
    @Test func turkishAndGreekCaseMapping() throws {
        // Load and use the system ICU first.
        #expect(try PluralRules.rules(localeID: "tr").select(1) == .one)
        #expect(try ICUNumberFormatter.formatter(localeID: "tr", skeleton: "percent scale/100").string(0.5) == "%50")
        #expect(try ICUListFormatter.formatter(localeID: "el").format(["α", "β"]) == "α και β")

        #expect("i".uppercased(with: Locale(identifier: "tr")) == "İ")
        #expect("I".lowercased(with: Locale(identifier: "tr")) == "ı")
        #expect("i".uppercased(with: Locale(identifier: "en")) == "I")
        #expect("άδεια".uppercased(with: Locale(identifier: "el")) == "ΑΔΕΙΑ")
        #expect("Straße".uppercased() == "STRASSE")
    }
}
#endif
