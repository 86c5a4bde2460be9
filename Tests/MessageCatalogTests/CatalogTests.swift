import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// The catalogs as translators and app developers meet them: the bundled content complete
// and renderable everywhere, CLDR fallback, clear errors for broken files, deterministic
// variants.

/// A catalog built from in-memory files named `<locale>.json` in a fake folder.
func catalog(_ files: [String: String]) throws(CatalogError) -> Catalog {
    try Catalog(rawFiles: files.sorted { $0.key < $1.key }.map { ("/fixtures/\($0.key).json", Array($0.value.utf8)) })
}

/// A small source catalog: a toned title, a pooled body, a plural.
let fixtureSource = """
{
  "locale": "en",
  "messages": {
    "greeting": {
      "description": "Says hello.",
      "arguments": { "name": { "type": "string", "example": "Ana" }, "days": { "type": "number", "example": 3 } },
      "parts": {
        "title": { "cheerful": "Hi {name}!", "gentle": "Hello, {name}", "minimal": "Hello" },
        "body": ["{days, plural, one {# day} other {# days}} in a row", "Day {days}"]
      }
    },
    "farewell": {
      "description": "Says goodbye.",
      "arguments": {},
      "parts": { "title": "Goodbye" }
    }
  }
}
"""

@Suite("Bundled catalogs")
struct BundledCatalogTests {
    static let locales = ["en", "es", "zh-Hans"]

    @Test func theThreeLocalesAreBundled() throws {
        let c = try Catalog.bundled()
        #expect(c.locales == Self.locales)
        #expect(c.sourceLocale == "en")
    }

    /// Every unit of the source (every message, part, tone and pool entry) exists in each
    /// translation: a translation keeps the source's shape.
    @Test(arguments: ["es", "zh-Hans"])
    func everyUnitIsTranslated(locale: String) throws {
        let c = try Catalog.bundled()
        let source = c.source.units.map(\.id)
        let translated = try #require(c.files[locale]).units.map(\.id)
        #expect(Set(source).subtracting(translated).sorted() == [], "missing in \(locale)")
        #expect(Set(translated).subtracting(source).sorted() == [], "only in \(locale)")
        #expect(source.count == translated.count)
    }

    /// Every message renders in every locale and tone, with the example arguments, every
    /// variant and a sample of every plural category — from its own catalog, never a fallback.
    @Test(arguments: ["en", "es", "zh-Hans"], Tone.allCases)
    func everyMessageRendersFromItsOwnCatalog(locale: String, tone: Tone) throws {
        let c = try Catalog.bundled()
        let banners = try CatalogPreview(catalog: c).banners(locales: [locale], tones: [tone])
        #expect(Set(banners.map(\.key)) == Set(c.source.messages.map(\.key)))
        for b in banners {
            for p in b.parts {
                #expect(p.textLocale == locale, "\(p.unitID) fell back to \(p.textLocale)")
                #expect(!p.text.trimmingCharacters(in: .whitespaces).isEmpty, "\(p.unitID) rendered empty")
                #expect(!p.text.contains("{") && !p.text.contains("}"), "\(p.unitID): \(p.text)")
            }
        }
    }

    /// The seeds' pool sizes: six variants per tone for the achievement reminder and the step
    /// counter's titles, sixty affirmations in each language.
    @Test(arguments: ["en", "es", "zh-Hans"])
    func poolSizes(locale: String) throws {
        let g = ContentGenerator(catalog: try Catalog.bundled())
        for tone in Tone.allCases {
            for key in ["reminder.achievement", "steps.goal", "steps.halfway", "steps.workout", "steps.unlock"] {
                #expect(try g.variantCount(key: key, locale: locale, tone: tone) == 6, "\(key) \(tone)")
            }
        }
        let pool = try #require(try Catalog.bundled().files[locale]?.message("affirmation.pool")?.units)
        #expect(pool.count >= 60)
        #expect(Set(pool.map(\.text)).count == pool.count, "an affirmation appears twice")
    }

