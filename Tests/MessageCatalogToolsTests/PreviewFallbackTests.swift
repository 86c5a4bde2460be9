import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// The preview names every fallback (a part from another locale's catalog, or another tone's
// text), and renders each text with the examples of its own language.

@Suite("Preview: fallbacks and examples per language")
struct PreviewFallbackTests {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "habit": {
              "description": "Test.",
              "arguments": {
                "habit": { "type": "string", "example": "Drink water", "examples": { "fr": "Boire de l’eau", "es": "Beber agua" } },
                "days": { "type": "number", "example": 7 }
              },
              "parts": {
                "title": { "cheerful": "Time for {habit}!", "gentle": "A moment for {habit}", "minimal": "{habit}" },
                "body": "{days, plural, one {# day} other {# days}} in a row"
              }
            }
          }
        }
        """
    static let fr = """
        {
          "locale": "fr",
          "messages": {
            "habit": {
              "parts": {
                "title": { "gentle": "Un moment pour {habit}" }
              }
            }
          }
        }
        """
    static let folder = CatalogFolder(
        directory: "/x", files: [.init(path: "/x/en.json", bytes: Array(source.utf8)), .init(path: "/x/fr.json", bytes: Array(fr.utf8))])

    static func banner(_ locale: String, _ tone: Tone) throws -> CatalogPreview.Banner {
        let preview = CatalogPreview(catalog: try folder.catalog())
        return try #require(try preview.banners(keys: ["habit"], locales: [locale], tones: [tone]).first { $0.sample == nil })
    }

    @Test func aBannerWithAPartOfAnotherLocaleSaysSo() throws {
        let b = try Self.banner("fr", .gentle)
        #expect(b.parts.map(\.textLocale) == ["fr", "en"])
        #expect(b.fallbackParts.map(\.name) == ["body"])
        #expect(b.textLocales == ["fr", "en"])
    }

    @Test func aTextOfAnotherToneIsAFallback() throws {
        // fr has only the gentle title: its cheerful banner shows the gentle text.
        let b = try Self.banner("fr", .cheerful)
        let title = try #require(b.parts.first)
        #expect(title.textTone == .gentle)
        #expect(title.isToneFallback(of: .cheerful))
        #expect(b.fallbackParts.map(\.name) == ["title", "body"])
    }

    @Test func aBannerOfItsOwnTextsHasNoFallback() throws {
        #expect(try Self.banner("en", .gentle).fallbackParts.isEmpty)
    }

    @Test func eachTextTakesTheExamplesOfItsLanguage() throws {
        let fr = try Self.banner("fr", .gentle)
        #expect(fr.parts.first?.text == "Un moment pour Boire de l’eau")
        // The English fallback body keeps English examples; the English banner too.
        #expect(try Self.banner("en", .gentle).parts.first?.text == "A moment for Drink water")
    }

    @Test func examplesFallBackByDroppingSubtags() throws {
        let decl = try #require(try Self.folder.catalog().sourceMessage("habit")?.arguments.first)
        #expect(decl.example(for: "fr-CA") == .string("Boire de l’eau"))
        #expect(decl.example(for: "es-419") == .string("Beber agua"))
        #expect(decl.example(for: "de") == .string("Drink water"))
    }

    @Test(arguments: [
        (#""examples": {"fr": 3}"#, "The fr example of 'habit' does not match its type string."),
        (#""examples": {"français": "x"}"#, "\"français\" in the examples of 'habit' is not a language or locale tag"),
        (#""examples": ["x"]"#, "\"examples\" of 'habit' is an object: language or locale tag → an example in that language")
    ])
    func aBadExamplesFieldIsAFindingWithItsFix(_ field: String, _ message: String) throws {
        let bad = Self.source.replacingOccurrences(of: #""examples": { "fr": "Boire de l’eau", "es": "Beber agua" }"#, with: field)
        #expect(bad != Self.source)
        let folder = CatalogFolder(directory: "/x", files: [.init(path: "/x/en.json", bytes: Array(bad.utf8))])
        let report = CatalogLinter().lint(folder)
        #expect(report.findings.contains { $0.severity == .error && $0.message.contains(message) }, "\(report.findings.map(\.description))")
    }
}
