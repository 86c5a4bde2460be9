// Compared with ICU 72 itself: only in the SystemICU build (Linux), where ICUKit is there.
#if SystemICU && os(Linux)
import CLDRData
// Plain `import`, not `@testable`: a testable import of ICUKit brings in the system ICU headers
// (module CICU), which clash with Foundation's own ICU (used by PluralData.swift) in one module;
// everything used here is `package` API anyway.
import ICUKit
import Testing

/// Locale resolution (`ruleSet(for:ordinal:)`) against ICU's `uplrules_openForType`, and CLDR's
/// parent locales.
@Suite struct LocaleTests {
    @Test(arguments: [
        ("pt_PT", "pt_PT", false), ("pt_BR", "pt", false), ("pt-AO", "pt", false), ("es_MX", "es", false),
        ("zh_Hant_TW", "zh", false), ("zh-Hant-TW", "zh", false), ("en-US-u-nu-arab", "en", false),
        ("EN_us", "en", false), ("de@collation=phonebook", "de", false), ("sr-Latn-RS", "sr", true),
        ("en_GB", "en", true), ("ars", "ars", false), ("fr_CA", "fr", true)
    ])
    func resolvesLikeICU(_ id: String, _ expected: String, _ ordinal: Bool) {
        #expect(CLDRPluralRules.ruleSet(for: id, ordinal: ordinal) == CLDRPluralRules.ruleSet(for: expected, ordinal: ordinal))
    }

    @Test func unknownLocalesGetOnlyOther() {
        for id in ["", "root", "und", "xx", "xx_YY", "toolonglanguage_XX"] {
            #expect(CLDRPluralRules.ruleSet(for: id) == .otherOnly, "\(id)")
            #expect(CLDRPluralRules.categories(localeID: id, ordinal: true) == [.other], "\(id)")
        }
        #expect(CLDRPluralRules.categories(localeID: "ar") == [.zero, .one, .two, .few, .many, .other])
        #expect(CLDRPluralRules.categories(localeID: "en", ordinal: true) == [.one, .two, .few, .other])
    }

    @Test func baseNames() {
        #expect(CLDRPluralRules.baseName("zh-hant-tw") == "zh_Hant_TW")
        #expect(CLDRPluralRules.baseName("en-US-u-nu-arab") == "en_US")
        #expect(CLDRPluralRules.baseName("de_DE@collation=phonebook") == "de_DE")
        #expect(CLDRPluralRules.baseName("en__POSIX") == "en__POSIX")
        #expect(CLDRPluralRules.baseName("es-419") == "es_419")
    }

    static let numbers: [Int64] = Array(0...130) + [200, 1000, 1001, 10_000, 100_000, 1_000_000, 2_000_000]
    static let decimals = ["0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.4", "5.1", "11.3", "0.01", "1.25", "1.11", "2.00"]

    /// For every locale ICU has (and a few BCP 47 spellings), the same categories and the same
    /// selection as ICU, cardinal and ordinal.
    @Test(arguments: [false, true])
    func everyAvailableLocaleAgreesWithICU(_ ordinal: Bool) throws {
        let ids =
            PluralData.shared.file.availableLocales
            + ["zh-Hant-TW", "pt-BR", "es-419", "sr-Latn", "en-US-u-nu-arab", "he", "iw", "nb_NO", "no", "und", "xx"]
        var problems: [String] = []
        for id in ids {
            let icu = try ICUKit.PluralRules.rules(localeID: id, kind: ordinal ? .ordinal : .cardinal)
            let mine = CLDRPluralRules.ruleSet(for: id, ordinal: ordinal)
            if icu.categories.map(\.keyword) != mine.categories.map(\.keyword) {
                problems.append("\(id): categories ICU \(icu.categories.map(\.keyword)), generated \(mine.categories.map(\.keyword))")
                continue
            }
            for n in Self.numbers where icu.select(Double(n)).keyword != mine.select(PluralOperands(n)).keyword {
                problems.append("\(id) \(n): ICU \(icu.select(Double(n)).keyword), generated \(mine.select(PluralOperands(n)).keyword)")
            }
            if !ordinal {
                for d in Self.decimals {
                    let a = try icu.select(decimal: d).keyword, b = mine.select(PluralOperands(decimal: d)!).keyword
                    if a != b { problems.append("\(id) \(d): ICU \(a), generated \(b)") }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "; "))")
        #expect(ids.count > 700)
    }

    @Test func parents() {
        #expect(CLDRParentLocales.parent(of: "es_MX") == "es_419")
        #expect(CLDRParentLocales.parent(of: "es-MX") == "es_419")
        #expect(CLDRParentLocales.parent(of: "es_419") == "es")
        #expect(CLDRParentLocales.parent(of: "en_GB") == "en_001")
        #expect(CLDRParentLocales.parent(of: "en_001") == "en")
        #expect(CLDRParentLocales.parent(of: "en_US") == "en")
        #expect(CLDRParentLocales.parent(of: "en") == nil)
        #expect(CLDRParentLocales.parent(of: "zh_Hant") == nil)
        #expect(CLDRParentLocales.explicitParent(of: "zh_Hant") == "root")
        #expect(CLDRParentLocales.explicitParent(of: "en_US") == nil)
        #expect(CLDRParentLocales.parent(of: "zh_Hant_TW") == "zh_Hant")
        #expect(CLDRParentLocales.parent(of: "zh_Hant_MO") == "zh_Hant_HK")
        #expect(CLDRParentLocales.fallbackChain(of: "es_MX") == ["es_MX", "es_419", "es"])
        #expect(CLDRParentLocales.fallbackChain(of: "zh-Hant-MO") == ["zh_Hant_MO", "zh_Hant_HK", "zh_Hant"])
        #expect(CLDRParentLocales.fallbackChain(of: "pt_AO") == ["pt_AO", "pt_PT", "pt"])
        #expect(CLDRParentLocales.fallbackChain(of: "nn") == ["nn", "no"])
    }

    /// The generated table has every explicit parent of the dump.
    @Test func parentTableMatchesTheData() {
        for (child, parent) in PluralData.shared.file.parents {
            #expect(CLDRParentLocales.explicitParent(of: child) == parent, "\(child)")
        }
    }
}
#endif
