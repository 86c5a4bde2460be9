import MessageCatalog
import Foundation
import Testing
@testable import NotificationPlanning
import AffirmationSelector

@Suite("Authorization, quiet hours, budget and categories")
struct PolicyTests {
    func everything(_ zone: String = "Europe/Madrid") -> NotificationPreferences {
        var p = NotificationPreferences.base(zone)
        p.dailyAffirmation.enabled = true
        p.achievementReminder.enabled = true
        p.milestones.enabled = true
        p.retrieval.enabled = true
        p.interval.enabled = true
        p.steps.goalEnabled = true
        p.habits = [HabitSettings(id: "water", name: "Drink water")]
        return p
    }

    @Test("A kind's priority is its place in allCases, the order the budget and the plan sort by")
    func kindPriorities() {
        for (index, kind) in NotificationKind.allCases.enumerated() {
            #expect(kind.priority == index, "\(kind)")
        }
        #expect(NotificationKind.intervalReminder < .milestoneYearly)
        #expect(!(NotificationKind.dailyAffirmation < .habitReminder))
    }

    @Test("notDetermined: ask once, schedule nothing")
    func notDetermined() throws {
        var p = everything()
        p.authorization = .notDetermined
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(first.authorizationRequest == AuthorizationRequest(options: [.alert, .sound, .badge]))
        #expect(first.authorizationRequest?.options == ["alert", "sound", "badge"])
        #expect(first.pending.isEmpty)
        #expect(first.state.permissionRequested)
        let second = try plan(p, roundTrip(first.state), at: "2026-11-23T09:00:00Z")
        #expect(second.authorizationRequest == nil)
        #expect(second.pending.isEmpty)
        #expect(second.noteDetails.contains { $0.code == .permissionPending })
        // Granted: everything is planned.
        p.authorization = .authorized
        let granted = try plan(p, roundTrip(second.state), at: "2026-11-23T09:00:00Z")
        #expect(!granted.pending.isEmpty)
    }

    @Test(
        "denied, provisional, ephemeral: nothing scheduled, pending removed, the notes say why",
        arguments: [
            (AuthorizationStatus.denied, PlanNote.Code.permissionDenied), (.provisional, .permissionProvisional), (.ephemeral, .permissionEphemeral)
        ])
    func refused(_ status: AuthorizationStatus, _ code: PlanNote.Code) throws {
        let granted = try plan(everything(), at: "2026-11-23T08:00:00Z")
        var p = everything()
        p.authorization = status
        let result = try plan(
            p, granted.state, events: [PlannerEvent(.stepsUpdated(steps: 20_000, goal: nil), at: instant("2026-11-23T08:59:00Z"))],
            at: "2026-11-23T09:00:00Z")
        #expect(result.pending.isEmpty)
        #expect(result.added.isEmpty)
        // Everything still ahead is removed (today's 10:00 affirmation was delivered at 09:00Z).
        let ahead = granted.pending.filter { $0.fireDate > instant("2026-11-23T09:00:00Z") }.map(\.identifier)
        #expect(ahead.count == granted.pending.count - 1)
        #expect(Set(result.removed) == Set(ahead))
        #expect(result.noteDetails.contains { $0.code == code })
        #expect(result.authorizationRequest == nil)
    }

    @Test("The master switch turns everything off")
    func masterSwitch() throws {
        var p = everything()
        p.notificationsEnabled = false
        let result = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(result.pending.isEmpty)
        #expect(result.noteDetails.contains { $0.code == .notificationsOff })
    }

