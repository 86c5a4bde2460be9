import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// Hostile inputs of the second sweep at the library level: each recursive parser stops at a depth limit
// with an error naming it (never a stack overflow), and lint refuses the catalog text that
// would reach a terminal or generated code raw.

@Suite("Hostile input: depth limits of the translators' file readers")
struct DepthLimitTests {
    static let folder = XCStringsTests.folder

    /// Imports a PO file with the given Plural-Forms expression; returns the problems.
    static func poProblems(_ expression: String) -> [String] {
        let text = POPluralTests.po(language: "es", pluralForms: "nplurals=2; plural=\(expression);", forms: ["# día", "# días"])
        do {
            _ = try CatalogExchange.importFile(Array(text.utf8), path: "t.po", format: .po, into: folder, locale: nil)
            return []
        } catch {
            return error.problems.map { $0.rendered() }
        }
    }

    /// A 12.5 KB header (6,000 nested parentheses), 100,000 `!` and a long `+0`
    /// chain overflowed the stack: each is now an error on the header's line.
    @Test(arguments: [
        (String(repeating: "(", count: 6_000) + "n != 1" + String(repeating: ")", count: 6_000), "over the limit of 1000"),
        (String(repeating: "!", count: 100_000) + "(n != 1)", "over the limit of 1000"),
        ("n != 1" + String(repeating: "+0", count: 200_000), "over the limit of 1000"),
        (String(repeating: "(", count: 60) + "n != 1" + String(repeating: ")", count: 60), "nested more than 50 levels deep"),
        (String(repeating: "!", count: 52) + "(n != 1)", "nested more than 50 levels deep"),
        (String(repeating: "n==1 ? 0 : ", count: 60) + "1", "nested more than 50 levels deep")
    ])
    func deepPluralFormsAreErrors(expression: String, mention: String) {
        let problems = Self.poProblems(expression)
        #expect(
            problems.count == 1 && problems[0].hasPrefix("t.po:8:") && problems[0].contains("Plural-Forms") && problems[0].contains(mention),
            "\(problems.map { String($0.prefix(300)) })")
    }

    /// A chain of `+0` within the length limit still parses and evaluates (left-deep, no
    /// recursion problem at this size), and real rules nest well within the depth limit.
    @Test func longestAcceptedChainEvaluates() throws {
        let rules = try GettextPlurals(header: "nplurals=2; plural=(n != 1)" + String(repeating: "+0", count: 480) + ";")
        #expect(rules.index(1) == 0 && rules.index(5) == 1)
        let nested = try GettextPlurals(header: "nplurals=2; plural=" + String(repeating: "(", count: 49) + "n != 1" + String(repeating: ")", count: 49) + ";")
        #expect(nested.index(1) == 0)
    }

    /// `export --po-plural-forms` reads the same expression: refused, not a crash.
    @Test func exportRefusesADeepHeader() {
        #expect(throws: GettextPlurals.Problem.self) {
            _ = try GettextPlurals(header: "nplurals=2; plural=" + String(repeating: "(", count: 6_000) + "n" + String(repeating: ")", count: 6_000) + ";")
        }
    }

    /// XLIFF nested deeper than 64 elements stops with an error at its place.
    @Test func deepXLIFFIsAnError() throws {
        let export = try CatalogExchange.export(CatalogFolder.bundled, format: .xliff, locales: ["es"]).bytes
        var text = String(decoding: export, as: UTF8.self)
        let depth = 5_000
        let open = "<target xml:space=\"preserve\">"
        text = text.replacingOccurrences(of: open, with: open + String(repeating: "<pc id=\"1\">", count: depth), options: [], range: text.range(of: open))
        text = text.replacingOccurrences(
            of: "</target>", with: String(repeating: "</pc>", count: depth) + "</target>", options: [], range: text.range(of: "</target>"))
        #expect {
            _ = try CatalogExchange.importFile(Array(text.utf8), path: "t.xliff", format: .xliff, into: CatalogFolder.bundled, locale: nil)
        } throws: { error in
            let problems = (error as? Diagnostic)?.problems.map { $0.rendered() } ?? []
            return problems.contains { $0.hasPrefix("t.xliff:") && $0.contains("nested more than 64 levels deep") }
        }
    }

    /// A String Catalog with more locales than CLDR has is refused (and reading it is linear
    /// in its locales).
    @Test func tooManyLocalesInAStringCatalog() throws {
        let localization = #"{"stringUnit": {"state": "translated", "value": "x"}}"#
        let locales = (0..<1_001).map { "\"x\($0)\": \(localization)" }.joined(separator: ", ")
        let export = try CatalogExchange.export(CatalogFolder.bundled, format: .xcstrings, locales: ["es"])
        let strings = try #require((try JSONSerialization.jsonObject(with: Data(export.bytes)) as? [String: Any])?["strings"] as? [String: Any])
        let id = try #require(strings.keys.sorted().first)
        let text = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"\#(id)": {"localizations": {\#(locales)}}}}"#
        #expect {
            _ = try CatalogExchange.importFile(Array(text.utf8), path: "t.xcstrings", format: .xcstrings, into: CatalogFolder.bundled, locale: nil)
        } throws: { error in
            ((error as? Diagnostic)?.problems ?? []).contains { $0.message.contains("more than 1000 locales") }
        }
    }
}

