import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// Resolution per part and per tone (a regional catalog holds only the tones it changes) and an
// app's own catalog layered over a base: rendering, load errors, lint and stats.

/// Spanish with no minimal title; Latin American Spanish with only a cheerful title.
let perToneFiles: [String: String] = [
    "en": fixtureSource,
    "es": """
    {"locale": "es", "messages": {
      "greeting": {"parts": {"title": {"cheerful": "¡Hola, {name}!", "gentle": "Hola, {name}"},
                             "body": ["{days, plural, one {# día} many {# de días} other {# días}} seguidos", "Día {days}"]}},
      "farewell": {"parts": {"title": "Adiós"}}
    }}
    """,
    "es-419": """
    {"locale": "es-419", "messages": {
      "greeting": {"parts": {"title": {"cheerful": "¡Qué onda, {name}!"}}}
    }}
    """
]

func folder(_ files: [String: String], directory: String) -> CatalogFolder {
    CatalogFolder(directory: directory, files: files.map { CatalogFolder.File(path: "\(directory)/\($0.key).json", bytes: Array($0.value.utf8)) })
}

@Suite("Per-tone fallback")
struct PerToneFallbackTests {
    func title(_ c: LocalizedCatalog, _ locale: String, _ tone: Tone) throws -> String {
        try ContentGenerator(catalog: c).render(key: "greeting", locale: locale, tone: tone, arguments: ["name": "Ana", "days": 2], variant: 0, timeZone: "UTC")
            .title ?? ""
    }

    @Test func aRegionalCatalogHoldsOnlyTheTonesItChanges() throws {
        let c = try catalog(perToneFiles)
        #expect(try title(c, "es-MX", .cheerful) == "¡Qué onda, Ana!")
        #expect(try title(c, "es-MX", .gentle) == "Hola, Ana")  // from es
        #expect(try c.resolveUnits(key: "greeting", part: "title", locale: "es-MX", tone: .gentle).locale == "es")
        #expect(
            try ContentGenerator(catalog: c).render(
                key: "greeting", locale: "es-MX", tone: .cheerful, arguments: ["name": "Ana", "days": 2],
                variant: 0, timeZone: "UTC"
            ).body == "2 días seguidos")  // part from es
    }

    /// A tone no catalog of the language has falls back within the language, never to English.
    @Test func theWalkNeverCrossesIntoAnotherLanguage() throws {
        let c = try catalog(perToneFiles)
        #expect(try title(c, "es-MX", .minimal) == "Hola, Ana")  // es's gentle, not "Hello"
        #expect(try title(c, "es", .minimal) == "Hola, Ana")
        #expect(try title(c, "fr", .minimal) == "Hello")  // no French: the source
    }

    @Test func lintReportsNothingMissingForTheRegionalCatalog() {
        let report = CatalogLinter().lint(folder(perToneFiles, directory: "/t"))
        let regional = report.findings.filter { $0.file.hasSuffix("es-419.json") }
        #expect(regional.isEmpty, "\(regional)")
        // The full translation still must have every tone.
        #expect(report.findings.contains { $0.file.hasSuffix("/es.json") && $0.rule == .missingTone && $0.unitID == "greeting.title.minimal" })
    }

    @Test func statsCountTheOtherTonesAsInherited() throws {
        let stats = CatalogStats(catalog: try catalog(perToneFiles))
        let regional = try #require(stats.locales.first { $0.locale == "es-419" })
        #expect(regional.total.translated == 1)  // greeting.title.cheerful
        #expect(regional.total.missing == 1)  // greeting.title.minimal: es lacks it too
        #expect(regional.total.inherited == regional.total.units - 2)
        #expect(regional.parent == "es")
    }
}

/// An app's folder: an override of one tone of a base message in English, and a message of its own.
let appFiles: [String: String] = [
    "en": """
    {"locale": "en", "messages": {
      "greeting": {"parts": {"title": {"minimal": "Hey"}}},
      "app.hello": {"description": "The app's own.", "arguments": {"n": {"type": "number", "example": 2}},
                    "parts": {"title": "{n, plural, one {# new} other {# new}}"}}
    }}
    """,
    "es": """
    {"locale": "es", "messages": {
      "app.hello": {"parts": {"title": "{n, plural, one {# nuevo} many {# de nuevos} other {# nuevos}}"}}
    }}
    """
]