    @Test("Quiet hours: deferred to their end, staggered, or dropped per kind")
    func quietHours() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = TimeOfDay(hour: 6, minute: 30)
        p.achievementReminder.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 6)
        p.steps.goalEnabled = true
        p.steps.workoutEnabled = true
        p.quietHours = QuietHours(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        let events = [
            PlannerEvent(.stepsUpdated(steps: 12_000, goal: nil), at: instant("2026-11-23T22:00:00Z")),
            PlannerEvent(.workoutCompleted(id: "w1", activity: "run", durationSeconds: 1800, distanceKm: 5), at: instant("2026-11-23T22:10:00Z"))
        ]
        let result = try plan(p, events: events, at: "2026-11-23T22:15:00Z")
        let madrid = zone("Europe/Madrid")
        let workout = try #require(result.pending.first { $0.kind == .workoutCompletion })
        let affirmation = try #require(result.pending.first { $0.identifier == "daily-affirmation-2026-11-24" })
        let reminder = try #require(result.pending.first { $0.identifier == "achievement-reminder-2026-11-24" })
        // All three land at 07:00 on the 24th: staggered by two minutes, by priority.
        #expect(ISO8601Instant.string(workout.fireDate, in: madrid) == "2026-11-24T07:00:00+01:00")
        #expect(ISO8601Instant.string(affirmation.fireDate, in: madrid) == "2026-11-24T07:02:00+01:00")
        #expect(ISO8601Instant.string(reminder.fireDate, in: madrid) == "2026-11-24T07:04:00+01:00")
        #expect(workout.trigger == .calendar(date: day("2026-11-24"), time: TimeOfDay(hour: 7), second: 0, timeZone: "Europe/Madrid"))
        #expect(affirmation.trigger == .calendar(date: day("2026-11-24"), time: TimeOfDay(hour: 7, minute: 2), second: 0, timeZone: nil))
        // The goal notification would be stale by morning: dropped.
        #expect(!result.pending.contains { $0.kind == .stepGoal })
        #expect(result.noteDetails.contains { $0.code == .quietHoursDropped && $0.identifiers.contains("goal-achievement-2026-11-23") })
        // No two requests at the same instant.
        #expect(Set(result.pending.map(\.fireDate)).count == result.pending.count)
        // Same input, same plan.
        #expect(try plan(p, result.state, events: events, at: "2026-11-23T22:15:00Z").isEmpty)
    }

    @Test("A request deferred past now by the quiet hours stays pending until it fires")
    func deferredStaysPending() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = TimeOfDay(hour: 23, minute: 30)
        p.achievementReminder.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 23, minute: 30)
        p.achievementReminder.anchorDate = day("2026-11-01")
        p.milestones.enabled = true
        p.quietHours = QuietHours(start: TimeOfDay(hour: 23), end: TimeOfDay(hour: 7))
        let evening = try plan(p, at: "2026-11-30T21:00:00Z")
        let madrid = zone("Europe/Madrid")
        let affirmation = try #require(evening.pending.first { $0.identifier == "daily-affirmation-2026-11-30" })
        #expect(ISO8601Instant.string(affirmation.fireDate, in: madrid) == "2026-12-01T07:00:00+01:00")
        let summary = try #require(evening.pending.first { $0.kind == .milestoneMonthly })
        #expect(summary.identifier == "milestone-monthly-2026-11")
        // After the nominal 23:30 and after midnight, nothing changes until 07:00.
        for now in ["2026-11-30T22:45:00Z", "2026-11-30T23:30:00Z", "2026-12-01T22:45:00Z"] {
            let later = try plan(p, evening.state, at: now)
            let expected = evening.pending.filter { $0.fireDate > instant(now) }
            #expect(later.removed.isEmpty, "removed \(later.removed) at \(now)")
            #expect(Set(expected.map(\.identifier)).isSubset(of: Set(later.pending.map(\.identifier))))
        }
    }

    @Test("A habit reminder deferred past its period's end is dropped")
    func quietHabit() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.habits = [HabitSettings(id: "h", name: "Floss", hoursBefore: 1)]
        p.quietHours = QuietHours(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        let result = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(result.pending.isEmpty)
        #expect(result.noteDetails.contains { $0.identifiers.contains("habit-reminder-h-2026-11-23") })
    }

    @Test("Budget: the nearest days win, priority within a day, the dropped ones are named", arguments: [10, 20, 60, 64])
    func budget(_ budget: Int) throws {
        var p = everything()
        p.budget = budget
        p.habits = (0..<8).map { HabitSettings(id: "h\($0)", name: "Habit \($0)", hoursBefore: 1 + $0) }
        let result = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(result.pending.count <= budget)
        let unlimited = try plan(
            {
                var q = p; q.budget = 64; return q
            }(), at: "2026-11-23T08:00:00Z")
        let wanted = 7 + 7 + 8 * 7 + 2  // affirmations, reminders, habit reminders, summaries
        #expect(result.pending.count == min(budget, wanted))
        if budget < wanted {
            let note = try #require(result.noteDetails.first { $0.code == .budgetDropped && $0.parameters["budget"] == String(budget) })
            let kept = Set(result.pending.map(\.identifier))
            let days = result.pending.map { LocalDate($0.fireDate, in: zone("Europe/Madrid")) }
            // Every kept request is on a day no later than every dropped one.
            for request in unlimited.pending where !kept.contains(request.identifier) {
                #expect(note.identifiers.contains(request.identifier))
                #expect(days.allSatisfy { $0 <= LocalDate(request.fireDate, in: zone("Europe/Madrid")) })
            }
        }
        #expect(NotificationPreferences.maximumBudget == 64)
        var tooMany = p
        tooMany.budget = 65
        #expect(throws: Diagnostic.self) { try plan(tooMany, at: "2026-11-23T08:00:00Z") }
    }

    @Test("The same events given twice are processed once; events after now wait")
    func eventDedup() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.milestones.enabled = true
        let events = [
            PlannerEvent(.achievementRecorded(id: "a"), at: instant("2026-11-23T10:00:00Z")),
            PlannerEvent(.achievementRecorded(id: "b"), at: instant("2026-11-23T13:00:00Z"))
        ]
        let first = try plan(p, events: events, at: "2026-11-23T12:00:00Z")
        #expect(first.state.achievementCount == 1)
        #expect(first.noteDetails.contains { $0.code == .eventsLater && $0.parameters["count"] == "1" })
        let second = try plan(p, roundTrip(first.state), events: events, at: "2026-11-23T14:00:00Z")
        #expect(second.state.achievementCount == 2)
        let third = try plan(p, roundTrip(second.state), events: events, at: "2026-11-23T15:00:00Z")
        #expect(third.state.achievementCount == 2)
    }

    @Test("Bad inputs are errors with a fix, never crashes")
    func errors() throws {
        var p = NotificationPreferences.base("Mars/Olympus")
        #expect(throws: Diagnostic.self) { try plan(p, at: "2026-11-23T08:00:00Z") }
        p = NotificationPreferences.base("Europe/Madrid")
        let badZone = PlannerEvent(.timeZoneChanged(timeZone: "Nowhere/Land"), at: instant("2026-11-23T07:00:00Z"))
        #expect(throws: Diagnostic.self) { try plan(p, events: [badZone], at: "2026-11-23T08:00:00Z") }
        p.dailyAffirmation.enabled = true
        let error = #expect(throws: Diagnostic.self) { try plan(p, at: "2026-11-23T08:00:00Z", content: BrokenContent()) }
        #expect(error?.code == .content)
        let empty = #expect(throws: Diagnostic.self) { try plan(p, at: "2026-11-23T08:00:00Z", content: FakeContent(poolSize: 0)) }
        #expect(empty?.message.contains("no affirmations") == true)
        #expect(throws: Diagnostic.self) { try SchedulerState.from(json: Data("{\"pending\": 3}".utf8)) }
        #expect(try SchedulerState.from(json: Data()) == SchedulerState())
        #expect(throws: Diagnostic.self) { try PlannerEvent.parseJSONLines("{\"type\": \"stepsUpdated\", \"timestamp\": \"2026-11-23T08:00:00Z\"}\n") }
        let parsed = try PlannerEvent.parseJSONLines("\n{\"type\": \"appForeground\", \"timestamp\": \"2026-11-23T08:00:00+01:00\"}\n")
        #expect(parsed.first?.line == 2)
        #expect(parsed.first?.event.timestamp == instant("2026-11-23T07:00:00Z"))
    }

    @Test("Preferences decode with defaults; requests and events round-trip through JSON")
    func codable() throws {
        let prefs = try JSONDecoder().decode(
            NotificationPreferences.self,
            from: Data(#"{"timeZone": "Europe/Madrid", "dailyAffirmation": {"enabled": true}, "habits": [{"id": "h", "name": "Read"}]}"#.utf8))
        #expect(prefs.budget == 60 && prefs.locale == "en" && prefs.tone == .gentle && prefs.authorization == .authorized)
        #expect(prefs.dailyAffirmation.time == TimeOfDay(hour: 10) && prefs.dailyAffirmation.windowDays == 7 && prefs.dailyAffirmation.refillBelow == nil)
        #expect(prefs.habits.first?.hoursBefore == 5)
        let result = try plan(everything(), events: [PlannerEvent(.intervalSet(seconds: 30), at: instant("2026-11-23T08:00:00Z"))], at: "2026-11-23T08:00:05Z")
        let data = try JSONEncoder().encode(result.pending)
        #expect(try JSONDecoder().decode([NotificationRequest].self, from: data) == result.pending)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as! [String: Any]
        #expect(Set(object.keys) == ["now", "authorization", "timeZone", "added", "removed", "pending", "notes", "noteCodes"])
        #expect(object["now"] as? String == "2026-11-23T09:00:05+01:00")
        let first = (object["pending"] as! [[String: Any]]).first!
        #expect(
            Set(first.keys).isSuperset(of: [
                "identifier", "kind", "fireDate", "timeZone", "trigger", "title", "body", "categoryIdentifier", "threadIdentifier", "userInfo", "floating"
            ]))
        for event in [
            PlannerEvent(.workoutCompleted(id: "x", activity: "swim", durationSeconds: 60, distanceKm: 1.5), at: instant("2026-11-23T08:00:00Z")),
            PlannerEvent(.achievementRetrieved(id: "a", text: nil, recordedOn: instant("2026-05-14T09:30:00Z")), at: instant("2026-11-23T08:00:00Z"))
        ] {
            #expect(try JSONDecoder().decode(PlannerEvent.self, from: JSONEncoder().encode(event)) == event)
        }
    }

    @Test("Categories carry the apps' identifiers and catalog titles")
    func categories() throws {
        let categories = try CategoryRegistry.categories(locale: Locale(identifier: "es"), content: FakeContent())
        let ids = categories.map(\.identifier)
        #expect(ids.contains("GOAL_ACHIEVEMENT") && ids.contains("WORKOUT_COMPLETION") && ids.contains("TIMER_REMINDER"))
        let goal = try #require(categories.first { $0.identifier == "GOAL_ACHIEVEMENT" })
        #expect(goal.actions.map(\.identifier) == ["VIEW_STEPS_ACTION"])
        #expect(goal.actions.first?.title == "action.view_steps gentle v0 [es]")
        #expect(goal.actions.first?.options == ["foreground"])
        #expect(categories.first { $0.identifier == "WORKOUT_COMPLETION" }?.actions.map(\.identifier) == ["VIEW_WORKOUT_ACTION"])
        #expect(categories.first { $0.identifier == "ACHIEVEMENT_REMINDER" }?.actions.map(\.identifier) == ["QUICK_ADD_ACTION"])
        // Every kind has exactly one category.
        for kind in NotificationKind.allCases {
            #expect(categories.filter { $0.kinds.contains(kind) }.count == 1)
        }
    }
}
