import ToolkitSupport
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// The bundled French as a French reader gets it: every pool as varied as the source's (six
// titles and six bodies, 60 affirmations), six openings per pool, and nothing glued after the
// user's own habit name.

@Suite("French catalog")
struct FrenchCatalogTests {
    static func generator() throws -> ContentGenerator { ContentGenerator(catalog: try LocalizedCatalog.bundled()) }

    static let pooled = ["reminder.achievement", "affirmation.daily", "steps.goal", "steps.halfway", "steps.workout", "steps.unlock"]

    static let arguments: [String: [String: MessageValue]] = [
        "reminder.achievement": [:],
        "affirmation.daily": ["day": .date(millis: 1_795_428_000_000), "affirmation": .string("Je suis là.")],
        "steps.goal": ["steps": .int(10432), "goal": .int(10000), "bonus": .int(432)],
        "steps.halfway": ["steps": .int(5120), "remaining": .int(4880), "progress": .double(0.512)],
        "steps.workout": ["activity": .string("run"), "duration": .int(4800), "distanceKm": .double(8.4)],
        "steps.unlock": ["steps": .int(10432), "goal": .int(10000)]
    ]

    @Test("Every pool holds as many texts as the source's, in every tone", arguments: pooled)
    func fullPools(key: String) throws {
        let generator = try Self.generator()
        for tone in Tone.allCases {
            let fr = try generator.poolSizes(key: key, locale: "fr", tone: tone)
            let en = try generator.poolSizes(key: key, locale: "en", tone: tone)
            #expect(fr == en, "\(key) \(tone): fr \(fr), en \(en)")
        }
    }

    @Test("Six variants of a pool read as six texts: no two open with the same two words", arguments: pooled)
    func sixOpenings(key: String) throws {
        let args = try #require(Self.arguments[key])
        let generator = try Self.generator()
        for tone in Tone.allCases {
            let sizes = try generator.poolSizes(key: key, locale: "fr", tone: tone)
            for (part, size) in zip(["title", "body"], sizes) where size > 1 {
                let openings = try (0..<size).map { i -> String in
                    let text = try generator.render(key: key, locale: "fr", tone: tone, arguments: args, variant: i, timeZone: "UTC").parts[part] ?? ""
                    return text.split(whereSeparator: { $0 == " " || $0 == "\u{202F}" || $0 == "\u{A0}" }).prefix(2).joined(separator: " ").lowercased()
                }
                #expect(Set(openings).count == size, "\(key).\(part) \(tone): \(openings)")
            }
        }
    }

    @Test("60 affirmations, all different")
    func affirmations() throws {
        let texts = try #require(BundledStrings.files.first { $0.path.hasSuffix("/fr.json") || $0.path == "fr.json" })
        let root = try #require(try JSONSerialization.jsonObject(with: Data(texts.bytes)) as? [String: Any])
        let messages = try #require(root["messages"] as? [String: Any])
        let pool = try #require(((messages["affirmation.pool"] as? [String: Any])?["parts"] as? [String: Any])?["text"] as? [String])
        #expect(pool.count == 60)
        #expect(Set(pool).count == 60)
        // first person, written around every word that would agree with the speaker
        for text in pool { #expect(!text.contains("·") && !text.contains("(e)"), "\(text)") }
    }

    @Test("A habit name that ends with a period is never followed by punctuation", arguments: ["habit.reminder.daily", "habit.reminder.weekly"])
    func nothingGluedAfterTheHabit(key: String) throws {
        let habit = "Lire 20 pages."
        let generator = try Self.generator()
        for tone in Tone.allCases {
            let title =
                try generator.render(
                    key: key, locale: "fr", tone: tone, arguments: ["habit": .string(habit), "hoursLeft": .int(5)], variant: 0, timeZone: "UTC"
                ).parts["title"] ?? ""
            #expect(title.hasPrefix(habit), "\(key) \(tone): \(title)")
            let after = title.dropFirst(habit.count).drop { $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" }
            let next = try #require(after.first, "\(key) \(tone): \(title)")
            #expect(!":;,.!?".contains(next), "\(key) \(tone): \(title)")
        }
    }

    @Test("Lint: the bundled French has no finding and covers the source's variety")
    func lintClean() throws {
        let report = CatalogLinter().lint(CatalogFolder.bundled)
        #expect(!report.findings.contains { $0.file.hasSuffix("fr.json") }, "\(report.findings.filter { $0.file.hasSuffix("fr.json") })")
        #expect(!report.coverage.contains { $0.locale == "fr" })
    }
}
