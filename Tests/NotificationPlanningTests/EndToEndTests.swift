import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning
import AffirmationSelector
import TestSupport

/// The planner with the real catalogs (`ContentGenerator.bundled()`).
@Suite("End to end with the bundled catalogs")
struct EndToEndTests {
    static let content: ContentGenerator = {
        do { return try ContentGenerator.bundled() } catch { fatalError("bundled catalogs: \(error)") }
    }()

    @Test("Affirmations carry the pool's text for the date and the weekday in the user's zone", arguments: ["en", "zh-Hans"])
    func affirmations(_ locale: String) throws {
        var p = NotificationPreferences.base("Asia/Shanghai", locale: locale)
        p.dailyAffirmation.enabled = true
        p.tone = .gentle
        let result = try plan(p, at: "2026-11-22T20:00:00Z", content: Self.content)
        #expect(result.pending.count == 7)
        let first = try #require(result.pending.first)
        #expect(first.identifier == "daily-affirmation-2026-11-23")
        let poolSize = try Self.content.variantCount(key: "affirmation.pool", locale: locale, tone: .gentle)
        #expect(poolSize == 60)
        let index = SeededPicker.dailyAffirmation(for: day("2026-11-23"), locale: locale, poolSize: poolSize)
        let text = try Self.content.render(key: "affirmation.pool", locale: locale, tone: .gentle, arguments: [:], variant: index, timeZone: "Asia/Shanghai")
        #expect(first.body == text.parts["text"])
        // The title is one of the tone's pool; those that name the day name 2026-11-23's, a Monday,
        // in the user's zone.
        let weekdays =
            locale == "en"
            ? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            : ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"]
        for (offset, request) in result.pending.enumerated() {
            let named = weekdays.filter { request.title.contains($0) }
            #expect(named.isEmpty || named == [weekdays[(1 + offset) % 7]], "\(request.identifier): \(request.title)")
        }
        // Seven different affirmations.
        #expect(Set(result.pending.map(\.body)).count == 7)
    }

    @Test("Every kind renders with the real catalogs, and the same input re-plans to nothing")
    func everyKind() throws {
        let url = Repository.url("examples/schedule-config.json")
        let prefs = try JSONDecoder().decode(NotificationPreferences.self, from: Data(contentsOf: url))
        let events =
            [
                PlannerEvent(.appBackground, at: instant("2026-11-23T08:00:00+01:00")),
                PlannerEvent(.stepsUpdated(steps: 10_432, goal: nil), at: instant("2026-11-23T09:20:00+01:00")),
                PlannerEvent(.appsUnlocked(steps: 10_432, goal: nil), at: instant("2026-11-23T09:21:00+01:00")),
                PlannerEvent(.workoutCompleted(id: "9F1C", activity: "run", durationSeconds: 4800, distanceKm: 8.42), at: instant("2026-11-23T09:25:00+01:00")),
                PlannerEvent(
                    .achievementRetrieved(id: "a-017", text: "Finished my first 10K run", recordedOn: instant("2026-05-14T09:30:00Z")),
                    at: instant("2026-11-23T09:28:00+01:00")),
                PlannerEvent(.intervalSet(seconds: 45), at: instant("2026-11-23T09:29:50+01:00"))
            ] + (0..<10).map { PlannerEvent(.achievementRecorded(id: "a\($0)"), at: instant("2026-11-23T09:0\($0):00+01:00")) }
        let result = try plan(prefs, events: events, at: "2026-11-23T09:30:00+01:00", content: Self.content)
        let kinds = Set(result.pending.map(\.kind))
        for kind: NotificationKind in [
            .dailyAffirmation, .achievementReminder, .habitReminder, .stepGoal, .appsUnlocked, .workoutCompletion,
            .retrieval, .intervalReminder, .milestoneCount, .milestoneMonthly, .milestoneYearly
        ] {
            #expect(kinds.contains(kind), "missing \(kind.rawValue)")
        }
        for request in result.pending {
            #expect(!request.title.isEmpty && !request.body.isEmpty, "\(request.identifier) has an empty text")
            #expect(!request.title.contains("{") && !request.body.contains("{"), "\(request.identifier): unformatted argument")
        }
        let goal = try #require(result.pending.first { $0.kind == .stepGoal })
        // The body is one of the tone's step-goal bodies, with the day's steps (10,432 of a 10,000 goal).
        let goalArguments: [String: MessageValue] = ["steps": .int(10_432), "goal": .int(10_000), "bonus": .int(432)]
        let goalBodies = try (0..<Self.content.variantCount(key: "steps.goal", locale: "en", tone: prefs.tone)).map {
            try Self.content.render(
                key: "steps.goal", locale: "en", tone: prefs.tone, arguments: goalArguments, variant: $0, timeZone: "Europe/Madrid"
            ).parts["body"]
        }
        #expect(goalBodies.contains(goal.body), "\(goal.body)")
        let retrieval = try #require(result.pending.first { $0.kind == .retrieval })
        #expect(retrieval.body.contains("Finished my first 10K run"))
        let workout = try #require(result.pending.first { $0.kind == .workoutCompletion })
        #expect(workout.body.contains("8.4"))
        let habit = try #require(result.pending.first { $0.identifier == "habit-reminder-water-2026-11-23" })
        #expect(habit.body.contains("5"))
        #expect(habit.title.contains("Drink water"))
        let count = try #require(result.pending.first { $0.kind == .milestoneCount })
        #expect(count.title.contains("10th"))
        let again = try plan(prefs, roundTrip(result.state), events: events, at: "2026-11-23T09:30:00+01:00", content: Self.content)
        #expect(again.isEmpty)
    }

    @Test("Category titles come from the catalog", arguments: [("en", "View Steps"), ("zh-Hans", nil)])
    func categories(_ locale: String, _ expected: String?) throws {
        let categories = try CategoryRegistry.categories(locale: Locale(identifier: locale), content: Self.content)
        let title = try #require(categories.first { $0.identifier == "GOAL_ACHIEVEMENT" }?.actions.first?.title)
        if let expected { #expect(title == expected) } else { #expect(title != "View Steps" && !title.isEmpty) }
    }

    @Test("A short hourly simulation with the real catalogs stays consistent")
    func shortSimulation() throws {
        var prefs = SimulationTests.preferences(budget: 40)
        prefs.locale = "zh-Hans"
        var state = SchedulerState()
        for hour in 1...72 {
            let now = SimulationTests.start.addingTimeInterval(TimeInterval(hour * 3600))
            let result = try Planner.plan(preferences: prefs, state: state, events: [], now: now, content: Self.content)
            #expect(result.pending.count <= 40)
            #expect(result.pending.contains { $0.kind == .dailyAffirmation })
            state = try roundTrip(result.state)
            #expect(try Planner.plan(preferences: prefs, state: state, events: [], now: now, content: Self.content).isEmpty)
        }
    }
}