    @Test func spanishPluralsUseOneManyAndOther() throws {
        let c = try Catalog.bundled()
        func body(_ days: Int64) throws -> String {
            try c.format(key: "milestone.streak", part: "title", locale: "es", tone: .minimal, variant: 0,
                         arguments: ["days": .int(days)], timeZone: "UTC")
        }
        #expect(try body(1).contains("1 día"))
        #expect(try body(2).contains("2 días"))
        #expect(try body(1_000_000).contains("1.000.000 de días"))
    }

    @Test func datesAndUnitsComeFromICU() throws {
        let c = try Catalog.bundled()
        let g = ContentGenerator(catalog: c)
        let args: [String: MessageValue] = ["activity": "run", "duration": .int(4800), "distanceKm": .double(8.42)]
        for (locale, duration, distance) in [("en", "1 hr, 20 min", "8.4 km"), ("es", "1 h y 20 min", "8,4 km"), ("zh-Hans", "1小时20分钟", "8.4公里")] {
            let body = try #require(try g.render(key: "steps.workout", locale: locale, tone: .minimal, arguments: args, variant: 0, timeZone: "UTC").body)
            #expect(body.contains(duration), "\(locale): \(body)")
            #expect(body.contains(distance), "\(locale): \(body)")
        }
        let day: [String: MessageValue] = ["day": .date(millis: 1_795_428_000_000), "affirmation": "·"] // 2026-11-23T10:00:00Z, a Monday
        let weekdays = ["en": "Monday", "es": "lunes", "zh-Hans": "星期一"]
        for (locale, weekday) in weekdays {
            let rendered = try g.render(key: "affirmation.daily", locale: locale, tone: .gentle, arguments: day, variant: 0, timeZone: "UTC")
            #expect(rendered.parts.values.contains { $0.contains(weekday) } , "\(locale): \(rendered.parts)")
        }
    }
}

@Suite("Catalog fallback")
struct FallbackTests {
    static let files: [String: String] = [
        "en": fixtureSource,
        "es": #"{"locale": "es", "messages": {"greeting": {"parts": {"title": {"cheerful": "¡Hola, {name}!", "gentle": "Hola, {name}", "minimal": "Hola"}}}}}"#,
        "es-419": #"{"locale": "es-419", "messages": {"farewell": {"parts": {"title": "Chau"}}}}"#,
        "zh-Hans": #"{"locale": "zh-Hans", "messages": {"farewell": {"parts": {"title": "再见"}}}}"#,
        "zh-Hant": #"{"locale": "zh-Hant", "messages": {"farewell": {"parts": {"title": "再見"}}}}"#,
    ]

    @Test(arguments: [
        ("es-MX", ["es-419", "es", "en"]),
        ("es-ES", ["es", "en"]),
        ("es", ["es", "en"]),
        ("zh-TW", ["zh-Hant", "en"]),
        ("zh-HK", ["zh-Hant", "en"]),
        ("zh-CN", ["zh-Hans", "en"]),
        ("zh-SG", ["zh-Hans", "en"]),
        ("zh", ["zh-Hans", "en"]),
        ("fr-CA", ["en"]),
        ("en-GB", ["en"]),
    ])
    func chains(locale: String, expected: [String]) throws {
        #expect(try catalog(Self.files).fallbackChain(for: locale) == expected)
    }

    @Test func traditionalChineseNeverFallsBackToSimplified() throws {
        var files = Self.files
        files["zh-Hant"] = nil
        let c = try catalog(files)
        #expect(try c.fallbackChain(for: "zh-TW") == ["en"])
        #expect(try c.format(key: "farewell", part: "title", locale: "zh-TW", tone: nil, variant: 0, arguments: [:], timeZone: "UTC") == "Goodbye")
    }

