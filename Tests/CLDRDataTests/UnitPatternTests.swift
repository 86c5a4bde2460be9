import CLDRData
import Testing
#if SystemICU && os(Linux)
// Plain `import`, not `@testable` (see LocaleTests.swift).
import ICUKit
#endif

/// The generated unit patterns (`CLDRUnitPatterns`): fixed expectations everywhere, and, in the
/// SystemICU build (Linux), every unit and width in ~45 locales against ICU 72's own
/// `measure-unit/… unit-width-…` formatting.
@Suite struct UnitPatternTests {
    static let units = [
        "length-kilometer", "length-meter", "length-mile", "length-foot", "length-yard", "length-centimeter",
        "duration-hour", "duration-minute", "duration-second", "duration-day", "duration-week",
        "mass-kilogram", "mass-pound", "mass-gram", "energy-kilocalorie", "energy-kilojoule",
        "speed-kilometer-per-hour", "speed-mile-per-hour", "temperature-celsius", "temperature-fahrenheit"
    ]

    @Test func fixedPatterns() {
        func p(_ unit: String, _ width: CLDRUnitPatterns.Width, _ category: CLDRData.PluralCategory, _ locale: String) -> String? {
            CLDRUnitPatterns.pattern(unit: unit, width: width, category: category, localeID: locale)
        }
        #expect(p("length-kilometer", .short, .other, "en") == "{0} km")
        #expect(p("length-kilometer", .short, .one, "en") == "{0} km")
        #expect(p("length-kilometer", .wide, .one, "en") == "{0} kilometer")
        #expect(p("length-kilometer", .wide, .other, "en_US") == "{0} kilometers")
        #expect(p("length-kilometer", .narrow, .other, "en") == "{0}km")
        #expect(p("length-kilometer", .wide, .other, "en-GB") == "{0} kilometres")  // en_GB → en_001
        #expect(p("length-kilometer", .wide, .one, "es") == "{0} kilómetro")
        #expect(p("length-kilometer", .wide, .other, "es-MX") == "{0} kilómetros")  // es_MX → es_419 → es
        #expect(p("length-kilometer", .short, .other, "zh") == "{0}公里")
        #expect(p("length-kilometer", .short, .other, "zh-Hans") == "{0}公里")
        #expect(p("length-kilometer", .short, .other, "zh-Hant") == "{0} 公里")
        #expect(p("length-kilometer", .short, .other, "zh-TW") == "{0} 公里")  // %%ALIAS zh_Hant_TW
        // A category the locale has no pattern for falls back to `other` (Japanese has only `other`).
        #expect(p("length-kilometer", .short, .one, "ja") == "{0} km")
        #expect(p("duration-hour", .wide, .few, "ja") == p("duration-hour", .wide, .other, "ja"))
        // Arabic writes no number for one and two hours.
        #expect(p("duration-hour", .wide, .one, "ar") == "ساعة")
        // Root: its wide and narrow tables are aliases of the short one.
        #expect(p("length-kilometer", .wide, .other, "root") == "{0} km")
        #expect(p("length-kilometer", .narrow, .one, "xx") == "{0} km")
        #expect(p("length-parsec", .short, .other, "en") == nil)
        #expect(CLDRUnitPatterns.isSupported("speed-mile-per-hour"))
        #expect(!CLDRUnitPatterns.isSupported("kilometer"))
        for unit in Self.units {
            #expect(CLDRUnitPatterns.isSupported(unit), "\(unit)")
            for width in CLDRUnitPatterns.Width.allCases {
                // Every unit has a pattern in every width somewhere up to root.
                #expect(p(unit, width, .other, "root")?.contains("{0}") == true, "\(unit) \(width)")
            }
        }
    }

    @Test func bundleChains() {
        #expect(CLDRUnitPatterns.bundleChain(of: "es-MX") == ["es_MX", "es_419", "es", "root"])
        #expect(CLDRUnitPatterns.bundleChain(of: "zh-TW") == ["zh_Hant_TW", "zh_Hant", "root"])
        #expect(CLDRUnitPatterns.bundleChain(of: "iw") == ["he", "root"])
        #expect(CLDRUnitPatterns.bundleChain(of: "en_GB") == ["en_GB", "en_001", "en", "root"])
        #expect(CLDRUnitPatterns.bundleChain(of: "root") == ["root"])
        #expect(CLDRUnitPatterns.bundleChain(of: "") == ["root"])
    }

