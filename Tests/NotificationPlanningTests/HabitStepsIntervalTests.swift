import MessageCatalog
import Foundation
import Testing
@testable import NotificationPlanning

@Suite("Habits, steps and the interval timer")
struct HabitStepsIntervalTests {
    func habitPrefs(_ zone: String, _ habits: [HabitSettings]) -> NotificationPreferences {
        var p = NotificationPreferences.base(zone)
        p.habits = habits
        return p
    }

    @Test(
        "Daily habit: X hours of elapsed time before the next local day starts",
        arguments: [
            // An ordinary day: 19:00.
            ("Europe/Madrid", 5, "2026-11-23T08:00:00Z", "habit-reminder-h-2026-11-23", "2026-11-23T19:00:00+01:00"),
            // 23-hour day (New York spring forward): midnight is 04:00Z; 23 h before is the day's start.
            ("America/New_York", 23, "2026-03-08T04:30:00Z", "habit-reminder-h-2026-03-08", "2026-03-08T00:00:00-05:00"),
            ("America/New_York", 5, "2026-03-08T12:00:00Z", "habit-reminder-h-2026-03-08", "2026-03-08T19:00:00-04:00"),
            // 25-hour day (New York fall back): 23 h before midnight is the second 01:00.
            ("America/New_York", 23, "2026-11-01T04:30:00Z", "habit-reminder-h-2026-11-01", "2026-11-01T01:00:00-05:00"),
            // Santiago: 2026-09-06 starts at 01:00 -03 (04:00Z), so the 5th ends then: 19:00 -04, not 18:00.
            ("America/Santiago", 5, "2026-09-05T12:00:00Z", "habit-reminder-h-2026-09-05", "2026-09-05T19:00:00-04:00"),
            // Its 6th is a 23-hour day that starts at 01:00: 23 hours before its end is that start.
            ("America/Santiago", 23, "2026-09-05T12:00:00Z", "habit-reminder-h-2026-09-06", "2026-09-06T01:00:00-03:00"),
            // Sydney's 23-hour day (2026-10-04).
            ("Australia/Sydney", 5, "2026-10-03T14:00:00Z", "habit-reminder-h-2026-10-04", "2026-10-04T19:00:00+11:00")
        ])
    func daily(_ zoneID: String, _ hours: Int, _ now: String, _ id: String, _ fire: String) throws {
        let result = try plan(habitPrefs(zoneID, [HabitSettings(id: "h", name: "Drink water", hoursBefore: hours)]), at: now)
        let request = try #require(result.pending.first { $0.identifier == id })
        #expect(ISO8601Instant.string(request.fireDate, in: zone(zoneID)) == fire)
        let c = WallClock.components(of: request.fireDate, in: zone(zoneID))
        if WallClock.instant(on: c.date, at: c.time, in: zone(zoneID)) == request.fireDate {
            #expect(request.trigger == .calendar(date: c.date, time: c.time, second: 0, timeZone: zoneID))
        } else {
            // The second pass of a repeated hour: the trigger is written in UTC, which names one instant.
            let utc = WallClock.components(of: request.fireDate, in: zone("UTC"))
            #expect(request.trigger == .calendar(date: utc.date, time: utc.time, second: 0, timeZone: "UTC"))
        }
        #expect(triggerInstant(request, deviceZone: zoneID) == request.fireDate)
        #expect(!request.floating)
        #expect(request.body.contains("hoursLeft=\(hours)"))
        #expect(request.categoryIdentifier == "HABIT_REMINDER")
        // Exactly `hours` of elapsed time before the period ends.
        let periodStart = day(String(id.suffix(10)))
        let end = WallClock.startOfDay(periodStart.adding(days: 1), in: zone(zoneID))
        #expect(end.timeIntervalSince(request.fireDate) == TimeInterval(hours * 3600))
    }

    @Test("Weekly habit: before Monday 00:00, whatever the locale's first weekday")
    func weekly() throws {
        var p = habitPrefs("Europe/Madrid", [HabitSettings(id: "w", name: "Long walk", period: .weekly)])
        p.locale = "en-US"
        let result = try plan(p, at: "2026-11-25T08:00:00Z")
        #expect(result.pending.map(\.identifier) == ["habit-reminder-w-2026-11-23", "habit-reminder-w-2026-11-30"])
        #expect(ISO8601Instant.string(result.pending[0].fireDate, in: zone("Europe/Madrid")) == "2026-11-29T19:00:00+01:00")
        #expect(result.pending[0].body.hasPrefix("habit.reminder.weekly"))
    }

