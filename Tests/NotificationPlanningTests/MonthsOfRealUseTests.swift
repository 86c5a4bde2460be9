import Foundation
import Testing
@testable import NotificationPlanning

/// The instant at which a device whose zone is `deviceZone` fires `request`'s calendar trigger
/// the way `UNCalendarNotificationTrigger` reads it: the trigger's zone when it has one, else
/// the device's; a repeated wall time names its first pass; a skipped one moves forward.
/// - Returns: nil for interval and immediate triggers (they fire relative to when they are added).
func triggerInstant(_ request: NotificationRequest, deviceZone: String) -> Date? {
    guard case let .calendar(date, time, second, triggerZone) = request.trigger else { return nil }
    return WallClock.instant(on: date, at: time, second: second, in: zone(triggerZone ?? deviceZone))
}

/// Months of real use: each problem found there (travel, changed settings, days without a
/// launch), reproduced as a user would meet it with two or three runs.
@Suite("Months of real use")
struct MonthsOfRealUseTests {
    func affirmations(_ zoneID: String = "Europe/Madrid", time: TimeOfDay = TimeOfDay(hour: 10)) -> NotificationPreferences {
        var p = NotificationPreferences.base(zoneID)
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = time
        return p
    }

    func dates(_ result: PlanResult, _ kind: NotificationKind) -> [String] {
        result.pending.filter { $0.kind == kind }.map { String($0.identifier.suffix(10)) }
    }

    // MARK: 1. The window is kept full

    @Test(
        "1. Every run tops the affirmation window up to 7 dated requests",
        arguments: [
            ("2026-11-24T12:00:00Z", "2026-11-25"),
            ("2026-11-25T12:00:00Z", "2026-11-26"),
            ("2026-11-27T12:00:00Z", "2026-11-28")
        ])
    func windowKeptFull(_ later: String, _ firstDate: String) throws {
        let first = try plan(affirmations(), at: "2026-11-23T08:00:00Z")
        let next = try plan(affirmations(), roundTrip(first.state), at: later)
        let planned = dates(next, .dailyAffirmation)
        #expect(planned.count == 7)
        #expect(planned.first == firstDate)
        #expect(next.removed.isEmpty)
        // Re-planning the same input changes nothing.
        let again = try plan(affirmations(), roundTrip(next.state), at: later)
        #expect(again.isEmpty)
        #expect(again.pending == next.pending)
    }

    @Test("1. The old threshold stays available as a preference")
    func thresholdPreference() throws {
        var p = affirmations()
        p.dailyAffirmation.refillBelow = 2
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        let later = try plan(p, roundTrip(first.state), at: "2026-11-27T12:00:00Z")
        #expect(later.isEmpty)
        #expect(dates(later, .dailyAffirmation) == ["2026-11-28", "2026-11-29"])
    }

    // MARK: 2. One affirmation per local date, ever

    @Test("2. A date whose affirmation fired is not planned again after a westward flight", arguments: [true, false])
    func westwardRelivedDate(_ launchBeforeFlight: Bool) throws {
        let p = affirmations(time: TimeOfDay(hour: 7, minute: 30))
        var state = try plan(p, at: "2026-10-10T20:00:00Z").state
        // 2026-10-11 07:30 in Madrid (05:30Z) fires; then the user flies to Pago Pago (UTC−11).
        if launchBeforeFlight {
            state = try roundTrip(try plan(p, state, at: "2026-10-11T06:00:00Z").state)
        }
        let flight = PlannerEvent(.timeZoneChanged(timeZone: "Pacific/Pago_Pago"), at: instant("2026-10-11T08:00:00Z"))
        let after = try plan(p, state, events: [flight], at: "2026-10-11T09:00:00Z")  // 22:00 on 10 October there
        #expect(!after.pending.contains { $0.identifier == "daily-affirmation-2026-10-11" })
        #expect(dates(after, .dailyAffirmation).first == "2026-10-12")
        #expect(dates(after, .dailyAffirmation).count == 7)
    }

