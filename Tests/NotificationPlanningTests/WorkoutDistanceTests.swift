import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning

/// A workout's distance reaches the texts rounded to the decimal they show, so that the `=0`
/// case (chosen on the number, before formatting) covers every distance that reads as zero.
@Suite("Workout distances: rounded as shown before a case is chosen")
struct WorkoutDistanceTests {
    @Test(
        "The distance passed is the one decimal shown, rounded half to even",
        arguments: [
            (0.0, 0.0), (0.03, 0.0), (0.05, 0.0), (0.051, 0.1), (0.15, 0.2), (0.25, 0.2), (0.35, 0.4), (8.42, 8.4), (8.45, 8.4), (8.46, 8.5),
            (10_000.0, 10_000.0)
        ])
    func shown(_ km: Double, _ expected: Double) {
        #expect(EventStage.shownKilometres(km) == expected)
    }

    @Test("30 metres read as a workout without distance, never “0.0 km”", arguments: ["en", "es", "es-MX", "zh-Hans"])
    func tinyDistance(_ locale: String) throws {
        for tone in Tone.allCases {
            for (index, id) in ["a", "b", "c", "d", "e", "f", "g", "h"].enumerated() {
                var p = NotificationPreferences.base("Europe/Madrid", locale: locale)
                p.steps.workoutEnabled = true
                p.tone = tone
                let w = PlannerEvent(
                    .workoutCompleted(id: id, activity: index.isMultiple(of: 2) ? "run" : "walk", durationSeconds: 1200, distanceKm: 0.03),
                    at: instant("2026-11-23T12:00:00Z"))
                let result = try plan(p, events: [w], at: "2026-11-23T12:01:00Z", content: EndToEndTests.content)
                let body = try #require(result.added.first).body
                #expect(!body.contains("0.0") && !body.contains("0,0") && !body.contains("km") && !body.contains("公里"), "\(locale) \(tone): \(body)")
            }
        }
    }

    @Test(
        "A swim reaches the texts in whole metres, so a 25 m length and the US 1,650 yd read as swum",
        arguments: [(0.02286, 0.023), (1.50876, 1.509), (1.5, 1.5), (0.0004, 0.0), (0.0005, 0.0), (0.0006, 0.001)])
    func swimShown(_ km: Double, _ expected: Double) {
        #expect(EventStage.shownKilometres(km, fractionDigits: 3) == expected)
    }

    /// Some variants give the time only (“High five! You gave it your all for 30 min.”); every
    /// variant that gives a distance gives it in swim units, and each tone shows it somewhere.
    @Test(
        "A swim is shown in metres, yards in the US, in every tone's texts that give a distance",
        arguments: [
            ("en-US", 1.50876, "1,650 yd"), ("en-US", 0.4, "437 yd"), ("en-GB", 1.5, "1,500 m"), ("en", 0.025, "25 m"),
            ("es", 1.5, "1500\u{A0}m"), ("es-MX", 0.4, "400\u{A0}m"), ("fr", 1.5, "1\u{202F}500\u{202F}m"), ("zh-Hans", 1.5, "1,500米")
        ])
    func swim(_ locale: String, _ km: Double, _ expected: String) throws {
        for tone in Tone.allCases {
            var shown = 0
            for id in ["a", "b", "c", "d", "e", "f", "g", "h"] {
                var p = NotificationPreferences.base("Europe/Madrid", locale: locale)
                p.steps.workoutEnabled = true
                p.tone = tone
                let w = PlannerEvent(.workoutCompleted(id: id, activity: "swim", durationSeconds: 1800, distanceKm: km), at: instant("2026-11-23T12:00:00Z"))
                let body = try #require(try plan(p, events: [w], at: "2026-11-23T12:01:00Z", content: EndToEndTests.content).added.first).body
                let distance = body.range(of: #"\d[\u00A0\u202F ]?(m|yd|mi|ft|km)\b|米|公里"#, options: .regularExpression)
                if body.contains(expected) {
                    shown += 1
                } else {
                    #expect(distance == nil, "a distance not in swim units: \(locale) \(tone) \(id): \(body)")
                }
                let road = body.range(of: #"\d[\u00A0\u202F ](mi|ft|km)\b|公里"#, options: .regularExpression)
                #expect(road == nil, "road units in a swim: \(locale) \(tone): \(body)")
            }
            #expect(shown > 0, "no \(tone) text showed the swim's distance: \(locale)")
        }
    }

    @Test(
        "A real distance is shown in the reader's units",
        arguments: [
            ("en", "8.5 km"), ("es", "8,5\u{A0}km"), ("zh-Hans", "8.5公里"), ("en-US", "5.3 mi"), ("en-GB", "5.3 mi"), ("es-MX", "8.5\u{A0}km")
        ])
    func realDistance(_ locale: String, _ expected: String) throws {
        var p = NotificationPreferences.base("Europe/Madrid", locale: locale)
        p.steps.workoutEnabled = true
        p.tone = .minimal
        let w = PlannerEvent(.workoutCompleted(id: "w", activity: "run", durationSeconds: 4800, distanceKm: 8.46), at: instant("2026-11-23T12:00:00Z"))
        let body = try #require(try plan(p, events: [w], at: "2026-11-23T12:01:00Z", content: EndToEndTests.content).added.first).body
        #expect(body.contains(expected), "\(body)")
    }
}
