import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools
import ToolkitSupport

// The catalogs as translators and app developers meet them: the bundled content complete
// and renderable everywhere, CLDR fallback, clear errors for broken files, deterministic
// variants.

/// A catalog built from in-memory files named `<locale>.json` in a fake folder.
func catalog(_ files: [String: String]) throws(Diagnostic) -> LocalizedCatalog {
    try LocalizedCatalog(rawFiles: files.sorted { $0.key < $1.key }.map { ("/fixtures/\($0.key).json", Array($0.value.utf8)) })
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
    static let locales = ["en", "en-GB", "es", "es-419", "fr", "zh-Hans"]

    @Test func theBundledLocalesAreLoaded() throws {
        let c = try LocalizedCatalog.bundled()
        #expect(c.locales == Self.locales)
        #expect(c.sourceLocale == "en")
    }

    /// Every unit of the source (every message, part, tone and pool entry) exists in each
    /// translation: a translation keeps the source's shape.
    @Test(arguments: ["es", "zh-Hans"])
    func everyUnitIsTranslated(locale: String) throws {
        let c = try LocalizedCatalog.bundled()
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
        let c = try LocalizedCatalog.bundled()
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

    /// Latin-American Spanish holds only what differs from Spain's: every banner of es-419 and
    /// of its children (es-MX, es-AR, es-US) reads es-419's text or, where the two agree, es's —
    /// never English.
    @Test(arguments: ["es-419", "es-MX", "es-AR", "es-US"])
    func latinAmericanSpanishFallsBackToSpanishOnly(locale: String) throws {
        let c = try LocalizedCatalog.bundled()
        #expect(try c.fallbackChain(for: locale).prefix(2) == ["es-419", "es"])
        let banners = try CatalogPreview(catalog: c).banners(locales: [locale])
        #expect(Set(banners.map(\.key)) == Set(c.source.messages.map(\.key)))
        for b in banners { for p in b.parts { #expect(["es-419", "es"].contains(p.textLocale), "\(p.unitID) fell back to \(p.textLocale)") } }
        let regional = try #require(c.files["es-419"])
        #expect(regional.units.count < c.source.units.count / 2, "es-419 should hold only what differs from es")
    }

    /// The iOS vocabulary of each region: Spain's Ajustes and «mantener pulsado», Latin
    /// America's Configuración and «mantener presionado».
    @Test func eachSpanishUsesItsOwnIOSVocabulary() throws {
        let c = try LocalizedCatalog.bundled()
        func text(_ key: String, _ part: String, _ locale: String, _ tone: Tone? = nil) throws -> String {
            try c.format(key: key, part: part, locale: locale, tone: tone, variant: 0, arguments: [:], timeZone: "UTC")
        }
        #expect(try text("settings.permission.denied", "body", "es").contains("Ajustes"))
        #expect(try text("settings.permission.denied", "body", "es-MX").contains("Configuración"))
        #expect(try text("settings.permission.denied", "open_settings", "es-AR") == "Abrir Configuración")
        #expect(try text("interval.reminder", "body", "es-ES", .minimal).contains("pulsada"))
        #expect(try text("interval.reminder", "body", "es-MX", .minimal).contains("presionada"))
        #expect(try text("action.quick_add", "title", "es") == "Añadir logro")
        #expect(try text("action.quick_add", "title", "es-CO") == "Agregar logro")
    }

    /// The pool sizes of docs/content-brief.md: six variants per tone for the achievement reminder and the step
    /// counter's titles, sixty affirmations in each language.
    @Test(arguments: ["en", "es", "zh-Hans"])
    func poolSizes(locale: String) throws {
        let g = ContentGenerator(catalog: try LocalizedCatalog.bundled())
        for tone in Tone.allCases {
            // Six titles and six bodies, picked independently.
            for key in ["reminder.achievement", "steps.goal", "steps.halfway", "steps.workout", "steps.unlock"] {
                #expect(try g.variantCount(key: key, locale: locale, tone: tone) == 36, "\(key) \(tone)")
            }
        }
        let pool = try #require(try LocalizedCatalog.bundled().files[locale]?.message("affirmation.pool")?.units)
        #expect(pool.count >= 60)
        #expect(Set(pool.map(\.text)).count == pool.count, "an affirmation appears twice")
    }

    @Test func spanishPluralsUseOneManyAndOther() throws {
        let c = try LocalizedCatalog.bundled()
        func body(_ days: Int64) throws -> String {
            try c.format(
                key: "milestone.streak", part: "title", locale: "es", tone: .minimal, variant: 0,
                arguments: ["days": .int(days)], timeZone: "UTC")
        }
        #expect(try body(1).contains("1 día"))
        #expect(try body(2).contains("2 días"))
        #expect(try body(1_000_000).contains("1.000.000 de días"))
    }

    @Test func datesAndUnitsComeFromICU() throws {
        let c = try LocalizedCatalog.bundled()
        let g = ContentGenerator(catalog: c)
        let args: [String: MessageValue] = ["activity": "run", "duration": .int(4800), "distanceKm": .double(8.42)]
        for (locale, duration, distance) in [("en", "1 hr, 20 min", "8.4 km"), ("es", "1\u{A0}h y 20\u{A0}min", "8,4\u{A0}km"), ("zh-Hans", "1小时20分钟", "8.4公里")]
        {
            let body = try #require(try g.render(key: "steps.workout", locale: locale, tone: .minimal, arguments: args, variant: 0, timeZone: "UTC").body)
            #expect(body.contains(duration), "\(locale): \(body)")
            #expect(body.contains(distance), "\(locale): \(body)")
        }
        let day: [String: MessageValue] = ["day": .date(millis: 1_795_428_000_000), "affirmation": "·"]  // 2026-11-23T10:00:00Z, a Monday
        let weekdays = ["en": "Monday", "es": "lunes", "zh-Hans": "星期一"]
        for (locale, weekday) in weekdays {
            let rendered = try g.render(key: "affirmation.daily", locale: locale, tone: .gentle, arguments: day, variant: 0, timeZone: "UTC")
            #expect(rendered.parts.values.contains { $0.contains(weekday) }, "\(locale): \(rendered.parts)")
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
        "zh-Hant": #"{"locale": "zh-Hant", "messages": {"farewell": {"parts": {"title": "再見"}}}}"#
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
        ("en-GB", ["en"])
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
            #expect(throws: Diagnostic.self, "\(tag)") {
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
        let error = try #require(throws: Diagnostic.self) { try catalog(["en": fixtureSource, "es": es]) }
        #expect(error.file == "/fixtures/es.json")
        #expect(error.line == 6)
        #expect(error.unitID == "greeting.title.cheerful")
        // The column points inside the string, at or after the opening brace of `{name!`.
        let lineText = es.split(separator: "\n", omittingEmptySubsequences: false)[5]
        let brace = lineText.distance(from: lineText.startIndex, to: lineText.firstIndex(of: "{")!)  // the object's brace
        #expect((error.location.column ?? 0) > brace + 1)
        #expect(error.code == .invalidText)
        #expect(error.underlyingDiagnostic?.code == .syntax)
        #expect(error.rendered().hasPrefix("/fixtures/es.json:6:\(error.location.column ?? 0): error: greeting.title.cheerful: "))
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
        let error = try #require(throws: Diagnostic.self) { try catalog(["en": fixtureSource, "es": es]) }
        #expect(error.file == "/fixtures/es.json")
        #expect(error.line == 5)
        #expect(error.code == .invalidCatalog)
        #expect(error.rendered().hasPrefix("/fixtures/es.json:5:"))
    }

    @Test func undeclaredArgumentInATranslationIsRejected() throws {
        let es = #"{"locale": "es", "messages": {"farewell": {"parts": {"title": "Adiós, {nombre}"}}}}"#
        let error = try #require(throws: Diagnostic.self) { try catalog(["en": fixtureSource, "es": es]) }
        #expect(error.unitID == "farewell.title")
        #expect(error.message.contains("nombre"))
    }

    @Test func fileNameMustMatchItsLocale() throws {
        let error = try #require(throws: Diagnostic.self) {
            try catalog(["en": fixtureSource, "es": #"{"locale": "fr", "messages": {}}"#])
        }
        #expect(error.message.contains("es.json"))
    }

    @Test func aMissingSourceIsAnError() throws {
        #expect(throws: Diagnostic.self) { try catalog(["es": #"{"locale": "es", "messages": {}}"#]) }
    }
}

@Suite("Variants")
struct VariantTests {
    let generator: ContentGenerator

    init() throws { generator = ContentGenerator(catalog: try LocalizedCatalog.bundled()) }

    @Test func theSameSeedGivesTheSameContent() throws {
        let other = ContentGenerator(catalog: try LocalizedCatalog(rawFiles: BundledStrings.files))
        for seed in [UInt64(0), 1, 42, 20_261_123, .max] {
            let a = try (generator as any SeededRendering).seededRender(key: "reminder.achievement", locale: "es", tone: .cheerful, arguments: [:], seed: seed)
            let b = try (other as any SeededRendering).seededRender(key: "reminder.achievement", locale: "es", tone: .cheerful, arguments: [:], seed: seed)
            // What the deprecation message tells a caller to write instead gives the same text.
            let count = try generator.variantCount(key: "reminder.achievement", locale: "es", tone: .cheerful)
            let variant = Int(FNV1a.hash64("reminder.achievement", seed: seed) % UInt64(count))
            #expect(try generator.render(key: "reminder.achievement", locale: "es", tone: .cheerful, arguments: [:], variant: variant, timeZone: "UTC") == a)
            #expect(a == b)
            #expect(a.variant == Int(FNV1a.hash64("reminder.achievement", seed: seed) % 36))
        }
    }

    /// The hash is FNV-1a 64 over the seed's 8 little-endian bytes, then the key's UTF-8:
    /// pinned, so that a platform or toolchain change cannot reshuffle users' content.
    @Test func theStableHashIsPinned() {
        #expect(FNV1a.hash64("", seed: 0) == 0xa8c7_f832_281a_39c5)
        #expect(FNV1a.hash64("reminder.achievement", seed: 42) == FNV1a.hash64("reminder.achievement", seed: 42))
        #expect(FNV1a.hash64("a", seed: 1) != FNV1a.hash64("a", seed: 2))
    }

    @Test func seedsSpreadOverEveryVariant() throws {
        var seen = Set<Int>()
        for seed in UInt64(0)..<1000 {
            seen.insert(
                try (generator as any SeededRendering).seededRender(
                    key: "steps.goal", locale: "en", tone: .gentle,
                    arguments: ["steps": 10432, "goal": 10000, "bonus": 432], seed: seed
                ).variant)
        }
        #expect(seen == Set(0..<36))  // 6 titles × 6 bodies
    }

    @Test func anExplicitVariantPicksThatPoolEntry() throws {
        let pool = try #require(try LocalizedCatalog.bundled().source.message("reminder.achievement")?.part("title")?.units(for: .minimal))
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
        #expect(throws: Diagnostic.self) { _ = try p.banners(keys: ["nope"]) }
    }
}

/// A message is formatted in the language of its text: a locale without a catalog gets the
/// English text formatted as English (never "Happy lundi!"), and a locale whose language has a
/// catalog keeps its own region's conventions (es-MX groups digits with a comma, es with a dot).
@Suite("Text in the language it is formatted in")
struct FormattingLocaleTests {
    static let monday: MessageValue = .date(millis: 1_795_428_000_000)  // 2026-11-23T10:00:00Z

    func render(
        _ key: String, _ part: String, _ locale: String, _ tone: Tone, variant: Int = 0,
        _ arguments: [String: MessageValue]
    ) throws -> String {
        try LocalizedCatalog.bundled().format(
            key: key, part: part, locale: locale, tone: tone, variant: variant,
            arguments: arguments, timeZone: "UTC")
    }

    @Test(arguments: ["it", "de", "th", "zh-TW", "it-CH", "de-u-nu-latn"])
    func englishFallbackTextIsFormattedAsEnglish(locale: String) throws {
        let c = try LocalizedCatalog.bundled()
        #expect(c.formattingLocale(textLocale: "en", requested: locale) == "en")
        #expect(try render("affirmation.daily", "title", locale, .cheerful, ["day": Self.monday, "affirmation": "·"]) == "Happy Monday!")
        #expect(try render("affirmation.daily", "title", locale, .gentle, ["day": Self.monday, "affirmation": "·"]) == "Your Monday affirmation")
        let steps = try render("steps.goal", "title", locale, .minimal, variant: 4, ["steps": .int(10432), "goal": .int(10000), "bonus": .int(432)])
        #expect(steps == "10,000-step goal reached")
        let workout = try render("steps.workout", "body", locale, .minimal, ["activity": "run", "duration": .int(4800), "distanceKm": .double(8.42)])
        #expect(workout.hasPrefix("8.4 km in 1 hr, 20 min"), "\(workout)")
    }

    /// es-MX reads Spanish text (es-419's or es's) with Mexico's conventions; Spain's file with Spain's.
    @Test func sameLanguageKeepsTheRequestedRegion() throws {
        let c = try LocalizedCatalog.bundled()
        let args: [String: MessageValue] = ["steps": .int(10432), "goal": .int(10000), "bonus": .int(432)]
        let chain = try c.fallbackChain(for: "es-MX")
        #expect(chain.last == "en" && chain.contains("es"))
        for tag in chain where tag != "en" { #expect(c.formattingLocale(textLocale: tag, requested: "es-MX") == "es-MX") }
        #expect(c.formattingLocale(textLocale: "en", requested: "es-MX") == "en")
        #expect(c.formattingLocale(textLocale: "en", requested: "en-GB") == "en-GB")
        #expect(c.formattingLocale(textLocale: "zh-Hans", requested: "zh-Hans-SG") == "zh-Hans-SG")
        let mx = try render("steps.goal", "title", "es-MX", .minimal, variant: 4, args)
        let es = try render("steps.goal", "title", "es", .minimal, variant: 4, args)
        #expect(mx == "Meta de 10,000 pasos alcanzada", "\(mx)")
        #expect(es == "Objetivo de 10.000 pasos alcanzado", "\(es)")
    }

    /// The preview shows the same: no banner for a catalog-less locale mixes languages.
    @Test(arguments: ["it", "de", "th", "zh-TW"])
    func previewNeverMixesLanguages(locale: String) throws {
        let banners = try CatalogPreview(catalog: try LocalizedCatalog.bundled()).banners(
            keys: ["affirmation.daily", "steps.workout", "milestone.monthly"], locales: [locale])
        let foreign = ["lundi", "Montag", "วันจันทร์", "星期一", "octobre", "Oktober", "ตุลาคม", "十月", "Std.", "ชม."]
        for b in banners {
            for p in b.parts {
                #expect(p.textLocale == "en")
                for word in foreign { #expect(!p.text.contains(word), "\(p.unitID) for \(locale): \(p.text)") }
            }
        }
    }
}

@Suite("Independent variants")
struct IndependentPartTests {
    /// Every combination of title and body is reached exactly once, and consecutive variants
    /// change both parts.
    @Test(arguments: [[6, 6], [6, 1], [1, 6], [3, 4], [6, 6, 2]])
    func everyCombinationOnce(sizes: [Int]) {
        let total = sizes.reduce(1, *)
        let combos = (0..<total).map { ContentGenerator.partIndices(variant: $0, sizes: sizes) }
        #expect(Set(combos).count == total)
        for c in combos { for (i, x) in c.enumerated() { #expect(x >= 0 && x < sizes[i]) } }
        // Consecutive variants never keep the title, nor (with two pools of one size) the body.
        for v in 0..<(total - 1) where sizes[0] > 1 {
            #expect(combos[v][0] != combos[v + 1][0])
            if sizes.count == 2, sizes[0] == sizes[1] { #expect(combos[v][1] != combos[v + 1][1]) }
        }
        #expect(ContentGenerator.partIndices(variant: total, sizes: sizes) == combos[0])
        #expect(ContentGenerator.partIndices(variant: -1, sizes: sizes) == combos[total - 1])
    }

    /// Title and body are picked independently: the reminder's 36 renderings show all 6 × 6 pairs.
    @Test func reminderPairsEveryTitleWithEveryBody() throws {
        let g = ContentGenerator(catalog: try LocalizedCatalog.bundled())
        #expect(try g.variantCount(key: "reminder.achievement", locale: "en", tone: .minimal) == 36)
        var pairs = Set<[String]>()
        for v in 0..<36 {
            let r = try g.render(key: "reminder.achievement", locale: "en", tone: .minimal, arguments: [:], variant: v, timeZone: "UTC")
            pairs.insert([r.parts["title"] ?? "", r.parts["body"] ?? ""])
        }
        #expect(pairs.count == 36)
    }
}

/// Edge values (zero, one, large counts, long durations) read naturally in every language.
@Suite("Edge values")
struct EdgeValueTests {
    let g: ContentGenerator
    init() throws { g = ContentGenerator(catalog: try LocalizedCatalog.bundled()) }

    func all(_ key: String, _ locale: String, _ arguments: [String: MessageValue]) throws -> [String] {
        var out: [String] = []
        for tone in Tone.allCases {
            for v in 0..<(try g.variantCount(key: key, locale: locale, tone: tone)) {
                let r = try g.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: v, timeZone: "UTC")
                out += r.parts.values
            }
        }
        return out
    }

    @Test(arguments: ["en", "es", "es-MX", "zh-Hans"])
    func aWorkoutWithoutDistanceShowsOnlyItsDuration(locale: String) throws {
        for activity in ["run", "swim", "other"] {
            let texts = try all("steps.workout", locale, ["activity": .string(activity), "duration": .int(7200), "distanceKm": .int(0)])
            for t in texts {
                #expect(!t.contains("0.0") && !t.contains("0,0") && !t.contains("km") && !t.contains("公里"), "\(locale): \(t)")
                #expect(!t.contains(" 0 min") && !t.contains("0分钟"), "\(locale): \(t)")
            }
        }
    }

    @Test func intervalsOfWholeMinutesReadAsMinutes() throws {
        let expected = [("en", "5 minutes"), ("es", "5 minutos"), ("es-MX", "5 minutos"), ("zh-Hans", "5分钟")]
        for (locale, words) in expected {
            for t in try all("interval.reminder", locale, ["seconds": .int(300)]) where !t.contains("…") {
                #expect(!t.contains("300"), "\(locale): \(t)")
            }
            let label = try g.catalog.format(
                key: "interval.next", part: "label", locale: locale, tone: nil, variant: 0, arguments: ["seconds": .int(300)], timeZone: "UTC")
            #expect(label.contains(words), "\(locale): \(label)")
            if locale == "en" { #expect(label == "Next reminder in 5 minutes") }
            let seconds = try g.catalog.format(
                key: "interval.next", part: "label", locale: locale, tone: nil, variant: 0, arguments: ["seconds": .int(45)], timeZone: "UTC")
            #expect(seconds.contains("45"), "\(locale): \(seconds)")
        }
    }

    @Test func longHabitLeadTimesReadAsDays() throws {
        for (locale, words) in [("en", "2 days"), ("es", "2 días"), ("es-419", "2 días"), ("zh-Hans", "2天")] {
            for t in try all("habit.reminder.weekly", locale, ["habit": "Read 20 pages before bed", "hoursLeft": .int(48)]) where t != "" {
                #expect(!t.contains("48"), "\(locale): \(t)")
            }
            let body = try g.catalog.format(
                key: "habit.reminder.weekly", part: "body", locale: locale, tone: .minimal, variant: 0, arguments: ["hoursLeft": .int(48), "habit": "x"],
                timeZone: "UTC")
            #expect(body.contains(words), "\(locale): \(body)")
        }
    }

    /// The habit's name comes first in every title (after an opening quotation mark where the
    /// language quotes it), so a long name is not cut off.
    @Test(arguments: ["en", "es", "es-419", "zh-Hans"])
    func habitNamesComeFirstInTitles(locale: String) throws {
        for key in ["habit.reminder.daily", "habit.reminder.weekly"] {
            for tone in Tone.allCases {
                let title = try g.catalog.format(
                    key: key, part: "title", locale: locale, tone: tone, variant: 0,
                    arguments: ["habit": "Leer 20 páginas antes de dormir", "hoursLeft": .int(5)], timeZone: "UTC")
                let name = title.drop { $0 == "«" || $0 == "“" }
                #expect(name.hasPrefix("Leer 20 páginas antes de dormir"), "\(locale) \(tone): \(title)")
                #expect(title.count - name.count <= 1, "\(locale) \(tone): \(title)")
            }
        }
    }

    /// Chinese: no punctuation right after the user's own text; ordinals without digit grouping.
    @Test func chineseDefectsStayFixed() throws {
        let c = g.catalog
        for tone in Tone.allCases {
            let body = try c.format(
                key: "retrieval.preview", part: "body", locale: "zh-Hans", tone: tone, variant: 0,
                arguments: ["achievement": "跑完了人生第一个10公里！", "recordedOn": .date(millis: 1_778_751_000_000)], timeZone: "UTC")
            #expect(!body.contains("！”！") && !body.contains("！”。") && !body.contains("！”，"), "\(body)")
            // the ordinal, ungrouped, in the title; the body does not say it again
            let title = try c.format(
                key: "milestone.count", part: "title", locale: "zh-Hans", tone: tone, variant: 0, arguments: ["count": .int(1000)], timeZone: "UTC")
            #expect(title.contains("第1000个"), "\(title)")
            let countBody = try c.format(
                key: "milestone.count", part: "body", locale: "zh-Hans", tone: tone, variant: 0, arguments: ["count": .int(1000)], timeZone: "UTC")
            #expect(!countBody.contains("第1000个") && !countBody.contains("第1,000"), "\(countBody)")
        }
        let unlock = try all("steps.unlock", "zh-Hans", ["steps": .int(10432), "goal": .int(10000)])
        #expect(!unlock.contains { $0.contains("之前限制") })
        let pool = try #require(c.files["zh-Hans"]?.message("affirmation.pool")?.units)
        #expect(!pool.contains { $0.text.contains("喂养") })
    }

    /// No title is repeated word for word inside a body of the same tone.
    @Test(arguments: ["en", "es", "es-419", "zh-Hans"])
    func noBodyEchoesATitle(locale: String) throws {
        let c = g.catalog
        for key in ["reminder.achievement", "steps.goal", "steps.halfway", "steps.workout", "steps.unlock"] {
            for tone in Tone.allCases {
                let t = try c.resolveUnits(key: key, part: "title", locale: locale, tone: tone).units
                let b = try c.resolveUnits(key: key, part: "body", locale: locale, tone: tone).units
                for title in t.map(\.text) where !title.contains("{") {
                    let core = title.trimmingCharacters(in: CharacterSet(charactersIn: "!！?？¡¿ 🎉🔥🙌🔓💪🌟✨"))
                    for body in b.map(\.text) {
                        #expect(!body.localizedCaseInsensitiveContains(core), "\(locale) \(key) \(tone): “\(title)” / “\(body)”")
                    }
                }
            }
        }
    }
}

/// The deprecated render that picks the variant from a seed, reached through a protocol so that
/// its tests build without a deprecation warning for as long as it is kept.
private protocol SeededRendering {
    func seededRender(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], seed: UInt64) throws -> RenderedContent
}

extension ContentGenerator: SeededRendering {
    @available(*, deprecated, message: "tests the deprecated seed render")
    fileprivate func seededRender(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], seed: UInt64) throws -> RenderedContent {
        try render(key: key, locale: locale, tone: tone, arguments: arguments, seed: seed, timeZone: "UTC")
    }
}
