import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools
import TestSupport

// Translators' files as their tools write them (Tests/Fixtures/exchange, written by hand from
// the public formats): Xcode's .xcloc (XLIFF 1.2 with String Catalog variation units), a
// .stringsdict export, Crowdin's 4-form Russian PO, Angular's XLIFF 2 with inline codes, a
// Flutter ARB with keywords ICU never selects. Each imports into the bundled catalogs, and
// lint then finds nothing in the units it brought in.

let exchangeFixtures = Repository.fixture("exchange").path

private func fixture(_ name: String) throws -> (path: String, bytes: [UInt8]) {
    let path = exchangeFixtures + "/" + name
    if name.hasSuffix(".xcloc") { return try CatalogExchange.xclocXLIFF(path) }
    return (name, [UInt8](try #require(FileManager.default.contents(atPath: path))))
}

private func importing(_ name: String, format: ExchangeFormat, locale: String? = nil, skipInvalid: Bool = false) throws -> [CatalogExchange.ImportResult] {
    let (path, bytes) = try fixture(name)
    return try CatalogExchange.importFile(bytes, path: path, format: format, into: CatalogFolder.bundled, locale: locale, skipInvalid: skipInvalid)
}

/// The text of a unit after an import.
private func text(_ results: [CatalogExchange.ImportResult], _ id: String) throws -> String? {
    let catalog = try applying(results, to: CatalogFolder.bundled).catalog()
    let locale = try #require(results.first?.locale)
    return catalog.files[locale]?.units.first { $0.id == id }?.text
}

@Suite("Translators' files from every tool")
struct TranslatorFixtureTests {
    static let fixtures: [(name: String, format: ExchangeFormat, changed: [String])] = [
        (
            "es.xcloc", .xliff,
            ["retrieval.preview.body.minimal", "milestone.streak.title.gentle", "habit.reminder.daily.body.minimal", "action.mark_done.title"]
        ),
        ("stringsdict-es.xliff", .xliff, ["milestone.streak.title.gentle"]),
        ("crowdin-ru.po", .po, ["habit.reminder.daily.body.minimal", "action.mark_done.title"]),
        ("angular-es.xlf", .xliff, ["retrieval.preview.body.minimal", "habit.reminder.daily.title.minimal"]),
        ("app_en_GB.arb", .arb, ["milestone.streak.title.gentle", "action.mark_done.title"])
    ]

    /// Each fixture imports, and lint finds nothing in the units it brought in.
    @Test(arguments: fixtures.map(\.name))
    func importsAndLintsClean(_ name: String) throws {
        let f = try #require(Self.fixtures.first { $0.name == name })
        let results = try importing(f.name, format: f.format)
        #expect(Set(results.flatMap(\.changes).map(\.id)) == Set(f.changed))
        let after = applying(results, to: CatalogFolder.bundled)
        let report = CatalogLinter(options: LintOptions()).lint(after)
        let locales = Set(results.map(\.locale))
        let findings = report.findings.filter { finding in
            guard let unit = finding.unitID else { return false }
            return locales.contains { finding.file.hasSuffix("/\($0).json") || finding.file == "\($0).json" } && f.changed.contains(unit)
        }
        #expect(findings.map(\.description) == [])
    }

    @Test func xcodesXclocBecomesICU() throws {
        let results = try importing("es.xcloc", format: .xliff)
        #expect(try text(results, "retrieval.preview.body.minimal") == "Anotado el {recordedOn, date, long}: «{achievement}»")
        #expect(
            try text(results, "habit.reminder.daily.body.minimal")
                == "{hoursLeft, plural, one {Te queda # hora hoy.} many {Te quedan # de horas hoy.} other {Te quedan # horas hoy.}}")
        #expect(
            try text(results, "milestone.streak.title.gentle")
                == "{days, plural, one {# día} many {# de días} other {# días}} presente")
        // One plural case still needs review: the whole unit does.
        let r = try #require(results.first)
        #expect(r.changes.first { $0.id == "habit.reminder.daily.body.minimal" }?.needsReview == true)
        #expect(r.changes.first { $0.id == "retrieval.preview.body.minimal" }?.needsReview == false)
        // Translated from the current source (Xcode's source texts for Spanish-only cases aside).
        #expect(r.changes.allSatisfy { !$0.againstOlderSource }, "\(r.changes)")
        // The app's own strings (InfoPlist) are left aside, said once; a `new` target is no translation.
        #expect(r.warningLines.contains { $0.contains("InfoPlist.xcstrings") && $0.contains("left aside") }, "\(r.warningLines)")
        #expect(!r.changes.contains { $0.id == "retrieval.preview.title.minimal" })
    }

    @Test func aStringsdictExportBecomesICU() throws {
        let results = try importing("stringsdict-es.xliff", format: .xliff)
        #expect(
            try text(results, "milestone.streak.title.gentle")
                == "{days, plural, one {# día} many {# de días} other {# días}} de constancia firme")
        #expect(results.first?.changes.first?.againstOlderSource == false)
    }

    @Test func crowdinsRussianMapsItsFourthFormToOther() throws {
        let results = try importing("crowdin-ru.po", format: .po)
        #expect(
            try text(results, "habit.reminder.daily.body.minimal")
                == "{hoursLeft, plural, one {До конца дня остался # час.} few {До конца дня осталось # часа.} many {До конца дня осталось # часов.} other {До конца дня осталось # часа.}}"
        )
        #expect(results.first?.locale == "ru-RU")
    }

    @Test func angularsPlaceholdersBecomeArguments() throws {
        let results = try importing("angular-es.xlf", format: .xliff)
        #expect(try text(results, "retrieval.preview.body.minimal") == "Anotado el {recordedOn, date, long}: {achievement}")
        // The bold span keeps its text; never the code's name.
        #expect(try text(results, "habit.reminder.daily.title.minimal") == "«{habit}»: para hoy")
    }

    @Test func flutterKeywordsICUNeverSelectsBecomeExactNumbers() throws {
        let results = try importing("app_en_GB.arb", format: .arb)
        #expect(try text(results, "milestone.streak.title.gentle") == "{days, plural, one {# day} =2 {A couple of days} other {# days}} of showing up")
    }

    /// Our own XLIFF 1.2 export, imported back, changes nothing; an edit lands.
    @Test(arguments: ["es", "zh-Hans"])
    func xliff12RoundTrips(_ locale: String) throws {
        let export = try CatalogExchange.export(CatalogFolder.bundled, format: .xliff, locales: [locale], xliffVersion: "1.2")
        let text = String(decoding: export.bytes, as: UTF8.self)
        #expect(text.contains("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">"))
        #expect(text.contains("target-language=\"\(locale)\""))
        let results = try CatalogExchange.importFile(export.bytes, path: "x.xliff", format: .xliff, into: CatalogFolder.bundled, locale: nil)
        #expect(results.count == 1)
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty })
        #expect(results.first?.unchanged == export.units)
    }

    @Test func anEditedXLIFF12UnitLands() throws {
        let export = String(
            decoding: try CatalogExchange.export(CatalogFolder.bundled, format: .xliff, locales: ["es"], xliffVersion: "1.2").bytes, as: UTF8.self)
        let edited = export.replacingOccurrences(of: ExchangeTests.oldText, with: ExchangeTests.newText)
        let results = try CatalogExchange.importFile(Array(edited.utf8), path: "x.xliff", format: .xliff, into: CatalogFolder.bundled, locale: nil)
        #expect(results.first?.changes.map(\.id) == [ExchangeTests.editedID])
    }
}

