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
                    .workoutCompleted(id: id, activity: index.isMultiple(of: 2) ? "run" : "swim", durationSeconds: 1200, distanceKm: 0.03),
                    at: instant("2026-11-23T12:00:00Z"))
                let result = try plan(p, events: [w], at: "2026-11-23T12:01:00Z", content: EndToEndTests.content)
                let body = try #require(result.added.first).body
                #expect(!body.contains("0.0") && !body.contains("0,0") && !body.contains("km") && !body.contains("公里"), "\(locale) \(tone): \(body)")
            }
        }
    }

    @Test(
        "A real distance is shown in the reader's units",
        arguments: [
            ("en", "8.5 km"), ("es", "8,5 km"), ("zh-Hans", "8.5公里"), ("en-US", "5.3 mi"), ("en-GB", "5.3 mi"), ("es-MX", "8.5 km")
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