    @Test func unknownAndMalformedLocalesAreErrors() throws {
        let c = try catalog(Self.files)
        for tag in ["xx", "en_US!", "", "123"] {
            #expect(throws: MessageFormatError.self, "\(tag)") {
                try c.format(key: "farewell", part: "title", locale: tag, tone: nil, variant: 0, arguments: [:], timeZone: "UTC")
            }
        }
    }

    /// A message, or one part of it, missing in a translation comes from the next catalog of
    /// the chain, down to the source; what the translation has is used.
    @Test func missingTranslationsFallBackPartByPart() throws {
        let c = try catalog(Self.files)
        let args: [String: MessageValue] = ["name": "Ana", "days": .int(1)]
        #expect(try c.format(key: "greeting", part: "title", locale: "es-MX", tone: .cheerful, variant: 0, arguments: args, timeZone: "UTC") == "¡Hola, Ana!")
        #expect(try c.format(key: "greeting", part: "body", locale: "es-MX", tone: .cheerful, variant: 0, arguments: args, timeZone: "UTC") == "1 day in a row")
        #expect(try c.format(key: "farewell", part: "title", locale: "es-MX", tone: nil, variant: 0, arguments: [:], timeZone: "UTC") == "Chau")
        #expect(try c.format(key: "farewell", part: "title", locale: "es", tone: nil, variant: 0, arguments: [:], timeZone: "UTC") == "Goodbye")
        let preview = try CatalogPreview(catalog: c).banners(keys: ["greeting"], locales: ["es-MX"], tones: [.gentle])
        #expect(preview.first?.parts.map(\.textLocale) == ["es", "en"])
    }
}

@Suite("Catalog errors")
struct CatalogErrorTests {
    @Test func syntaxErrorNamesFileLineColumnAndUnit() throws {
        let es = """
        {
          "locale": "es",
          "messages": {
            "greeting": {
              "parts": {
                "title": { "cheerful": "¡Hola, {name!", "gentle": "Hola", "minimal": "Hola" }
              }
            }
          }
        }
        """
        let error = try #require(throws: CatalogError.self) { try catalog(["en": fixtureSource, "es": es]) }
        #expect(error.file == "/fixtures/es.json")
        #expect(error.line == 6)
        #expect(error.unitID == "greeting.title.cheerful")
        // The column points inside the string, at or after the opening brace of `{name!`.
        let lineText = es.split(separator: "\n", omittingEmptySubsequences: false)[5]
        let brace = lineText.distance(from: lineText.startIndex, to: lineText.firstIndex(of: "{")!) // the object's brace
        #expect(error.column > brace + 1)
        #expect(error.description.hasPrefix("/fixtures/es.json:6:\(error.column): error:"))
        #expect(error.description.contains("greeting.title.cheerful"))
    }

    @Test func invalidJSONNamesFileAndLine() throws {
        let es = """
        {
          "locale": "es",
          "messages": {
            "farewell": { "parts": { "title": "Adiós" } }
            "greeting": { "parts": { "title": "Hola" } }
          }
        }
        """
        let error = try #require(throws: CatalogError.self) { try catalog(["en": fixtureSource, "es": es]) }
        #expect(error.file == "/fixtures/es.json")
        #expect(error.line == 5)
        #expect(error.description.hasPrefix("/fixtures/es.json:5:"))
    }

    @Test func undeclaredArgumentInATranslationIsRejected() throws {
        let es = #"{"locale": "es", "messages": {"farewell": {"parts": {"title": "Adiós, {nombre}"}}}}"#
        let error = try #require(throws: CatalogError.self) { try catalog(["en": fixtureSource, "es": es]) }
        #expect(error.unitID == "farewell.title")
        #expect(error.message.contains("nombre"))
    }

    @Test func fileNameMustMatchItsLocale() throws {
        let error = try #require(throws: CatalogError.self) {
            try catalog(["en": fixtureSource, "es": #"{"locale": "fr", "messages": {}}"#])
        }
        #expect(error.message.contains("es.json"))
    }

    @Test func aMissingSourceIsAnError() throws {
        #expect(throws: CatalogError.self) { try catalog(["es": #"{"locale": "es", "messages": {}}"#]) }
    }
}

@Suite("Variants")
struct VariantTests {
    let generator: ContentGenerator

    init() throws { generator = ContentGenerator(catalog: try Catalog.bundled()) }

