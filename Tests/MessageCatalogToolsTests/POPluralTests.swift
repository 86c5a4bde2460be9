import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// gettext plural entries as Poedit and Weblate write them: msgid_plural, msgstr[N] and the
// header's Plural-Forms, mapped to CLDR categories by evaluating both rule sets.

@Suite("PO plural forms")
struct POPluralTests {
    static let folder = XCStringsTests.folder

    /// A PO file as Poedit saves it after translating (header fields in Poedit's order).
    static func po(language: String, pluralForms: String, forms: [String], fuzzy: Bool = false) -> String {
        """
        msgid ""
        msgstr ""
        "Project-Id-Version: notifications\\n"
        "Language: \(language)\\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: \(pluralForms)\\n"
        "X-Generator: Poedit 3.4\\n"

        #. Test.
        \(fuzzy ? "#, fuzzy\n" : "")msgctxt "m.whole"
        msgid "# day"
        msgid_plural "# days"
        \(forms.enumerated().map { "msgstr[\($0.offset)] \"\($0.element)\"" }.joined(separator: "\n"))

        """
    }

    static func imported(_ text: String) throws -> String? {
        let r = try CatalogExchange.importFile(Array(text.utf8), path: "t.po", format: .po, into: folder, locale: nil).first
        let json = try JSONSerialization.jsonObject(with: Data(try #require(r?.bytes))) as? [String: Any]
        return (((json?["messages"] as? [String: Any])?["m"] as? [String: Any])?["parts"] as? [String: Any])?["whole"] as? String
    }

    @Test(arguments: [
        // Poedit's Spanish (two forms): CLDR's many (1000000) reads gettext's second form.
        ("es", "nplurals=2; plural=(n != 1);", ["# día", "# días"], "{days, plural, one {# día} many {# días} other {# días}}"),
        // Weblate's Spanish from CLDR (three forms).
        (
            "es", "nplurals=3; plural=n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;", ["# jornada", "# de jornadas", "# jornadas"],
            "{days, plural, one {# jornada} many {# de jornadas} other {# jornadas}}"
        ),
        // Russian: CLDR's other holds only fractions; gettext's last form is the general one.
        (
            "ru_RU", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
            ["# день", "# дня", "# дней"], "{days, plural, one {# день} few {# дня} many {# дней} other {# дней}}"
        ),
        // Latvian: gettext gives 0 a form of its own; CLDR's zero also covers 10, 11–19, 20 …
        (
            "lv", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);", ["# diena", "# dienas", "nav dienu"],
            "{days, plural, =0 {nav dienu} zero {# dienas} one {# diena} other {# dienas}}"
        ),
        // Japanese: one form.
        ("ja", "nplurals=1; plural=0;", ["#日"], "{days, plural, other {#日}}")
    ])
    func pluralFormsBecomeCLDRCases(_ language: String, _ header: String, _ forms: [String], _ expected: String) throws {
        #expect(try Self.imported(Self.po(language: language, pluralForms: header, forms: forms)) == expected)
    }

    @Test func aFuzzyPluralNeedsReview() throws {
        let text = Self.po(language: "es", pluralForms: "nplurals=2; plural=(n != 1);", forms: ["# día", "# jornadas"], fuzzy: true)
        let r = try #require(try CatalogExchange.importFile(Array(text.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil).first)
        #expect(r.changes.first?.needsReview == true)
    }

    @Test func aHeaderThatDisagreesWithCLDRIsRefusedAtItsLine() throws {
        // Russian forms by a rule that forgets 12–14 (CLDR many) and 21, 31 … (CLDR one).
        let text = Self.po(language: "ru", pluralForms: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);", forms: ["# день", "# дня", "# дней"])
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(text.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil)
        }
        #expect(failure.lines.count == 1)
        #expect(failure.lines[0].hasPrefix("t.po:8:2: error: the Plural-Forms rule and CLDR's plural rules for ru disagree"), "\(failure.lines)")
        #expect(failure.lines[0].contains("n=12 (CLDR 'many') gets msgstr[1]"), "\(failure.lines)")
    }

