import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

/// Two texts whose unit ids are one string (message `settings` with part `general.footer`,
/// message `settings.general` with part `footer`): lint said nothing, an import landed in the
/// other message, stats counted wrong. The catalog now refuses them, naming both.
@Suite("Catalog: unit ids name one text")
struct UnitIDCollisionTests {
    static let en = """
        {
          "locale": "en",
          "messages": {
            "settings": { "description": "Settings.", "parts": { "general.footer": "First" } },
            "settings.general": { "description": "General settings.", "parts": { "footer": "Second" } }
          }
        }
        """

    @Test func lintReportsTheCollision() {
        let en = LintFixture.source.replacingOccurrences(
            of: #""button": {"#,
            with: """
                    "settings": { "description": "Settings.", "arguments": {}, "parts": { "general.footer": "First" } },
                    "settings.general": { "description": "General.", "arguments": {}, "parts": { "footer": "Second" } },
                    "button": {
                """)
        let errors = LintFixture.lint(en: en).findings.filter { $0.severity == .error && $0.message.contains("also names") }
        #expect(errors.count == 1, "\(LintFixture.lint(en: en).findings.map(\.description))")
        #expect(
            errors.first?.message.contains("'settings.general.footer' also names the text of message 'settings', part 'general.footer'") == true,
            "\(errors.map(\.description))")
        #expect(errors.first?.file == "/fixtures/en.json")
    }

    @Test func theCatalogDoesNotLoad() {
        #expect(throws: Diagnostic.self) { try LocalizedCatalog(rawFiles: [("t/en.json", Array(Self.en.utf8))]) }
    }

    /// A part named like a tone of another part of the same message (`body.gentle` beside
    /// `body` by tone), and a part named like a pool's variant.
    @Test func partsOfOneMessage() {
        let tones = #"{"locale": "en", "messages": {"m": {"description": "d", "parts": {"body": {"gentle": "A"}, "body.gentle": "B"}}}}"#
        let pool = #"{"locale": "en", "messages": {"m": {"description": "d", "parts": {"body": ["A", "B"], "body.1": "C"}}}}"#
        for file in [tones, pool] {
            #expect(throws: Diagnostic.self) { try LocalizedCatalog(rawFiles: [("t/en.json", Array(file.utf8))]) }
        }
    }

    /// Dotted keys and parts that do not collide stay fine.
    @Test func dottedNamesWithoutCollisionLoad() throws {
        let file =
            #"{"locale": "en", "messages": {"settings": {"description": "d", "parts": {"general.header": "A"}}, "settings.general": {"description": "d", "parts": {"footer": "B"}}}}"#
        _ = try LocalizedCatalog(rawFiles: [("t/en.json", Array(file.utf8))])
    }
}