@Suite("Every problem of a file, at its place, in one run")
struct TranslatorProblemTests {
    static func xliff12(_ body: String, file: String = "<file original=\"es.json\" source-language=\"en\" target-language=\"es\" datatype=\"plaintext\">")
        -> [UInt8]
    {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              \(file)
                <body>
            \(body)
                </body>
              </file>
            </xliff>

            """.utf8)
    }

    static func failure(_ bytes: [UInt8], path: String, format: ExchangeFormat, locale: String? = nil) throws -> [String] {
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(bytes, path: path, format: format, into: CatalogFolder.bundled, locale: locale)
        }
        return failure.lines
    }

    /// A missing target-language, a unit without an id and a bad code, in one run; the problems
    /// are values: file, line, column, unit id and message (msgtool prints them).
    @Test func xliff12ProblemsAreAllReportedAsValues() throws {
        let body = """
                  <trans-unit xml:space="preserve">
                    <source>Mark as Done</source>
                    <target state="translated">Hecho</target>
                  </trans-unit>
                  <trans-unit id="retrieval.preview.body.minimal" xml:space="preserve">
                    <source>Recorded</source>
                    <target state="translated">Anotado <x id="1" ctype="x-logo"/></target>
                  </trans-unit>
            """
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(
                Self.xliff12(body, file: "<file original=\"es.json\" source-language=\"en\" datatype=\"plaintext\">"),
                path: "x.xliff", format: .xliff, into: CatalogFolder.bundled, locale: "es")
        }
        #expect(
            failure.problems.map { [$0.file ?? "-", "\($0.line ?? 0)", "\($0.column ?? 0)", $0.unitID ?? "-"] } == [
                ["x.xliff", "3", "3", "-"], ["x.xliff", "5", "7", "-"], ["x.xliff", "11", "44", "retrieval.preview.body.minimal"]
            ])
        #expect(failure.problems[0].message.contains("has no target-language"))
        #expect(failure.problems[1].message.contains("a <trans-unit> without an id"))
        #expect(failure.problems[2].message.hasPrefix("the inline code <x id=\"1\"> (ctype=\"x-logo\") names no argument of 'retrieval.preview'"))
    }

    /// A String Catalog's unknown plural category is reported at its key, not at the localization.
    @Test func aNestedStringCatalogProblemIsAtItsKey() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "milestone.streak.title.gentle" : {
                  "localizations" : {
                    "es" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@days@ presente" },
                      "substitutions" : {
                        "days" : {
                          "argNum" : 1,
                          "formatSpecifier" : "lld",
                          "variations" : {
                            "plural" : {
                              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg día" } },
                              "several" : { "stringUnit" : { "state" : "translated", "value" : "%arg días" } },
                              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg días" } }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """
        let problems = try Self.failure(Array(text.utf8), path: "App.xcstrings", format: .xcstrings)
        #expect(
            problems == [
                "App.xcstrings:15:19: error: milestone.streak.title.gentle: (es) 'several' is not a plural category (zero, one, two, few, many, other): rename the case."
            ])
    }

    @Test func xliff2MissingTrgLangAndAUnitWithoutIDAreBothReported() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">
              <file id="f">
                <unit>
                  <segment state="translated"><source>Mark as Done</source><target>Hecho</target></segment>
                </unit>
              </file>
            </xliff>

            """
        let problems = try Self.failure(Array(text.utf8), path: "x.xlf", format: .xliff, locale: "es")
        #expect(problems.contains { $0.hasPrefix("x.xlf:2:") && $0.contains("no trgLang") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("x.xlf:4:") && $0.contains("a <unit> without an id") }, "\(problems)")
    }

    @Test func anInlineCodeThatNamesNoArgumentRefusesItsUnit() throws {
        let body = """
                  <trans-unit id="retrieval.preview.body.minimal" xml:space="preserve">
                    <source>Recorded <x id="1" equiv-text="{recordedOn}"/>: <ph id="2">%1$@</ph></source>
                    <target state="translated">Anotado el <x id="1" equiv-text="{recordedOn}"/>: <ph id="2">{logro}</ph></target>
                  </trans-unit>
                  <trans-unit id="action.mark_done.title" xml:space="preserve">
                    <source>Mark as Done</source>
                    <target state="translated"><g id="1" ctype="bold">Marcar</g> como hecho<x id="2" ctype="x-button"/></target>
                  </trans-unit>
            """
        let problems = try Self.failure(Self.xliff12(body), path: "x.xliff", format: .xliff)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems[0].hasPrefix("x.xliff:7:") && problems[0].contains("retrieval.preview.body.minimal: the inline code <ph id=\"2\">"))
        #expect(problems[0].contains("names no argument of 'retrieval.preview'"))
        #expect(problems[1].hasPrefix("x.xliff:11:") && problems[1].contains("action.mark_done.title: the inline code <x id=\"2\">"))
    }

    @Test func xliff12CodesThatNameArgumentsBecomeThem() throws {
        let body = """
                  <trans-unit id="retrieval.preview.body.minimal" xml:space="preserve">
                    <source>Recorded <x id="1" equiv-text="{recordedOn}"/>: <ph id="2">%1$@</ph></source>
                    <target state="translated">Anotado el <x id="1" equiv-text="{recordedOn}"/>: <ph id="2">%1$@</ph></target>
                  </trans-unit>
                  <trans-unit id="action.mark_done.title">
                    <source>Mark as Done</source>
                    <target state="translated">
                      <g id="1" ctype="bold">Marcar</g>   como
                      hecho</target>
                  </trans-unit>
            """
        let results = try CatalogExchange.importFile(Self.xliff12(body), path: "x.xliff", format: .xliff, into: CatalogFolder.bundled, locale: nil)
        let es = String(decoding: try #require(results.first?.bytes), as: UTF8.self)
        #expect(es.contains("\"minimal\": \"Anotado el {recordedOn, date, long}: {achievement}\""))
        // Without xml:space="preserve", white space is XML's default: runs become one space.
        #expect(es.contains("\"title\": \"Marcar como hecho\""))
    }

    static func po(
        _ forms: [String], nplurals: String = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ) -> [UInt8] {
        Array(
            """
            msgid ""
            msgstr ""
            "Language: ru\\n"
            "Plural-Forms: \(nplurals)\\n"

            #, fuzzy
            msgctxt "habit.reminder.daily.body.minimal"
            msgid "# hour left in the day."
            msgid_plural "# hours left in the day."
            \(forms.enumerated().map { "msgstr[\($0.offset)] \"\($0.element)\"" }.joined(separator: "\n"))

            """.utf8)
    }

    @Test func anEmptyPluralFormIsRefusedAtItsLine() throws {
        let problems = try Self.failure(Self.po(["# час", "# часа", ""]), path: "ru.po", format: .po)
        #expect(problems.count == 1)
        #expect(problems[0].hasPrefix("ru.po:12:12: error: habit.reminder.daily.body.minimal: msgstr[2] is empty"), "\(problems)")
        #expect(problems[0].contains("many"))
        // Skipped, with the reason, under --skip-invalid.
        let mixed = Array(
            (String(decoding: Self.po(["# час", "# часа", ""]), as: UTF8.self)
                + "\nmsgctxt \"action.mark_done.title\"\nmsgid \"Mark as Done\"\nmsgstr \"Готово\"\n").utf8)
        let r = try #require(
            try CatalogExchange.importFile(mixed, path: "ru.po", format: .po, into: CatalogFolder.bundled, locale: nil, skipInvalid: true).first)
        #expect(r.skippedLines.count == 1 && r.skippedLines[0].contains("msgstr[2] is empty"))
        #expect(r.changes.map(\.id) == ["action.mark_done.title"])
    }

    @Test func aFormPastNpluralsInAnEnglishFile() throws {
        var text = String(decoding: Self.po(["# hour", "# hours", "# hourz"], nplurals: "nplurals=2; plural=(n != 1);"), as: UTF8.self)
        text = text.replacingOccurrences(of: "Language: ru", with: "Language: en_GB")
        let problems = try Self.failure(Array(text.utf8), path: "en.po", format: .po)
        #expect(
            problems == [
                "en.po:12:12: error: habit.reminder.daily.body.minimal: msgstr[2] is past the header's nplurals=2 (forms msgstr[0] … msgstr[1]), so no number would ever show it: remove it, or fix the Plural-Forms header."
            ])
    }

    static func arb(_ message: String) -> [UInt8] {
        Array(
            """
            {
              "@@locale": "en_GB",
              "milestone.streak.title.gentle": "\(message)"
            }

            """.utf8)
    }

    @Test(arguments: [
        ("{days, plural, one {# day} other {# days} other {# dayz}} of showing up", 3, 79, "the case 'other' appears twice"),
        ("{days, plural, one {# day} few {# days} other {# days}} of showing up", 3, 64, "en_GB never selects the plural category 'few'"),
        (
            "{days, plural, one {# day} two {a \\\"pair\\\"} =2 {two days} other {# days}} of showing up", 3, 81,
            "the case '=2' appears twice in this plural (as 'two')"
        )
    ])
    func flutterKeywordProblemsAreRefusedAtTheirPlace(_ message: String, _ line: Int, _ column: Int, _ reason: String) throws {
        let problems = try Self.failure(Self.arb(message), path: "app_en_GB.arb", format: .arb)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("app_en_GB.arb:\(line):\(column): error: milestone.streak.title.gentle: \(reason)") == true, "\(problems)")
    }

    @Test func unusedGettextFormIsOtherOnlyWhereCLDRsOtherIsFractions() throws {
        // English: other holds integers, so a fourth form no number gets is an error.
        let rules = try GettextPlurals(header: "nplurals=3; plural=(n==1 ? 0 : 1);")
        #expect(throws: GettextPlurals.Problem.self) { try rules.mapping(locale: "en") }
        let ru = try GettextPlurals(
            header:
                "nplurals=4; plural=((n%10==1 && n%100!=11) ? 0 : ((n%10 >= 2 && n%10 <=4 && (n%100 < 12 || n%100 > 14)) ? 1 : ((n%10 == 0 || (n%10 >= 5 && n%10 <=9)) || (n%100 >= 11 && n%100 <= 14)) ? 2 : 3));"
        )
        let m = try ru.mapping(locale: "ru")
        #expect(m.categories.map(\.category) == ["one", "few", "many", "other"])
        #expect(m.categories.map(\.form) == [0, 1, 2, 3])
        #expect(m.exact.isEmpty)
    }
}
