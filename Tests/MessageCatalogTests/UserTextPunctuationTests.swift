import Foundation
import Testing

@testable import MessageCatalog

/// The user's own text (a habit's name, a past achievement, an affirmation) may already end with
/// “.” or “!”: no bundled text puts punctuation right after it, so a name such as
/// “Read 20 pages before bed.” never renders as “Read 20 pages before bed., whenever …”.
@Suite("The user's own text is never followed by punctuation")
struct UserTextPunctuationTests {
    /// What the user typed, in the shapes that collide: a sentence, an exclamation, Chinese.
    static let names = ["Read 20 pages before bed.", "Call Mom!", "每天读书。"]
    /// What may follow the user's text: nothing, a space, or a closing quotation mark.
    static let allowedAfter: Set<Character> = [" ", "\u{00A0}", "”", "»", "’", "」"]
    /// Each message that shows the user's text, with the argument that carries it.
    static let messages: [(key: String, argument: String, others: [String: MessageValue])] = [
        ("habit.reminder.daily", "habit", ["hoursLeft": .int(5)]),
        ("habit.reminder.weekly", "habit", ["hoursLeft": .int(48)]),
        ("retrieval.preview", "achievement", ["recordedOn": .date(millis: 1_778_751_000_000)]),
        ("affirmation.daily", "affirmation", ["day": .date(millis: 1_795_428_000_000)])
    ]

    @Test(arguments: ["en-US", "en-GB", "es-ES", "es-MX", "zh-Hans"])
    func nothingGluedAfterTheUsersText(locale: String) throws {
        let g = ContentGenerator(catalog: try LocalizedCatalog.bundled())
        var checked = 0
        for message in Self.messages {
            for name in Self.names {
                var arguments = message.others
                arguments[message.argument] = .string(name)
                for tone in Tone.allCases {
                    let count = try g.variantCount(key: message.key, locale: locale, tone: tone)
                    for variant in 0..<count {
                        let rendered = try g.render(
                            key: message.key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: "UTC")
                        for (part, text) in rendered.parts {
                            guard let range = text.range(of: name) else { continue }
                            checked += 1
                            let next = text[range.upperBound...].first
                            #expect(
                                next.map { Self.allowedAfter.contains($0) } ?? true,
                                "\(message.key).\(part) (\(tone), \(locale)) glues “\(next.map(String.init) ?? "")” to the user's text: \(text)")
                        }
                    }
                }
            }
        }
        // every message above shows the text in at least one part of every tone
        #expect(checked >= Self.messages.count * Self.names.count * Tone.allCases.count)
    }
}
