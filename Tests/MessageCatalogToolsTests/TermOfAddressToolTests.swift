import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

/// Lint's `term-of-address` rule, the preview of texts that vary by the term, and the texts'
/// round trip through every exchange format.
@Suite("Term of address: lint, preview, export and import")
struct TermOfAddressToolTests {
    /// The source: one message, a title and a body with a plural.
    static let en =
        #"{"locale": "en", "messages": {"goal": {"description": "Sent when the step goal is reached.", "#
        + #""arguments": {"steps": {"type": "number", "example": 10432}}, "#
        + #""parts": {"title": "You did it!", "body": "{steps, plural, one {# step} other {# steps}}. Way to go!"}}}}"#

    static func es(title: String, body: String = "{steps, plural, one {# paso} many {# de pasos} other {# pasos}}. ¡Así se hace!") -> String {
        """
        {
          "locale": "es",
          "messages": {
            "goal": {
              "parts": {
                "title": "\(title)",
                "body": "\(body)"
              }
            }
          }
        }
        """
    }

    static func lint(_ es: String) -> [LintFinding] {
        let folder = CatalogFolder(directory: "/c", files: [.init(path: "/c/en.json", bytes: Array(en.utf8)), .init(path: "/c/es.json", bytes: Array(es.utf8))])
        return CatalogLinter().lint(folder).findings
    }

    static let good = "{termOfAddress, select, feminine {¡Lo has conseguido, campeona!} masculine {¡Lo has conseguido, campeón!} other {¡Lo has conseguido!}}"

    @Test("A select on the term with feminine, masculine and other lints clean")
    func cleanSelect() {
        let findings = Self.lint(Self.es(title: Self.good))
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test(
        "Findings at the keyword or argument, with the fix",
        arguments: [
            // (title, rule, where in the title the finding points, words of the message)
            (
                "{termOfAddress, select, feminine {¡Bravo, campeona!} masculine {¡Bravo, campeón!}}", "term-of-address", "{termOfAddress",
                "has no neutral text: add other {…}"
            ),
            (
                "{termOfAddress, select, feminine {¡Bravo, campeona!} neutral {¡Bravo!} other {¡Bravo!}}", "term-of-address", "neutral",
                "'neutral' is not a term of address (feminine, masculine, other): the neutral text is the other case"
            ),
            ("{termOfAddress, select, female {¡Bravo, campeona!} other {¡Bravo!}}", "term-of-address", "female", "did you mean 'feminine'?"),
            ("¡Bravo, {termOfAddress}!", "term-of-address", "termOfAddress}", "can only select on"),
            ("{activity, select, run {¡Bravo!}}", "missing-other", "{activity", "has no 'other' case")
        ])
    func findings(title: String, rule: String, at spot: String, words: String) throws {
        let all = Self.lint(Self.es(title: title))
        let findings = all.filter { $0.rule.rawValue == rule }
        let f = try #require(findings.first, "\(all)")
        #expect(findings.count == 1)
        #expect(f.severity == .error)
        #expect(f.file == "/c/es.json")
        // The title is on line 6, its text from column 19 (after `        "title": "`).
        #expect(f.line == 6)
        let offset = title.unicodeScalars.distance(from: title.unicodeScalars.startIndex, to: try #require(title.range(of: spot)).lowerBound)
        #expect(f.column == 19 + offset)
        #expect(f.unitID == "goal.title")
        #expect(f.message.contains(words), "\(f.message)")
        // Never reported as an undeclared argument: the renderer fills it.
        #expect(!all.contains { $0.rule == .unknownArgument })
    }

    @Test("Lint measures every term's rendering against the length budget")
    func lengthOfEachTerm() {
        let long = String(repeating: "campeonísima ", count: 3)
        let findings = Self.lint(Self.es(title: "{termOfAddress, select, feminine {¡Lo has conseguido, \(long)!} other {¡Lo has conseguido!}}"))
            .filter { $0.rule == .length }
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("termOfAddress=feminine") == true, "\(findings)")
    }

    @Test("The preview shows the neutral text, then a row per gendered term where the text varies")
    func preview() throws {
        let folder = CatalogFolder(
            directory: "/c",
            files: [
                .init(path: "/c/en.json", bytes: Array(Self.en.utf8)),
                .init(path: "/c/es.json", bytes: Array(Self.es(title: Self.good).utf8))
            ])
        let banners = try CatalogPreview(catalog: try folder.catalog()).banners(locales: ["es"])
        // The example and the plural samples are neutral; then one banner per gendered term.
        #expect(banners.compactMap(\.termOfAddress) == [.feminine, .masculine], "\(banners)")
        #expect(banners.filter { $0.termOfAddress == nil }.allSatisfy { $0.parts[0].text == "¡Lo has conseguido!" })
        let feminine = try #require(banners.first { $0.termOfAddress == .feminine })
        #expect(feminine.parts.map(\.showsSample) == [true, false])
        #expect(feminine.parts[0].text == "¡Lo has conseguido, campeona!")
        #expect(banners.last?.parts[0].text == "¡Lo has conseguido, campeón!")
        let onlyFeminine = try CatalogPreview(catalog: try folder.catalog()).banners(locales: ["es"], termOfAddress: .feminine)
        #expect(onlyFeminine.allSatisfy { $0.termOfAddress == .feminine })
        #expect(onlyFeminine.first?.parts.first?.text == "¡Lo has conseguido, campeona!")
    }

    @Test("A translator's edit of a feminine case comes back through every format as ICU text", arguments: ExchangeFormat.allCases)
    func roundTrip(format: ExchangeFormat) throws {
        let folder = CatalogFolder.bundled
        let exported = try CatalogExchange.export(folder, format: format, locales: ["es-419"])
        let export = String(decoding: exported.bytes, as: UTF8.self)
        if format == .xcstrings {
            // No String Catalog form for a select: the unit is left out, listed, and kept on import.
            #expect(!export.contains("campeona"))
            #expect(exported.notes.contains { $0.hasPrefix("steps.goal.title") && $0.contains("select") }, "\(exported.notes)")
            let results = try CatalogExchange.importFile(exported.bytes, path: "x", format: format, into: folder, locale: "es-419")
            #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty })
            return
        }
        #expect(export.contains("campeona"))
        let unchanged = try CatalogExchange.importFile(Array(export.utf8), path: "x", format: format, into: folder, locale: "es-419")
        #expect(unchanged.allSatisfy { $0.bytes == nil && $0.changes.isEmpty })
        let edited = export.replacingOccurrences(of: "campeona", with: "crack")
        let results = try CatalogExchange.importFile(Array(edited.utf8), path: "x", format: format, into: folder, locale: "es-419")
        let r = try #require(results.first)
        #expect(r.changes.map(\.id) == ["steps.goal.title.cheerful.1"])
        let catalog = try applying(results, to: folder).catalog()
        let content = ContentGenerator(catalog: catalog)
        let feminine = try content.render(
            key: "steps.goal", locale: "es-MX", tone: .cheerful, arguments: ["steps": .int(10_432), "goal": .int(10_000), "bonus": .int(432)],
            variant: 1, timeZone: "UTC", termOfAddress: .feminine)
        #expect(feminine.title == "¡Lo lograste, crack!")
        let neutral = try content.render(
            key: "steps.goal", locale: "es-MX", tone: .cheerful, arguments: ["steps": .int(10_432), "goal": .int(10_000), "bonus": .int(432)],
            variant: 1, timeZone: "UTC")
        #expect(neutral.title == "¡Lo lograste!")
    }
}