    @Test func aMissingFormOrHeaderRefusesTheUnitAtItsLine() throws {
        let missing = Self.po(
            language: "ru", pluralForms: "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
            forms: ["# день", "# дня"])
        let f1 = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(missing.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil)
        }
        #expect(f1.lines == ["t.po:15:12: error: m.whole: msgstr[2] missing: the Plural-Forms header has 3 forms; write each."])
        let noHeader = Self.po(language: "es", pluralForms: "x", forms: ["# día", "# días"]).replacingOccurrences(of: "\"Plural-Forms: x\\n\"\n", with: "")
        let f2 = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(noHeader.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil)
        }
        #expect(f2.lines.first?.contains("m.whole: msgid_plural needs the header's Plural-Forms") == true, "\(f2.lines)")
    }

    @Test(arguments: [
        ("nplurals=2; plural=(n != 1", "expected ')'"), ("nplurals=2; plural=n ? 1;", "expected ':'"), ("nplurals=2; plural=n==1 ? 0 : 2;", "nplurals=2")
    ])
    func aBadExpressionIsNamed(_ header: String, _ message: String) throws {
        let text = Self.po(language: "es", pluralForms: header, forms: ["# día", "# días"])
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(text.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil)
        }
        #expect(failure.lines.first?.contains(message) == true, "\(failure.lines)")
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() throws {
        var bytes = Array(Self.po(language: "es", pluralForms: "nplurals=2; plural=(n != 1);", forms: ["# día", "# días"]).utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("# días".utf8)) })
        bytes.replaceSubrange((at + 3)...(at + 4), with: [0xFF])  // "í" (C3 AD) on the msgstr[1] line becomes one bad byte
        bytes.insert(0xC0, at: 3)  // and one on line 1
        let failure = try #require(throws: Diagnostic.self) { try CatalogExchange.importFile(bytes, path: "t.po", format: .po, into: Self.folder, locale: nil) }
        #expect(failure.lines.count == 2)
        #expect(failure.lines[0].hasPrefix("t.po:1:4: error: the file is not valid UTF-8 here (byte 0xC0"))
        #expect(failure.lines[1].hasPrefix("t.po:16:15: error: the file is not valid UTF-8 here (byte 0xFF"), "\(failure.lines)")
    }

    static let weblateSpanish = "nplurals=3; plural=n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;"

    @Test func classicGettextPluralsOnRequestRoundTrip() throws {
        let export = try CatalogExchange.export(Self.folder, format: .po, locales: ["es"], poPluralForms: Self.weblateSpanish)
        let text = String(decoding: export.bytes, as: UTF8.self)
        #expect(text.contains("\"Plural-Forms: \(Self.weblateSpanish)\\n\""))
        #expect(
            text.contains(
                """
                msgctxt "m.whole"
                msgid "%d day"
                msgid_plural "%d days"
                msgstr[0] "%d día"
                msgstr[1] "%d de días"
                msgstr[2] "%d días"
                """))
        let results = try CatalogExchange.importFile(export.bytes, path: "es.po", format: .po, into: Self.folder, locale: nil)
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty }, "\(results.flatMap(\.changes))")
    }

    @Test func whatTwoFormsCannotHoldStaysICU() throws {
        let export = try CatalogExchange.export(Self.folder, format: .po, locales: ["es"], poPluralForms: "nplurals=2; plural=(n != 1);")
        #expect(
            export.notes == [
                "m.whole: many, other share gettext form 1 but have different texts: kept in ICU form.",
                "m.exact: the source's case =0 has no gettext form here: kept in ICU form."
            ])
        #expect(String(decoding: export.bytes, as: UTF8.self).contains("msgstr \"{days, plural, one {# día} many {# de días} other {# días}}\""))
        let results = try CatalogExchange.importFile(export.bytes, path: "es.po", format: .po, into: Self.folder, locale: nil)
        #expect(results.allSatisfy { $0.bytes == nil })
    }

    @Test func anExactCaseFromTheHeaderIsAWarning() throws {
        // A two-form header for Russian: gettext makes 21 plural, CLDR singular; 1 stands alone.
        let text = Self.po(language: "ru", pluralForms: "nplurals=2; plural=(n != 1);", forms: ["# день", "# дней"])
        let r = try #require(try CatalogExchange.importFile(Array(text.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil).first)
        #expect(
            r.warningLines == [
                "t.po:8:2: warning: the Plural-Forms rule gives n=1 msgstr[0], apart from the rest of CLDR's 'one': imported as the exact case =1; check the header if that is not what the language wants."
            ])
        #expect(Self.text(r) == "{days, plural, =1 {# день} one {# дней} few {# дней} many {# дней} other {# дней}}")
    }

    static func text(_ r: CatalogExchange.ImportResult) -> String? {
        guard let bytes = r.bytes, let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        return (((json["messages"] as? [String: Any])?["m"] as? [String: Any])?["parts"] as? [String: Any])?["whole"] as? String
    }
}
