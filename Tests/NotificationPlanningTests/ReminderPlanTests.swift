import Foundation
import Testing
@testable import NotificationPlanning

@Suite("Achievement reminders and milestones")
struct ReminderPlanTests {
    func prefs(_ frequency: ReminderFrequency, anchor: String? = nil) -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.achievementReminder.enabled = true
        p.achievementReminder.frequency = frequency
        p.achievementReminder.time = TimeOfDay(hour: 20)
        p.achievementReminder.anchorDate = anchor.map(day)
        return p
    }

    func dates(_ result: PlanResult, _ kind: NotificationKind) -> [String] {
        result.pending.filter { $0.kind == kind }.map { String($0.identifier.suffix(10)) }
    }

    @Test(
        "Daily, every 3 days and weekly, anchored on the chosen day",
        arguments: [
            (ReminderFrequency.daily, ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]),
            (.everyThreeDays, ["2026-11-24", "2026-11-27"]),
            (.weekly, ["2026-11-28"])
        ])
    func frequencies(_ frequency: ReminderFrequency, _ expected: [String]) throws {
        let result = try plan(prefs(frequency, anchor: "2026-11-21"), at: "2026-11-23T08:00:00Z")
        #expect(dates(result, .achievementReminder) == expected)
        let request = try #require(result.pending.first)
        #expect(request.categoryIdentifier == "ACHIEVEMENT_REMINDER")
        #expect(ISO8601Instant.string(request.fireDate, in: zone("Europe/Madrid")).hasSuffix("T20:00:00+01:00"))
    }

    @Test("Without an anchor date, the first run's day is kept: re-running never shifts the cycle")
    func anchorKept() throws {
        let p = prefs(.everyThreeDays)
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(dates(first, .achievementReminder) == ["2026-11-23", "2026-11-26", "2026-11-29"])
        #expect(first.state.reminderAnchor?.date == day("2026-11-23"))
        let later = try plan(p, roundTrip(first.state), at: "2026-11-24T08:00:00Z")
        #expect(dates(later, .achievementReminder) == ["2026-11-26", "2026-11-29"])
        #expect(later.isEmpty)
        // Choosing another frequency re-anchors on that day.
        let weekly = try plan(prefs(.weekly), roundTrip(later.state), at: "2026-11-24T08:00:00Z")
        #expect(dates(weekly, .achievementReminder) == ["2026-11-24"])
    }

    @Test("No reminder on a day with an achievement")
    func notAfterAchievement() throws {
        let p = prefs(.daily)
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(dates(first, .achievementReminder).first == "2026-11-23")
        let recorded = PlannerEvent(.achievementRecorded(id: "a1"), at: instant("2026-11-23T12:00:00Z"))
        let after = try plan(p, roundTrip(first.state), events: [recorded], at: "2026-11-23T12:05:00Z")
        #expect(after.removed == ["achievement-reminder-2026-11-23"])
        #expect(after.added.isEmpty)
        #expect(dates(after, .achievementReminder).first == "2026-11-24")
    }

    @Test("Variants never repeat back to back, and pending ones keep theirs")
    func variantsInARow() throws {
        var p = prefs(.daily)
        p.userSeed = 99
        var state = SchedulerState()
        var seen: [String: Int] = [:]
        for dayOffset in 0..<20 {
            let now = WallClock.instant(on: day("2026-11-23").adding(days: dayOffset), at: TimeOfDay(hour: 8), in: zone("Europe/Madrid"))
            let result = try Planner.plan(preferences: p, state: state, events: [], now: now, content: FakeContent())
            for request in result.pending where request.kind == .achievementReminder {
                if let old = seen[request.identifier] { #expect(old == request.variant) }
                seen[request.identifier] = request.variant
            }
            state = try roundTrip(result.state)
        }
        let ordered = seen.keys.sorted().map { seen[$0]! }
        for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(a != b) }
        #expect(Set(ordered).count > 2)
    }

    func milestonePrefs() -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.milestones.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 20)
        return p
    }

    @Test("Streak and count milestones are sent once ever")
    func streaks() throws {
        var state = SchedulerState()
        var sent: [String] = []
        // One achievement a day for 8 days, two on day 5: the 10th achievement falls on day 8.
        for offset in 0..<8 {
            let at = WallClock.instant(on: day("2026-11-01").adding(days: offset), at: TimeOfDay(hour: 12), in: zone("Europe/Madrid"))
            var events = [PlannerEvent(.achievementRecorded(id: "d\(offset)"), at: at)]
            if offset == 4 { events.append(PlannerEvent(.achievementRecorded(id: "extra"), at: at.addingTimeInterval(60))) }
            let result = try Planner.plan(preferences: milestonePrefs(), state: state, events: events, now: at.addingTimeInterval(120), content: FakeContent())
            sent += result.added.filter { $0.kind == .milestoneStreak || $0.kind == .milestoneCount }.map(\.identifier)
            state = try roundTrip(result.state)
        }
        #expect(sent == ["milestone-streak-3", "milestone-streak-7"])
        #expect(state.achievementCount == 9)
        let tenth = PlannerEvent(.achievementRecorded(id: "ten"), at: instant("2026-11-08T13:00:00Z"))
        let result = try plan(milestonePrefs(), state, events: [tenth], at: "2026-11-08T13:01:00Z")
        let count = try #require(result.added.first { $0.kind == .milestoneCount })
        #expect(count.identifier == "milestone-count-10")
        #expect(count.trigger == .immediate)
        #expect(count.body.contains("count=10"))
        // A broken streak that reaches 3 again does not celebrate 3 twice.
        var later = result.state
        for offset in 0..<3 {
            let at = WallClock.instant(on: day("2026-11-20").adding(days: offset), at: TimeOfDay(hour: 12), in: zone("Europe/Madrid"))
            let r = try Planner.plan(
                preferences: milestonePrefs(), state: later, events: [PlannerEvent(.achievementRecorded(id: "l\(offset)"), at: at)],
                now: at.addingTimeInterval(5), content: FakeContent())
            #expect(!r.added.contains { $0.kind == .milestoneStreak })
            later = r.state
        }
    }

    @Test("Monthly summary on the 1st and yearly on 1 January, at the reminder time, with the previous period's count")
    func summaries() throws {
        var state = SchedulerState()
        for (i, at) in ["2026-12-03T12:00:00Z", "2026-12-10T12:00:00Z", "2026-12-31T23:30:00Z"].enumerated() {
            let result = try plan(milestonePrefs(), state, events: [PlannerEvent(.achievementRecorded(id: "x\(i)"), at: instant(at))], at: at)
            state = result.state
        }
        // 2026-12-31T23:30Z is already 1 January 2027 in Madrid: it counts for January.
        #expect(state.monthlyCounts == ["2026-12": 2, "2027-01": 1])
        #expect(state.yearlyCounts == ["2026": 2, "2027": 1])
        let early = try plan(milestonePrefs(), state, at: "2026-12-31T23:45:00Z")
        let monthly = try #require(early.pending.first { $0.kind == .milestoneMonthly })
        #expect(monthly.identifier == "milestone-monthly-2026-12")
        #expect(ISO8601Instant.string(monthly.fireDate, in: zone("Europe/Madrid")) == "2027-01-01T20:00:00+01:00")
        #expect(monthly.body.contains("count=2"))
        #expect(monthly.floating)
        let yearly = try #require(early.pending.first { $0.kind == .milestoneYearly })
        #expect(yearly.identifier == "milestone-yearly-2026")
        #expect(yearly.fireDate == monthly.fireDate)
        #expect(yearly.body.contains("count=2"))
        // After 20:00 on the 1st, the next summaries are February's (for January) and 2028's.
        let after = try plan(milestonePrefs(), early.state, at: "2027-01-01T19:30:00Z")
        #expect(after.pending.first { $0.kind == .milestoneMonthly }?.identifier == "milestone-monthly-2027-01")
        #expect(after.pending.first { $0.kind == .milestoneYearly }?.identifier == "milestone-yearly-2027")
        #expect(after.pending.first { $0.kind == .milestoneMonthly }?.body.contains("count=1") == true)
    }

    @Test(
        "Retrieval shows the preview only when allowed",
        arguments: [
            (true, true, "retrieval.preview"), (false, true, "retrieval.no_preview"), (true, false, "retrieval.no_preview")
        ])
    func retrieval(_ includePreview: Bool, _ system: Bool, _ key: String) throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.retrieval.enabled = true
        p.retrieval.includePreview = includePreview
        p.retrieval.systemAllowsPreviews = system
        let event = PlannerEvent(
            .achievementRetrieved(id: "a7", text: "Ran 10K", recordedOn: instant("2026-05-14T09:30:00Z")), at: instant("2026-11-23T10:00:00Z"))
        let result = try plan(p, events: [event], at: "2026-11-23T10:00:30Z")
        let request = try #require(result.added.first)
        #expect(request.identifier == "retrieval-a7-2026-11-23")
        #expect(request.body.hasPrefix(key))
        #expect(request.body.contains("Ran 10K") == (key == "retrieval.preview"))
        #expect(request.categoryIdentifier == "ACHIEVEMENT_RETRIEVAL")
        #expect(request.userInfo["achievementId"] == "a7")
        #expect(!request.floating)
        #expect(request.fireDate == instant("2026-11-23T10:00:31Z"))
    }
}