    @Test("A habit completed early gets no reminder for that period; deleting or turning off cancels")
    func completedEarly() throws {
        let habits = [HabitSettings(id: "h", name: "Read"), HabitSettings(id: "g", name: "Stretch")]
        let first = try plan(habitPrefs("Europe/Madrid", habits), at: "2026-11-23T07:00:00Z")
        #expect(first.pending.filter { $0.identifier.hasPrefix("habit-reminder-h-") }.count == 7)
        let done = PlannerEvent(.habitCompleted(habitID: "h"), at: instant("2026-11-23T07:30:00Z"))
        let after = try plan(habitPrefs("Europe/Madrid", habits), roundTrip(first.state), events: [done], at: "2026-11-23T08:00:00Z")
        #expect(after.removed.contains("habit-reminder-h-2026-11-23"))
        #expect(!after.pending.contains { $0.identifier == "habit-reminder-h-2026-11-23" })
        #expect(after.pending.contains { $0.identifier == "habit-reminder-h-2026-11-24" })
        let deleted = PlannerEvent(.habitDeleted(habitID: "h"), at: instant("2026-11-23T08:30:00Z"))
        let gone = try plan(habitPrefs("Europe/Madrid", habits), roundTrip(after.state), events: [deleted], at: "2026-11-23T09:00:00Z")
        #expect(!gone.pending.contains { $0.identifier.hasPrefix("habit-reminder-h-") })
        var off = habits
        off[1].reminderEnabled = false
        let silent = try plan(habitPrefs("Europe/Madrid", off), roundTrip(gone.state), at: "2026-11-23T09:00:00Z")
        #expect(silent.pending.isEmpty)
        #expect(silent.removed.count == 7)
    }

    @Test("The badge counts the habit reminders delivered and still open")
    func badge() throws {
        let result = try plan(
            habitPrefs("Europe/Madrid", [HabitSettings(id: "a", name: "A", hoursBefore: 6), HabitSettings(id: "b", name: "B", hoursBefore: 2)]),
            at: "2026-11-23T08:00:00Z")
        let today = result.pending.filter { $0.identifier.hasSuffix("2026-11-23") }
        #expect(today.map(\.identifier) == ["habit-reminder-a-2026-11-23", "habit-reminder-b-2026-11-23"])
        #expect(today.map(\.badge) == [1, 2])
        #expect(result.pending.first { $0.identifier == "habit-reminder-a-2026-11-24" }?.badge == 1)
        // After the first one is delivered, the second keeps its badge: nothing is replaced.
        let prefs = habitPrefs("Europe/Madrid", [HabitSettings(id: "a", name: "A", hoursBefore: 6), HabitSettings(id: "b", name: "B", hoursBefore: 2)])
        let later = try plan(prefs, roundTrip(result.state), at: "2026-11-23T19:00:00Z")
        #expect(later.isEmpty)
        #expect(later.pending.first { $0.identifier == "habit-reminder-b-2026-11-23" }?.badge == 2)
        // Doing habit A lowers B's badge.
        let done = try plan(
            prefs, roundTrip(later.state), events: [PlannerEvent(.habitCompleted(habitID: "a"), at: instant("2026-11-23T19:10:00Z"))],
            at: "2026-11-23T19:15:00Z")
        #expect(done.added.map(\.identifier) == ["habit-reminder-b-2026-11-23"])
        #expect(done.added.first?.badge == 1)
    }

