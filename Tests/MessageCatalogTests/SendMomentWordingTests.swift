import Foundation
import Testing
@testable import MessageCatalog

/// What a Spanish, Mexican or French reader checks in the bundled texts: nothing contradicts the
/// moment a message arrives (a goal reached at 9:00, a halfway notice at 21:00 after a slow day,
/// the yearly summary on 1 January, a reminder one hour before its deadline).
@Suite("Bundled es, es-MX and fr texts agree with when they are sent")
struct SendMomentWordingTests {
    static let locales = ["es", "es-MX", "fr"]

    func render(
        _ key: String, _ part: String, _ locale: String, _ tone: Tone, variant: Int = 0,
        _ arguments: [String: MessageValue]
    ) throws -> String {
        try LocalizedCatalog.bundled().format(
            key: key, part: part, locale: locale, tone: tone, variant: variant,
            arguments: arguments, timeZone: "UTC")
    }

    @Test("The yearly summary, sent on 1 January, speaks of a year that has ended")
    func yearlySummaryLooksBack() throws {
        let args: [String: MessageValue] = ["year": .date(millis: 1_767_268_800_000), "count": .int(148)]  // 2026-01-01T12:00:00Z
        let es = try render("milestone.yearly", "body", "es", .cheerful, args)
        let mx = try render("milestone.yearly", "body", "es-MX", .cheerful, args)
        #expect(es == "¡Cerraste 2026 con 148 logros! Un año para recordar.", "\(es)")
        #expect(mx == "¡Cerraste 2026 con 148 logros! Un año para recordar.", "\(mx)")
        // An empty year does not repeat the December summary that arrives the same morning.
        let december = try render("milestone.monthly", "body", "es-MX", .cheerful, ["month": .date(millis: 1_764_590_400_000), "count": .int(0)])
        let emptyYear = try render("milestone.yearly", "body", "es-MX", .cheerful, ["year": .date(millis: 1_767_268_800_000), "count": .int(0)])
        #expect(december.contains("¡y no pasa nada!") && !emptyYear.contains("¡y no pasa nada!"), "\(december) / \(emptyYear)")
    }

    @Test("A halfway notice can come late after a slow day: no cheerful title praises speed", arguments: locales)
    func halfwayTitlesDoNotPraiseSpeed(locale: String) throws {
        let args: [String: MessageValue] = ["steps": .int(5120), "remaining": .int(4880), "progress": .double(0.512)]
        let speed = ["volando", "ritmo", "no hay quien te pare", "rythme", "rien ne t’arrête"]
        for variant in 0..<6 {
            let title = try render("steps.halfway", "title", locale, .cheerful, variant: variant, args).lowercased()
            #expect(!speed.contains { title.contains($0) }, "\(locale) variant \(variant): \(title)")
        }
    }

    @Test("A goal can be reached in the morning: no body sends the reader to tomorrow", arguments: locales)
    func goalBodiesDoNotCloseTheDay(locale: String) throws {
        for tone in [Tone.cheerful, .gentle] {
            for bonus: Int64 in [0, 1, 432] {
                let args: [String: MessageValue] = ["steps": .int(10_000 + bonus), "goal": .int(10_000), "bonus": .int(bonus)]
                for variant in 0..<6 {
                    let body = try render("steps.goal", "body", locale, tone, variant: variant, args).lowercased()
                    #expect(!body.contains("mañana") && !body.contains("demain"), "\(locale) \(tone) \(variant): \(body)")
                }
            }
        }
    }

    @Test("A retrieved entry's date is the day it was written down, not the day it was achieved")
    func retrievalDateIsWhenItWasWritten() throws {
        let args: [String: MessageValue] = ["recordedOn": .date(millis: 1_778_751_000_000)]  // 2026-05-14T09:30:00Z
        for locale in ["es", "es-MX"] {
            let body = try render("retrieval.no_preview", "body", locale, .gentle, args)
            #expect(body.hasPrefix("Algo que anotaste el 14 de mayo de 2026 te espera aquí"), "\(locale): \(body)")
        }
    }

    @Test("A habit title read one hour before the deadline does not say there is time")
    func habitTitlesKeepTheDeadline() throws {
        let weekly = try render("habit.reminder.weekly", "title", "es", .gentle, ["habit": "Beber agua", "hoursLeft": .int(1)])
        let daily = try render("habit.reminder.daily", "title", "fr", .gentle, ["habit": "Boire de l’eau", "hoursLeft": .int(1)])
        #expect(weekly == "«Beber agua», a tu ritmo esta semana", "\(weekly)")
        #expect(daily == "Boire de l’eau\u{00A0}– quand tu peux", "\(daily)")
    }
}
