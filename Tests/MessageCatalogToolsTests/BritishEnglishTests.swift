import ToolkitSupport
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// en-GB is a regional layer over the English source, as es-419 is over es: it holds only what
// British readers say differently, the rest is English's; lint keeps the shared English
// spelling-neutral or overridden there.

@Suite("British English: the en-GB layer and regional spelling")
struct BritishEnglishTests {
    static let args: [String: MessageValue] = ["steps": .int(5120), "remaining": .int(4880), "progress": .double(0.512)]

    @Test("British readers get the en-GB text where it differs, English elsewhere, and Americans keep theirs")
    func bundledLayer() throws {
        let c = try LocalizedCatalog.bundled()
        #expect(try c.fallbackChain(for: "en-GB") == ["en-GB", "en"])
        let gb = try c.format(key: "steps.halfway", part: "body", locale: "en-GB", tone: .cheerful, variant: 1, arguments: Self.args, timeZone: "UTC")
        let us = try c.format(key: "steps.halfway", part: "body", locale: "en-US", tone: .cheerful, variant: 1, arguments: Self.args, timeZone: "UTC")
        // words both read alike live in English (en-GB copies no pool), formatted for each
        #expect(gb == "You’re all warmed up, and today’s goal is 4,880 steps away.")
        #expect(us == gb)
        let footerGB = try c.format(key: "settings.affirmation", part: "footer", locale: "en-GB", tone: nil, variant: 0, arguments: [:], timeZone: "UTC")
        let footerUS = try c.format(key: "settings.affirmation", part: "footer", locale: "en-US", tone: nil, variant: 0, arguments: [:], timeZone: "UTC")
        #expect(footerGB == "A new affirmation every day at 10:00.")
        #expect(footerUS == "A new affirmation every day at 10:00 AM.")
        // a tone en-GB leaves out comes from English, formatted as British English
        let gentle = try c.format(key: "steps.halfway", part: "body", locale: "en-GB", tone: .gentle, variant: 0, arguments: Self.args, timeZone: "UTC")
        #expect(gentle.hasPrefix("You’ve taken 5,120 steps so far."), "\(gentle)")
        let date = try c.format(
            key: "retrieval.no_preview", part: "body", locale: "en-GB", tone: .minimal, variant: 0,
            arguments: ["recordedOn": .date(millis: 1_778_751_000_000)], timeZone: "UTC")
        #expect(date.contains("14 May 2026"), "\(date)")
    }

    @Test("Lint reads en-GB as a layer: nothing missing, and the bundled catalogs have no regional-spelling finding")
    func bundledLint() throws {
        let folder = try CatalogFolder.read(directory: PoolLintTests.bundledStrings)
        let findings = CatalogLinter().lint(folder).findings
        #expect(!findings.contains { $0.file.hasSuffix("en-GB.json") }, "\(findings.filter { $0.file.hasSuffix("en-GB.json") })")
        #expect(!findings.contains { $0.rule == .regionalSpelling }, "\(findings)")
    }

    static let source = """
        {
          "locale": "en",
          "messages": {
            "note": {
              "description": "A note.",
              "arguments": {},
              "parts": { "title": "Your favorite color", "body": "Come back anytime." }
            }
          }
        }
        """

    static func lint(_ gb: String?) -> [LintFinding] {
        var files: [CatalogFolder.File] = [.init(path: "/c/en.json", bytes: Array(Self.source.utf8))]
        if let gb { files.append(.init(path: "/c/en-GB.json", bytes: Array(gb.utf8))) }
        return CatalogLinter().lint(CatalogFolder(directory: "/c", files: files)).findings
    }

    @Test("American words in shared English that en-GB does not override are reported where they are")
    func notOverridden() throws {
        let findings = Self.lint(#"{"locale": "en-GB", "messages": {"note": {"parts": {"body": "Come back any time."}}}}"#).filter {
            $0.rule == .regionalSpelling
        }
        #expect(findings.map(\.unitID) == ["note.title", "note.title"], "\(findings)")
        let color = try #require(findings.first { $0.message.contains("“color”") })
        #expect(color.file == "/c/en.json" && color.line == 7)
        #expect(color.message.contains("“colour”") && color.message.contains("en-GB.json does not override note.title"), "\(color.message)")
        #expect(
            !Self.lint(#"{"locale": "en-GB", "messages": {"note": {"parts": {"body": "Come back any time."}}}}"#).contains { $0.rule == .missingTranslation })
    }

    @Test("Overridden in en-GB with British words: clean; an American word in en-GB itself is reported")
    func overridden() {
        let clean = Self.lint(#"{"locale": "en-GB", "messages": {"note": {"parts": {"title": "Your favourite colour", "body": "Come back any time."}}}}"#)
        #expect(clean.filter { $0.rule == .regionalSpelling }.isEmpty, "\(clean)")
        let american = Self.lint(#"{"locale": "en-GB", "messages": {"note": {"parts": {"title": "Your favorite colour", "body": "Come back any time."}}}}"#)
            .filter { $0.rule == .regionalSpelling }
        #expect(american.count == 1 && american[0].file == "/c/en-GB.json" && american[0].message.contains("“favourite”"), "\(american)")
    }

    @Test("Without an en-GB catalog the rule is silent: there is no British text to keep apart")
    func noBritishCatalog() {
        #expect(Self.lint(nil).filter { $0.rule == .regionalSpelling }.isEmpty)
    }

    @Test("stats counts what en-GB leaves to English as inherited, not missing")
    func stats() throws {
        let stats = CatalogStats(catalog: try LocalizedCatalog.bundled())
        let gb = try #require(stats.locales.first { $0.locale == "en-GB" })
        #expect(gb.parent == "en")
        #expect(gb.total.missing == 0)
        #expect(gb.total.translated > 0 && gb.total.inherited == gb.total.units - gb.total.translated)
    }
}