    @Test("Hours before must be 1 to 23")
    func hoursRange() {
        #expect(throws: Diagnostic.self) {
            try plan(habitPrefs("Europe/Madrid", [HabitSettings(id: "h", name: "x", hoursBefore: 24)]), at: "2026-11-23T08:00:00Z")
        }
        #expect(throws: Diagnostic.self) {
            try plan(habitPrefs("Europe/Madrid", [HabitSettings(id: "h", name: "x", hoursBefore: 0)]), at: "2026-11-23T08:00:00Z")
        }
    }

    func stepPrefs() -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.steps.goalEnabled = true
        p.steps.halfwayEnabled = true
        p.steps.workoutEnabled = true
        p.steps.unlockEnabled = true
        p.steps.goal = 10_000
        return p
    }

    @Test("Goal, halfway and unlock: once per local day, only in the background")
    func steps() throws {
        let events = [
            PlannerEvent(.stepsUpdated(steps: 5_120, goal: nil), at: instant("2026-11-23T12:00:00Z")),
            PlannerEvent(.stepsUpdated(steps: 6_000, goal: nil), at: instant("2026-11-23T12:10:00Z")),
            PlannerEvent(.stepsUpdated(steps: 10_432, goal: nil), at: instant("2026-11-23T12:20:00Z")),
            PlannerEvent(.stepsUpdated(steps: 11_000, goal: nil), at: instant("2026-11-23T12:25:00Z")),
            PlannerEvent(.appsUnlocked(steps: 10_432, goal: nil), at: instant("2026-11-23T12:21:00Z"))
        ]
        let result = try plan(stepPrefs(), events: events, at: "2026-11-23T12:30:00Z")
        #expect(result.added.map(\.identifier).sorted() == ["apps-unlocked-2026-11-23", "goal-achievement-2026-11-23", "steps-halfway-2026-11-23"])
        let goal = try #require(result.added.first { $0.kind == .stepGoal })
        #expect(goal.body.contains("bonus=432") && goal.body.contains("goal=10000") && goal.body.contains("steps=10432"))
        #expect(goal.categoryIdentifier == "GOAL_ACHIEVEMENT")
        #expect(goal.trigger == .immediate)
        let halfway = try #require(result.added.first { $0.kind == .stepHalfway })
        #expect(halfway.body.contains("remaining=4880") && halfway.body.contains("progress=0.512"))
        // Later that day: nothing again. After midnight the markers are cleaned up and a new day may notify.
        let again = try plan(
            stepPrefs(), roundTrip(result.state), events: [PlannerEvent(.stepsUpdated(steps: 12_000, goal: nil), at: instant("2026-11-23T20:00:00Z"))],
            at: "2026-11-23T20:00:05Z")
        #expect(again.added.isEmpty)
        let nextDay = try plan(
            stepPrefs(), roundTrip(again.state), events: [PlannerEvent(.stepsUpdated(steps: 10_000, goal: nil), at: instant("2026-11-24T10:00:00Z"))],
            at: "2026-11-24T10:00:05Z")
        #expect(nextDay.added.map(\.identifier) == ["goal-achievement-2026-11-24"])
        #expect(nextDay.added.first?.body.contains("bonus=0") == true)
        #expect(nextDay.noteDetails.contains { $0.code == .markersCleaned && $0.parameters["count"] == "3" })
        #expect(nextDay.state.dailyMarkers == ["goal-achievement-2026-11-24"])
    }

    @Test("A goal notification's variant differs from the previous day's")
    func goalVariants() throws {
        var state = SchedulerState()
        var variants: [Int] = []
        for offset in 0..<10 {
            let at = WallClock.instant(on: day("2026-11-01").adding(days: offset), at: TimeOfDay(hour: 18), in: zone("Europe/Madrid"))
            let result = try Planner.plan(
                preferences: stepPrefs(), state: state, events: [PlannerEvent(.stepsUpdated(steps: 10_500, goal: nil), at: at)],
                now: at.addingTimeInterval(10), content: FakeContent())
            variants += result.added.filter { $0.kind == .stepGoal }.compactMap(\.variant)
            state = result.state
        }
        #expect(variants.count == 10)
        for (a, b) in zip(variants, variants.dropFirst()) { #expect(a != b) }
    }

    @Test("No step notifications in the foreground, without authorization, or for stale events")
    func stepGuards() throws {
        let foreground = [
            PlannerEvent(.appForeground, at: instant("2026-11-23T11:00:00Z")),
            PlannerEvent(.stepsUpdated(steps: 10_500, goal: nil), at: instant("2026-11-23T12:00:00Z"))
        ]
        #expect(try plan(stepPrefs(), events: foreground, at: "2026-11-23T12:00:10Z").added.isEmpty)
        let back = foreground + [PlannerEvent(.appBackground, at: instant("2026-11-23T11:30:00Z"))]
        #expect(try plan(stepPrefs(), events: back, at: "2026-11-23T12:00:10Z").added.count == 1)
        var provisional = stepPrefs()
        provisional.authorization = .provisional
        #expect(try plan(provisional, events: back, at: "2026-11-23T12:00:10Z").added.isEmpty)
        let stale = try plan(
            stepPrefs(), events: [PlannerEvent(.stepsUpdated(steps: 10_500, goal: nil), at: instant("2026-11-23T09:00:00Z"))], at: "2026-11-23T12:00:00Z")
        #expect(stale.added.isEmpty)
        #expect(stale.noteDetails.contains { $0.code == .eventsStale })
        var off = stepPrefs()
        off.steps.goalEnabled = false
        #expect(
            try plan(off, events: [PlannerEvent(.stepsUpdated(steps: 10_500, goal: nil), at: instant("2026-11-23T12:00:00Z"))], at: "2026-11-23T12:00:10Z")
                .added.isEmpty)
    }

    @Test("Workout completion: once per workout id ever, with the view action")
    func workouts() throws {
        let w = PlannerEvent(.workoutCompleted(id: "9F1C", activity: "ride", durationSeconds: 4800, distanceKm: 8.42), at: instant("2026-11-23T12:00:00Z"))
        let first = try plan(stepPrefs(), events: [w], at: "2026-11-23T12:01:00Z")
        let request = try #require(first.added.first)
        #expect(request.identifier == "workout-completion-9F1C")
        #expect(request.categoryIdentifier == "WORKOUT_COMPLETION")
        #expect(request.userInfo["workoutId"] == "9F1C")
        #expect(request.body.contains("activity=ride") && request.body.contains("duration=4800") && request.body.contains("distanceKm=8.4"))
        // The same workout reported again (a new event, later) is not announced twice.
        let again = PlannerEvent(.workoutCompleted(id: "9F1C", activity: "ride", durationSeconds: 4800, distanceKm: 8.42), at: instant("2026-11-23T12:30:00Z"))
        #expect(try plan(stepPrefs(), first.state, events: [again], at: "2026-11-23T12:31:00Z").added.isEmpty)
    }

    func intervalPrefs() -> NotificationPreferences {
        var p = NotificationPreferences.base("Asia/Shanghai", locale: "zh-Hans")
        p.interval.enabled = true
        return p
    }

    @Test("Interval: the next reminder N seconds after it was set, TIMER_REMINDER, re-armed by its action")
    func interval() throws {
        let set = PlannerEvent(.intervalSet(seconds: 45), at: instant("2026-11-23T12:00:00Z"))
        let first = try plan(intervalPrefs(), events: [set], at: "2026-11-23T12:00:01Z")
        let request = try #require(first.added.first)
        #expect(request.identifier == "interval-reminder")
        #expect(request.categoryIdentifier == "TIMER_REMINDER")
        // The delay counts from when the app adds the request (now, 12:00:01): it fires at 12:00:45.
        #expect(request.trigger == .interval(seconds: 44))
        #expect(request.fireDate == instant("2026-11-23T12:00:45Z"))
        #expect(!request.floating)
        // Still pending at the next run: unchanged.
        #expect(try plan(intervalPrefs(), first.state, at: "2026-11-23T12:00:20Z").isEmpty)
        // Re-armed from the notification's action with another delay: replaced.
        let rearm = PlannerEvent(.intervalSet(seconds: 300), at: instant("2026-11-23T12:00:30Z"))
        let second = try plan(intervalPrefs(), first.state, events: [rearm], at: "2026-11-23T12:00:31Z")
        #expect(second.removed == ["interval-reminder"])
        #expect(second.added.first?.fireDate == instant("2026-11-23T12:05:30Z"))
        let cancelled = try plan(
            intervalPrefs(), second.state, events: [PlannerEvent(.intervalCancelled, at: instant("2026-11-23T12:01:00Z"))], at: "2026-11-23T12:01:01Z")
        #expect(cancelled.pending.isEmpty)
        #expect(cancelled.removed == ["interval-reminder"])
    }

    @Test("An intervalSet without seconds uses the preference; decoded from JSON Lines")
    func intervalDefault() throws {
        var p = intervalPrefs()
        p.interval.seconds = 90
        let parsed = try PlannerEvent.parseJSONLines(#"{"type": "intervalSet", "timestamp": "2026-11-23T12:00:00Z"}"#)
        let result = try plan(p, events: parsed.map(\.event), at: "2026-11-23T12:00:01Z")
        #expect(result.added.first?.trigger == .interval(seconds: 89))
        #expect(result.added.first?.fireDate == instant("2026-11-23T12:01:30Z"))
        #expect(result.state.intervalSeconds == 90)
    }

    @Test("Interval out of 10…300 s is a clear error", arguments: [0, 9, 301, -5])
    func intervalRange(_ seconds: Int) {
        let error = #expect(throws: Diagnostic.self) {
            try plan(intervalPrefs(), events: [PlannerEvent(.intervalSet(seconds: seconds), at: instant("2026-11-23T12:00:00Z"))], at: "2026-11-23T12:00:01Z")
        }
        #expect(error?.code == .intervalOutOfRange)
        #expect(error?.message.contains("10 to 300 seconds") == true)
        #expect(error?.eventIndex == 0)
        var p = intervalPrefs()
        p.interval.seconds = seconds
        #expect(throws: Diagnostic.self) { try plan(p, at: "2026-11-23T12:00:01Z") }
    }
}