@Suite("Hostile input: lint refuses control characters and unnameable names")
struct HostileLintTests {
    /// An injection in a description passed lint ("No problems"); now it is an
    /// error at the carriage return's own line and column.
    @Test func carriageReturnInADescriptionIsAnError() {
        let description = #"Shown daily.\rstatic func demo() { print(\"PAYLOAD RAN\") }\r@_disfavoredOverload\r//"#
        let en = LintFixture.source.replacingOccurrences(of: "Sent when the user keeps a streak.", with: description)
        let report = LintFixture.lint(en: en)
        let found = report.findings.filter { $0.rule == .controlCharacter }
        let at = LintFixture.position(of: #"\rstatic"#, in: en)
        #expect(found.map(\.severity) == [.error], "\(report.findings.map(\.description))")
        #expect(found.first?.line == at.line && found.first?.column == at.column, "\(found.map(\.description))")
        #expect(found.first?.message.contains("a carriage return (U+000D)") == true)
    }

    /// Every control character but tab and line feed, and U+2028/2029, in a translation.
    @Test(arguments: [#"\u001B[31m"#, #"\u0000"#, #"\r\n"#, #"\u0085"#, "\u{2028}", "\u{2029}", #"\u007F"#, #"\b"#, #"\f"#])
    func controlCharacterInATranslation(_ escaped: String) {
        let es = LintFixture.file("es", LintFixture.es).replacingOccurrences(of: "Abrir", with: "Abrir" + escaped)
        let found = LintFixture.lint(es: es).findings.filter { $0.rule == .controlCharacter }
        #expect(found.count == 1 && found[0].file == "/fixtures/es.json" && found[0].severity == .error, "\(found.map(\.description))")
        if let f = found.first {
            let at = LintFixture.position(of: "Abrir" + escaped, in: es)
            #expect((f.line, f.column) == (at.line, at.column + 5))
        }
    }

    /// Tabs and line feeds stay allowed.
    @Test func tabAndLineFeedAreFine() {
        let es = LintFixture.file("es", LintFixture.es).replacingOccurrences(of: "Abrir", with: #"Abrir\t\n"#)
        #expect(LintFixture.lint(es: es).findings.filter { $0.rule == .controlCharacter }.isEmpty)
    }

    /// Names typed accessors cannot take: an argument `_`, a select value `""`, a part `-`.
    @Test func unnameableNamesAreErrors() {
        let en = LintFixture.source
            .replacingOccurrences(of: #""arguments": {},"#, with: #""arguments": {"_": {"type": "string", "example": "x", "values": ["", "ok"]}},"#)
            .replacingOccurrences(of: #""parts": { "title": "Open" }"#, with: #""parts": { "title": "Open {_}", "-": "x" }"#)
        let found = LintFixture.lint(en: en).findings.filter { $0.rule == .swiftName }
        #expect(found.count == 3, "\(found.map(\.description))")
        #expect(found.contains { $0.message.contains("argument name \"_\"") })
        #expect(found.contains { $0.message.contains("select value \"\"") })
        #expect(found.contains { $0.message.contains("part name \"-\"") })
    }
}