    @Test func theSameSeedGivesTheSameContent() throws {
        let other = ContentGenerator(catalog: try Catalog(rawFiles: BundledStrings.files))
        for seed in [UInt64(0), 1, 42, 20_261_123, .max] {
            let a = try generator.render(key: "reminder.achievement", locale: "es", tone: .cheerful, arguments: [:], seed: seed, timeZone: "UTC")
            let b = try other.render(key: "reminder.achievement", locale: "es", tone: .cheerful, arguments: [:], seed: seed, timeZone: "UTC")
            #expect(a == b)
            #expect(a.variant == Int(StableHash.fnv1a64("reminder.achievement", seed: seed) % 6))
        }
    }

    /// The hash is FNV-1a 64 over the seed's 8 little-endian bytes, then the key's UTF-8:
    /// pinned, so that a platform or toolchain change cannot reshuffle users' content.
    @Test func theStableHashIsPinned() {
        #expect(StableHash.fnv1a64("") == 0xa8c7_f832_281a_39c5)
        #expect(StableHash.fnv1a64("reminder.achievement", seed: 42) == StableHash.fnv1a64("reminder.achievement", seed: 42))
        #expect(StableHash.fnv1a64("a", seed: 1) != StableHash.fnv1a64("a", seed: 2))
    }

    @Test func seedsSpreadOverEveryVariant() throws {
        var seen = Set<Int>()
        for seed in UInt64(0)..<200 {
            seen.insert(try generator.render(key: "steps.goal", locale: "en", tone: .gentle,
                                             arguments: ["steps": 10432, "goal": 10000, "bonus": 432], seed: seed, timeZone: "UTC").variant)
        }
        #expect(seen == Set(0..<6))
    }

    @Test func anExplicitVariantPicksThatPoolEntry() throws {
        let pool = try #require(try Catalog.bundled().source.message("reminder.achievement")?.part("title")?.units(for: .minimal))
        for (i, unit) in pool.enumerated() {
            let r = try generator.render(key: "reminder.achievement", locale: "en", tone: .minimal, arguments: [:], variant: i, timeZone: "UTC")
            #expect(r.title == unit.text)
        }
    }
}

@Suite("Preview samples")
struct PreviewSampleTests {
    @Test func oneSamplePerCategoryAndExplicitCase() throws {
        let p = CatalogPreview(catalog: try catalog(["en": fixtureSource]))
        let en = try p.pluralSamples(of: "{n, plural, =0 {none} one {# item} other {# items}}", locale: "en")
        #expect(en.map(\.selector) == ["=0", "one", "other"])
        #expect(en.map(\.value) == ["0", "1", "2"])
        let ru = try p.pluralSamples(of: "{n, plural, one {#} few {#} many {#} other {#}}", locale: "ru")
        #expect(ru.map(\.selector) == ["one", "few", "many", "other"])
        #expect(ru.map(\.value) == ["1", "2", "5", "1.5"])
        let es = try p.pluralSamples(of: "{n, plural, one {#} many {#} other {#}}", locale: "es")
        #expect(es.first { $0.selector == "many" }?.value == "1000000")
        let ordinal = try p.pluralSamples(of: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", locale: "en")
        #expect(ordinal.map(\.value) == ["1", "2", "3", "5"])
        #expect(ordinal.allSatisfy { $0.ordinal })
    }

    @Test func bannersShowVariantsAndSamples() throws {
        let p = CatalogPreview(catalog: try catalog(["en": fixtureSource]))
        let banners = try p.banners(keys: ["greeting"], tones: [.cheerful])
        // Variant 0 has the plural (example, one, other), variant 1 does not.
        #expect(banners.map(\.variant) == [0, 0, 0, 1])
        #expect(banners.map { $0.sample?.selector } == [nil, "one", "other", nil])
        #expect(banners[1].parts.map(\.text) == ["Hi Ana!", "1 day in a row"])
        #expect(banners[1].parts.map(\.showsSample) == [false, true])
        #expect(throws: MessageFormatError.self) { _ = try p.banners(keys: ["nope"]) }
    }
}
