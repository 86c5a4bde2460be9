import ToolkitSupport
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// A locale may ship fewer variants than the source, down to one text per part and tone: a
// language starts with one sentence per message and tone. Lint accepts it and says how much it
// covers, stats counts the left-out variants apart from missing texts, and rendering and
// variant selection use the texts it has. The French here is the bundled French cut to its
// first text of every pool (and 12 affirmations), as a language reads when it starts.

@Suite("A locale with fewer variants than the source")
struct FewerVariantsTests {
    static let goal: [String: MessageValue] = ["steps": .int(10432), "goal": .int(10000), "bonus": .int(432)]

    /// The bundled `fr.json` with every pool cut to its first text and the affirmations to 12.
    static func shortFrench() throws -> CatalogFolder.File {
        let bundled = try #require(CatalogFolder.bundled.file(locale: "fr"))
        var root = try #require(try JSONSerialization.jsonObject(with: Data(bundled.bytes)) as? [String: Any])
        var messages = try #require(root["messages"] as? [String: Any])
        func cut(_ value: Any, keep: Int) -> Any {
            if let pool = value as? [Any] { return Array(pool.prefix(keep)) }
            if let tones = value as? [String: Any] { return tones.mapValues { cut($0, keep: keep) } }
            return value
        }
        for (key, message) in messages {
            guard var m = message as? [String: Any], let parts = m["parts"] as? [String: Any] else { continue }
            m["parts"] = parts.mapValues { cut($0, keep: key == "affirmation.pool" ? 12 : 1) }
            messages[key] = m
        }
        root["messages"] = messages
        let bytes = try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
        return CatalogFolder.File(path: "Resources/strings/fr.json", bytes: Array(bytes))
    }

    /// The bundled catalogs with the short French in place of the bundled one.
    static func folder() throws -> CatalogFolder {
        let others = CatalogFolder.bundled.files.filter { $0.locale != "fr" }
        return CatalogFolder(directory: nil, files: others + [try shortFrench()])
    }

    static func catalog() throws -> LocalizedCatalog {
        try LocalizedCatalog(rawFiles: try folder().files.map { ($0.path, $0.bytes) })
    }

    @Test("Every variant index of a six-variant message renders the one French text, in every tone")
    func rendersWhatItHas() throws {
        let generator = ContentGenerator(catalog: try Self.catalog())
        for tone in Tone.allCases {
            #expect(try generator.variantCount(key: "steps.goal", locale: "fr", tone: tone) == 1)
            let texts = try Set(
                (0..<6).map {
                    try generator.render(key: "steps.goal", locale: "fr-CA", tone: tone, arguments: Self.goal, variant: $0, timeZone: "UTC").parts["body"] ?? ""
                })
            #expect(texts.count == 1, "\(tone): \(texts)")
            #expect(texts.first?.contains("432") == true && texts.first?.contains("pas") == true, "\(tone): \(texts)")
        }
        let en = try generator.variantCount(key: "steps.goal", locale: "en", tone: .cheerful)
        #expect(en > 1)
    }

    @Test("Lint: no finding for the short French, and its coverage reported")
    func lintCoverage() throws {
        let report = CatalogLinter().lint(try Self.folder())
        #expect(!report.findings.contains { $0.file.hasSuffix("/fr.json") }, "\(report.findings.filter { $0.file.hasSuffix("/fr.json") })")
        let fr = try #require(report.coverage.first { $0.locale == "fr" })
        #expect(fr.shorterPools > 20 && fr.texts < fr.sourceTexts)
        #expect(fr.summary(sourceLocale: "en").hasPrefix("fr.json writes \(fr.texts) of \(fr.sourceTexts) texts"))
        #expect(!report.coverage.contains { ["es", "zh-Hans", "es-419", "en-GB"].contains($0.locale) })
    }

    @Test("A pool longer than the source's is still reported; a shorter one or one text is not")
    func lintShapes() {
        let en =
            #"{"locale": "en", "messages": {"m": {"description": "A message.", "arguments": {}, "parts": {"title": {"cheerful": ["A", "B", "C"], "gentle": ["D", "E", "F"], "minimal": ["G", "H", "I"]}}}}}"#
        func lint(_ fr: String) -> [LintFinding] {
            CatalogLinter().lint(
                CatalogFolder(directory: "/c", files: [.init(path: "/c/en.json", bytes: Array(en.utf8)), .init(path: "/c/fr.json", bytes: Array(fr.utf8))])
            )
            .findings.filter { $0.rule == .poolSize || $0.rule == .shape || $0.rule == .missingTone }
        }
        #expect(
            lint(#"{"locale": "fr", "messages": {"m": {"parts": {"title": {"cheerful": ["Un"], "gentle": "Deux", "minimal": ["Trois", "Quatre"]}}}}}"#).isEmpty)
        #expect(lint(#"{"locale": "fr", "messages": {"m": {"parts": {"title": "Un pour tous"}}}}"#).isEmpty)
        #expect(
            lint(#"{"locale": "fr", "messages": {"m": {"parts": {"title": {"cheerful": ["1", "2", "3", "4"], "gentle": "Deux", "minimal": "Trois"}}}}}"#).map(
                \.rule) == [.poolSize])
        #expect(lint(#"{"locale": "fr", "messages": {"m": {"parts": {"title": {"cheerful": "Un", "gentle": "Deux"}}}}}"#).map(\.rule) == [.missingTone])
    }

    @Test("stats: the variants the short French leaves out are not missing")
    func stats() throws {
        let stats = CatalogStats(catalog: try Self.catalog())
        let fr = try #require(stats.locales.first { $0.locale == "fr" })
        #expect(fr.total.missing == 0)
        #expect(fr.total.fewer > 0 && fr.total.translated + fr.total.fewer == fr.total.units)
        let es = try #require(stats.locales.first { $0.locale == "es" })
        #expect(es.total.fewer == 0)
    }
}