    // MARK: 3. Pending in the device's current zone

    @Test("3. A floating reminder whose old fire date is past but whose wall time is ahead in the new zone is removed after an achievement")
    func floatingPendingInNewZone() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.achievementReminder.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 19)
        let first = try plan(p, at: "2026-11-10T08:00:00Z")  // 19:00 Madrid = 18:00Z
        #expect(dates(first, .achievementReminder).first == "2026-11-10")
        let events = [
            PlannerEvent(.timeZoneChanged(timeZone: "America/Santiago"), at: instant("2026-11-10T09:00:00Z")),
            PlannerEvent(.achievementRecorded(id: "a1"), at: instant("2026-11-10T10:00:00Z"))  // 07:00 in Santiago
        ]
        // 16:00 in Santiago: the stored fire date (18:00Z) is past, but 19:00 in Santiago (22:00Z) is ahead.
        let later = try plan(p, roundTrip(first.state), events: events, at: "2026-11-10T19:00:00Z")
        #expect(later.removed.contains("achievement-reminder-2026-11-10"))
        #expect(!later.pending.contains { $0.identifier == "achievement-reminder-2026-11-10" })
        #expect(later.pending.filter { $0.kind == .achievementReminder }.allSatisfy { $0.timeZone == "America/Santiago" })
    }

    // MARK: 4. A fixed instant in a repeated hour

    @Test(
        "4. A habit reminder in the second pass of a repeated hour has a trigger naming that instant",
        arguments: [
            ("Europe/Madrid", 22, "2026-10-24T20:00:00Z", "2026-10-25", "2026-10-25T01:00:00Z"),
            ("America/New_York", 23, "2026-10-31T20:00:00Z", "2026-11-01", "2026-11-01T06:00:00Z"),
            ("America/Santiago", 1, "2026-04-04T12:00:00Z", "2026-04-04", "2026-04-05T03:00:00Z")
        ])
    func secondPassTrigger(_ zoneID: String, _ hours: Int, _ now: String, _ period: String, _ expected: String) throws {
        var p = NotificationPreferences.base(zoneID)
        p.habits = [HabitSettings(id: "h", name: "Stretch", hoursBefore: hours)]
        let result = try plan(p, at: now)
        let request = try #require(result.pending.first { $0.identifier == "habit-reminder-h-\(period)" })
        #expect(request.fireDate == instant(expected))
        #expect(triggerInstant(request, deviceZone: zoneID) == request.fireDate)
        // Whatever zone the device is in: a fixed instant does not float.
        #expect(triggerInstant(request, deviceZone: "Asia/Tokyo") == request.fireDate)
        // The trigger survives the JSON of `msgtool schedule`.
        let decoded = try JSONDecoder().decode(NotificationRequest.self, from: JSONEncoder().encode(request))
        #expect(decoded.trigger == request.trigger)
    }

    @Test(
        "4. Every fixed trigger names its fire date, in and out of DST changes",
        arguments: ["Europe/Madrid", "America/New_York", "America/Santiago", "Australia/Lord_Howe"])
    func fixedTriggersExact(_ zoneID: String) throws {
        var p = NotificationPreferences.base(zoneID)
        p.habits = (1...23).map { HabitSettings(id: "h\($0)", name: "Habit \($0)", hoursBefore: $0) }
        p.budget = 64
        for start in ["2026-03-27T12:00:00Z", "2026-10-23T12:00:00Z", "2026-04-02T12:00:00Z", "2026-09-04T12:00:00Z", "2026-10-30T12:00:00Z"] {
            let result = try plan(p, at: start)
            for request in result.pending where !request.floating {
                #expect(triggerInstant(request, deviceZone: zoneID) == request.fireDate, "\(request.identifier) in \(zoneID)")
            }
        }
    }

    // MARK: 5. Weekly reminders

    @Test("5. The next weekly reminder is planned even beyond the 7-day horizon", arguments: [false, true])
    func weeklyNextOccurrence(_ achievementToday: Bool) throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.achievementReminder.enabled = true
        p.achievementReminder.frequency = .weekly
        p.achievementReminder.time = TimeOfDay(hour: 20)
        p.achievementReminder.anchorDate = day("2026-11-21")
        let events = achievementToday ? [PlannerEvent(.achievementRecorded(id: "a"), at: instant("2026-11-21T09:00:00Z"))] : []
        // Today's occurrence is either past (22:00) or skipped (an achievement at 10:00).
        let result = try plan(p, events: events, at: achievementToday ? "2026-11-21T10:00:00Z" : "2026-11-21T21:00:00Z")
        #expect(dates(result, .achievementReminder) == ["2026-11-28"])
    }

    // MARK: 6. Travel

    @Test("6. After a zone change the whole window and the reminders are planned again in the new zone", arguments: [nil, 2] as [Int?])
    func travelRefill(_ refillBelow: Int?) throws {
        var p = affirmations()
        if let refillBelow { p.dailyAffirmation.refillBelow = refillBelow }
        p.achievementReminder.enabled = true
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        let flight = PlannerEvent(.timeZoneChanged(timeZone: "Asia/Shanghai"), at: instant("2026-11-24T02:00:00Z"))
        let later = try plan(p, roundTrip(first.state), events: [flight], at: "2026-11-24T03:00:00Z")  // 11:00 in Shanghai
        let window = later.pending.filter { $0.kind == .dailyAffirmation }
        #expect(window.count == 7)
        #expect(window.map { String($0.identifier.suffix(10)) }.first == "2026-11-25")
        for request in later.pending where request.floating {
            #expect(request.timeZone == "Asia/Shanghai")
            #expect(triggerInstant(request, deviceZone: "Asia/Shanghai") == request.fireDate)
        }
        let again = try plan(p, roundTrip(later.state), events: [flight], at: "2026-11-24T03:00:00Z")
        #expect(again.isEmpty)
    }

    // MARK: 7. Bounded state

    @Test("7. Every part of the state stays bounded over 400 days of workouts and achievements")
    func boundedState() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.steps.workoutEnabled = true
        p.milestones.enabled = true
        p.habits = [HabitSettings(id: "h", name: "Read")]
        var state = SchedulerState()
        let start = instant("2026-01-01T12:00:00Z")
        for dayIndex in 0..<400 {
            let now = start.addingTimeInterval(TimeInterval(dayIndex) * 86_400)
            let events = [
                PlannerEvent(.workoutCompleted(id: "w\(dayIndex)", activity: "run", durationSeconds: 1800, distanceKm: 5), at: now.addingTimeInterval(-600)),
                PlannerEvent(.achievementRecorded(id: "a\(dayIndex)"), at: now.addingTimeInterval(-500)),
                PlannerEvent(.habitCompleted(habitID: "h"), at: now.addingTimeInterval(-400)),
                PlannerEvent(.habitDeleted(habitID: "gone\(dayIndex)"), at: now.addingTimeInterval(-300))
            ]
            state = try roundTrip(try Planner.plan(preferences: p, state: state, events: events, now: now, content: FakeContent()).state)
        }
        // The bounds documented in docs/scheduling.md ("What the state keeps").
        #expect(state.workoutsNotified.count <= Planner.eventMemoryDays + 1)
        #expect(state.monthlyCounts.count <= 13)
        #expect(state.yearlyCounts.count <= 2)
        #expect(state.deletedHabits.count <= p.habits.count)
        #expect(state.achievementDays.count <= 401)
        #expect(state.processedEvents.count <= 4 * (Planner.eventMemoryDays + 1))
        #expect(state.habitCompletions.values.allSatisfy { $0.count <= 15 })
    }
}