    #if SystemICU && os(Linux)
    static let locales = [
        "en", "en-GB", "en-IN", "en-AU", "en-CA", "es", "es-MX", "es-419", "es-US", "zh", "zh-Hans", "zh-Hant",
        "zh-TW", "zh-HK", "ja", "ko", "de", "de-CH", "fr", "fr-CA", "it", "pt", "pt-PT", "ru", "pl", "ar",
        "he", "hi", "th", "tr", "nl", "sv", "uk", "cs", "id", "vi", "fa", "bn", "ro", "hu", "el", "da",
        "nb", "fi", "sr-Latn", "lt", "lv", "cy", "ga", "br", "sl", "hr", "ms", "fil", "sw"
    ]
    /// Integers (formatted with `precision-integer`) and decimals (with `.0`) that between them
    /// hit every plural category of these locales (checked below).
    static let integers = ["0", "1", "2", "3", "5", "6", "7", "11", "21", "22", "100", "101", "1000000"]
    static let decimals = ["0.5", "1.0", "1.5", "2.5"]

    typealias Category = CLDRData.PluralCategory

    static func skeletonWidth(_ width: CLDRUnitPatterns.Width) -> String {
        switch width {
        case .wide: "unit-width-full-name"
        case .short: "unit-width-short"
        case .narrow: "unit-width-narrow"
        }
    }

    /// ICU's text for `measure-unit/UNIT unit-width-W` equals ICU's text for the number alone put
    /// into the generated pattern of the category ICU's rules give that formatted number.
    @Test(arguments: locales)
    func matchesICU(_ locale: String) throws {
        let result = try Self.compare(locale, integers: Self.integers, decimals: Self.decimals)
        #expect(result.checked == (Self.integers.count + Self.decimals.count) * Self.units.count * 3)
        #expect(result.problems.isEmpty, "\(locale): \(result.problems.count) of \(result.checked): \(result.problems.prefix(10).joined(separator: "; "))")
        let rules = try ICUKit.PluralRules.rules(localeID: locale, kind: .cardinal)
        #expect(Set(rules.categories.map(\.keyword)).isSubset(of: result.categoriesHit), "\(locale): categories hit \(result.categoriesHit.sorted())")
    }

    /// The same for every locale ICU has (plurals.json's list) and the deprecated ids of the unit
    /// tree, on fewer numbers.
    @Test func everyLocaleMatchesICU() throws {
        let aliases = [
            "ars", "az_AZ", "in", "iw", "iw_IL", "mo", "no_NO", "no_NO_NY", "sh", "sh_BA", "sr_RS", "sr_ME",
            "tl", "tl_PH", "zh_CN", "zh_HK", "zh_MO", "zh_SG", "zh_TW", "yue_CN", "pa_PK", "uz_AF"
        ]
        let ids = PluralData.shared.file.availableLocales + aliases
        var problems: [String] = []
        var checked = 0
        for id in ids {
            let result = try Self.compare(id, integers: ["0", "1", "2", "3", "7", "11", "1000000"], decimals: ["1.5"])
            checked += result.checked
            problems += result.problems.prefix(3).map { "\(id) \($0)" }
        }
        #expect(ids.count > 700)
        #expect(problems.isEmpty, "\(problems.count) problems in \(checked): \(problems.prefix(20).joined(separator: "; "))")
    }

    /// Formats every number in every unit and width of a locale with ICU, and compares.
    static func compare(_ locale: String, integers: [String], decimals: [String]) throws -> (checked: Int, problems: [String], categoriesHit: Set<String>) {
        let rules = try ICUKit.PluralRules.rules(localeID: locale, kind: .cardinal)
        let plain = try FormattedNumber(), measured = try FormattedNumber()
        var problems: [String] = []
        var categoriesHit = Set<String>()
        var checked = 0
        for (numbers, precision) in [(integers, "precision-integer"), (decimals, ".0")] {
            let plainFormatter = try ICUNumberFormatter.formatter(localeID: locale, skeleton: precision)
            for number in numbers {
                try plainFormatter.format(decimal: number, into: plain)
                let keyword = rules.select(plain).keyword
                categoriesHit.insert(keyword)
                let category = try #require(Category(keyword: keyword))
                for unit in units {
                    for width in CLDRUnitPatterns.Width.allCases {
                        let skeleton = "measure-unit/\(unit) \(skeletonWidth(width)) \(precision)"
                        let formatter = try ICUNumberFormatter.formatter(localeID: locale, skeleton: skeleton)
                        try formatter.format(decimal: number, into: measured)
                        checked += 1
                        guard let pattern = CLDRUnitPatterns.pattern(unit: unit, width: width, category: category, localeID: locale) else {
                            problems.append("\(unit) \(width) \(keyword): no pattern")
                            continue
                        }
                        let mine = pattern.replacing("{0}", with: plain.string)
                        if mine != measured.string {
                            problems.append("\(unit) \(width) \(number) (\(keyword)): ICU \"\(measured.string)\", generated \"\(mine)\"")
                        }
                    }
                }
            }
        }
        return (checked, problems, categoriesHit)
    }
    #endif
}