@Suite("An app's catalog over a base")
struct AppCatalogTests {
    func layered(_ files: [String: String] = appFiles) throws(Diagnostic) -> LocalizedCatalog {
        try LocalizedCatalog(rawFiles: files.sorted { $0.key < $1.key }.map { ("/app/\($0.key).json", Array($0.value.utf8)) }, over: try catalog(perToneFiles))
    }

    @Test func overridesPerToneAndAddsMessages() throws {
        let g = ContentGenerator(catalog: try layered())
        func title(_ key: String, _ locale: String, _ tone: Tone, _ args: [String: MessageValue]) throws -> String? {
            try g.render(key: key, locale: locale, tone: tone, arguments: args, variant: 0, timeZone: "UTC").title
        }
        #expect(try title("greeting", "en", .minimal, ["name": "Ana", "days": 1]) == "Hey")
        #expect(try title("greeting", "en", .cheerful, ["name": "Ana", "days": 1]) == "Hi Ana!")  // the base's
        #expect(try title("greeting", "es-MX", .cheerful, ["name": "Ana", "days": 1]) == "¡Qué onda, Ana!")
        #expect(try title("app.hello", "es-MX", .gentle, ["n": 3]) == "3 nuevos")
        #expect(try title("app.hello", "zh-Hans", .gentle, ["n": 1]) == "1 new")
        #expect(g.keys == ["greeting", "farewell", "app.hello"])
        #expect(try #require(g.catalog.sourceMessage("greeting")).arguments.map(\.name) == ["name", "days"])
    }

    @Test(arguments: [
        (
            ["en": #"{"locale": "en", "messages": {"greeting": {"arguments": {"who": {"type": "string", "example": "x"}}, "parts": {"title": "Yo {who}"}}}}"#],
            "/app/en.json", "overrides a message of the base catalog, whose arguments are {name} (string), {days} (number)"
        ),
        (["en": #"{"locale": "en", "messages": {"app.x": {"parts": {"title": "X"}}}}"#], "/app/en.json", "is a new message"),
        (["es": #"{"locale": "es", "messages": {"app.y": {"parts": {"title": "Y"}}}}"#], "/app/es.json", "is a message of neither"),
        (
            ["es": #"{"locale": "es", "messages": {"greeting": {"parts": {"title": "Hola {nombre}"}}}}"#], "/app/es.json",
            "'{nombre}' is not an argument of 'greeting'"
        )
    ])
    func badLayersAreClearErrors(files: [String: String], file: String, message: String) {
        #expect {
            _ = try layered(files)
        } throws: { error in
            let e = error as? Diagnostic
            return e?.file == file && e?.message.contains(message) == true && (e?.line ?? 0) > 0
        }
    }

    @Test func lintChecksTheLayerAgainstTheMergedCatalog() {
        let base = folder(perToneFiles, directory: "/base")
        let clean = CatalogLinter().lint(folder(appFiles, directory: "/app").layered(over: base))
        #expect(clean.findings.filter { $0.severity == .error }.isEmpty, "\(clean.findings)")
        #expect(clean.files == ["/app/en.json", "/app/es.json"])
        // Without its Spanish file, the app's own message is missing in Spanish (not in es-419,
        // which falls back to es), and the override of a base message is not missing anywhere.
        let noSpanish = CatalogLinter().lint(folder(["en": appFiles["en"]!], directory: "/app").layered(over: base))
        #expect(noSpanish.findings.map(\.unitID) == ["app.hello"])
        #expect(noSpanish.findings.first?.rule == .missingTranslation)
        #expect(noSpanish.findings.first?.message.contains("not translated into es") == true)
    }

    @Test func statsSayWhatTheLayerOverridesAndAdds() throws {
        let stats = CatalogStats(catalog: try layered())
        #expect(
            stats.layer == [
                CatalogStats.LayerCounts(locale: "en", overridden: 1, added: 1),
                CatalogStats.LayerCounts(locale: "es", overridden: 0, added: 1)
            ])
        #expect(CatalogStats(catalog: try catalog(perToneFiles)).layer.isEmpty)
    }
}
