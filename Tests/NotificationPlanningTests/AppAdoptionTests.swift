import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning
import AffirmationSelector
import ToolkitSupport
import ToolkitJSON

/// What apps adopting the planner as they are need: their own texts, their facts, their shapes
/// and presentation per kind, planned event notifications, their own thresholds and a fair budget.
@Suite("Apps as they are: content, facts, shapes, presentation")
struct AppAdoptionTests {
    static let madrid = "Europe/Madrid"

    func affirmationPrefs() -> NotificationPreferences {
        var p = NotificationPreferences.base(Self.madrid)
        p.dailyAffirmation.enabled = true
        return p
    }

    // MARK: Content from the app

    @Test("A content source gives the daily affirmation's text; userInfo names the app's text")
    func contentSourceText() throws {
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { request in
            guard request.kind == .dailyAffirmation else { return nil }
            let n = request.date.dayNumber % 365
            return AppContent(title: "Today", body: "Affirmation \(n) for Ana", userInfo: ["affirmationNumber": .int(n)], textID: "affirmation-\(n)")
        }
        let result = try Planner.plan(
            preferences: affirmationPrefs(), state: SchedulerState(), events: [],
            now: instant("2026-11-23T08:00:00Z"), content: FakeContent(), configuration: configuration)
        let first = try #require(result.added.first)
        let n = day("2026-11-23").dayNumber % 365
        #expect(first.title == "Today" && first.body == "Affirmation \(n) for Ana")
        #expect(first.userInfo["textSource"] == "app" && first.userInfo["textId"] == "affirmation-\(n)")
        #expect(first.userInfo["affirmationIndex"] == nil && first.userInfo["variant"] == nil)
        #expect(first.appUserInfo == ["affirmationNumber": .int(n)])
        #expect(result.state.pending == result.pending)
        // Planning again with the same source changes nothing.
        let again = try Planner.plan(
            preferences: affirmationPrefs(), state: try roundTrip(result.state), events: [],
            now: instant("2026-11-23T08:00:00Z"), content: FakeContent(), configuration: configuration)
        #expect(again.isEmpty)
    }

    @Test("A content source's arguments reach the catalog's message (an app catalog asking for {name})")
    func contentSourceArguments() throws {
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { _ in AppContent(arguments: ["name": .string("Ana")]) }
        let result = try Planner.plan(
            preferences: affirmationPrefs(), state: SchedulerState(), events: [],
            now: instant("2026-11-23T08:00:00Z"), content: FakeContent(), configuration: configuration)
        #expect(result.added.allSatisfy { $0.body.contains("name=Ana") && $0.userInfo["textSource"] == nil && $0.userInfo["variant"] != nil })
    }

    @Test("A failing content source is a content error naming the request")
    func contentSourceFailure() throws {
        struct Offline: Error {}
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { _ in throw Offline() }
        #expect {
            try Planner.plan(
                preferences: affirmationPrefs(), state: SchedulerState(), events: [],
                now: instant("2026-11-23T08:00:00Z"), content: FakeContent(), configuration: configuration)
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.code == .content && diagnostic?.message.contains("daily-affirmation-2026-11-23") == true
        }
    }

    @Test("The app's own list: the notification shows what AffirmationSelector gives the home card and widget")
    func appListMatchesSelector() throws {
        let list = (1...365).map { "Affirmation number \($0)." }
        var prefs = affirmationPrefs()
        prefs.locale = "es"
        prefs.dailyAffirmation.affirmations = list
        let content = try ContentGenerator.bundled()
        let result = try Planner.plan(preferences: prefs, state: SchedulerState(), events: [], now: instant("2026-11-23T08:00:00Z"), content: content)
        #expect(result.added.count == 7)
        for request in result.added {
            let card = try AffirmationSelector.dailyAffirmation(
                for: request.fireDate, from: list, locale: Locale(identifier: "es"),
                timeZone: zone(Self.madrid), content: content)
            #expect(request.body == card.body && request.title == card.title)
            #expect(request.userInfo["affirmationIndex"] == String(card.index) && request.userInfo["affirmationSource"] == "app")
            #expect(request.body.contains(list[card.index]))
        }
    }

    @Test("An empty list of affirmations is an error naming the setting")
    func emptyList() throws {
        var prefs = affirmationPrefs()
        prefs.dailyAffirmation.affirmations = []
        #expect { try plan(prefs, at: "2026-11-23T08:00:00Z") } throws: { ($0 as? Diagnostic)?.location.keyPath == "dailyAffirmation.affirmations" }
    }

    // MARK: Shapes and presentation per kind

    func habitPrefs() -> NotificationPreferences {
        var p = NotificationPreferences.base(Self.madrid)
        p.habits = [HabitSettings(id: "read", name: "Read", hoursBefore: 3)]
        var options = KindOptions()
        options.identifierPrefix = "habitapp.reminder"
        options.category = KindCategory(
            identifier: "HABIT_CATEGORY", actions: [NotificationActionSpec(identifier: "DONE", title: "Done", options: ["foreground"])])
        options.threadIdentifier = "habits"
        options.userInfo = ["habitID": .string("read"), "snoozable": .bool(true), "since": .date(instant("2026-01-01T00:00:00Z"))]
        options.sound = .named("chime.caf")
        options.interruptionLevel = .timeSensitive
        options.relevanceScore = 0.75
        options.badge = BadgePolicy.none
        p.kinds[.habitReminder] = options
        return p
    }

    @Test("Identifier, category, thread, userInfo, sound, interruption level, relevance and badge per kind")
    func shapesAndPresentation() throws {
        let result = try plan(habitPrefs(), at: "2026-11-23T08:00:00Z")
        let first = try #require(result.added.first)
        #expect(first.identifier == "habitapp.reminder-read-2026-11-23")
        #expect(first.categoryIdentifier == "HABIT_CATEGORY" && first.threadIdentifier == "habits")
        #expect(first.appUserInfo["habitID"] == .string("read") && first.appUserInfo["snoozable"] == .bool(true))
        #expect(first.sound == .named("chime.caf") && first.interruptionLevel == .timeSensitive && first.relevanceScore == 0.75)
        #expect(first.badge == nil)
        #expect(first.userInfo["kind"] == "habit-reminder")
        // The saved state is what the centre gets, through the state file too.
        let stored = try roundTrip(result.state)
        #expect(stored.pending == result.pending)
        #expect(try plan(habitPrefs(), stored, at: "2026-11-23T08:00:00Z").isEmpty)
        // Completing the habit removes the request under its own identifier.
        let done = try plan(
            habitPrefs(), stored, events: [PlannerEvent(.habitCompleted(habitID: "read"), at: instant("2026-11-23T08:30:00Z"))],
            at: "2026-11-23T09:00:00Z")
        #expect(done.removed == ["habitapp.reminder-read-2026-11-23"])
    }

    @Test("The request JSON carries the new members only when set, and the stream writer agrees with JSONEncoder")
    func requestJSON() throws {
        let plain = try plan(affirmationPrefs(), at: "2026-11-23T08:00:00Z")
        let shaped = try plan(habitPrefs(), at: "2026-11-23T08:00:00Z")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for request in [plain.added[0], shaped.added[0]] {
            var w = JSONStreamWriter()
            request.write(to: &w)
            #expect(String(decoding: w.bytes, as: UTF8.self) == String(decoding: try encoder.encode(request), as: UTF8.self))
            #expect(try InputLimits.decoder.decode(NotificationRequest.self, from: w.bytes) == request)
        }
        let text = String(decoding: try encoder.encode(plain.added[0]), as: UTF8.self)
        #expect(!text.contains("sound") && !text.contains("appUserInfo") && !text.contains("interruptionLevel"))
        let shapedText = String(decoding: try encoder.encode(shaped.added[0]), as: UTF8.self)
        #expect(shapedText.contains(#""sound":{"named":"chime.caf"}"#) && shapedText.contains(#""interruptionLevel":"time-sensitive""#))
        #expect(shapedText.contains(#""since":{"date":"2026-01-01T00:00:00Z"}"#) && shapedText.contains(#""relevanceScore":0.75"#))
    }

    @Test("Categories: the kinds with their own category get it, with the app's actions; the others keep the registry's")
    func categories() throws {
        let specs = try CategoryRegistry.categories(locale: "en", content: try ContentGenerator.bundled(), kinds: habitPrefs().kinds)
        #expect(!specs.contains { $0.identifier == "HABIT_REMINDER" })
        let own = try #require(specs.first { $0.identifier == "HABIT_CATEGORY" })
        #expect(own.kinds == [.habitReminder] && own.actions == [NotificationActionSpec(identifier: "DONE", title: "Done", options: ["foreground"])])
        #expect(specs.contains { $0.identifier == "DAILY_AFFIRMATION" })
    }

    @Test("The config's kinds: read from JSON; a bad value names its key")
    func kindsFromJSON() throws {
        let json =
            #"{"timeZone": "Europe/Madrid", "kinds": {"goal-achievement": {"delaySeconds": 10, "category": {"identifier": "PEDOMETER_GOAL"}, "sound": "none", "interruptionLevel": "passive", "badge": 0, "userInfo": {"steps": 10000}}}}"#
        let prefs = try InputLimits.decoder.decode(NotificationPreferences.self, from: Array(json.utf8))
        let goal = try #require(prefs.kinds[.stepGoal])
        #expect(goal.delaySeconds == 10 && goal.category?.identifier == "PEDOMETER_GOAL" && goal.sound == NotificationSound.none)
        #expect(goal.interruptionLevel == .passive && goal.badge == .value(0) && goal.userInfo == ["steps": .int(10_000)])
        let bad = #"{"timeZone": "Europe/Madrid", "kinds": {"goal-achievement": {"sound": "loud"}}}"#
        #expect(throws: DecodingError.self) { try InputLimits.decoder.decode(NotificationPreferences.self, from: Array(bad.utf8)) }
        var reserved = NotificationPreferences.base(Self.madrid)
        reserved.kinds[.stepGoal] = {
            var o = KindOptions(); o.userInfo = ["kind": .string("x")]; return o
        }()
        #expect { try reserved.validate() } throws: { ($0 as? Diagnostic)?.location.keyPath == "kinds.goal-achievement.userInfo.kind" }
        var clash = NotificationPreferences.base(Self.madrid)
        clash.kinds[.stepGoal] = {
            var o = KindOptions(); o.identifierPrefix = "steps-halfway"; return o
        }()
        #expect { try clash.validate() } throws: { ($0 as? Diagnostic)?.location.keyPath == "kinds.goal-achievement.identifierPrefix" }
    }

    @Test("A delay before an event notification: the goal waits 10 s after the event")
    func delayedGoal() throws {
        var prefs = NotificationPreferences.base(Self.madrid)
        prefs.steps.goalEnabled = true
        var options = KindOptions()
        options.delaySeconds = 10
        options.category = KindCategory(identifier: "PEDOMETER_GOAL")
        prefs.kinds[.stepGoal] = options
        let event = PlannerEvent(.stepsUpdated(steps: 10_500, goal: nil), at: instant("2026-11-23T08:00:00Z"))
        let result = try plan(prefs, events: [event], at: "2026-11-23T08:00:02Z")
        let goal = try #require(result.added.first)
        #expect(goal.trigger == .interval(seconds: 8) && goal.fireDate == instant("2026-11-23T08:00:10Z"))
        #expect(goal.categoryIdentifier == "PEDOMETER_GOAL")
        // Planned after the delay has passed: at once.
        let late = try plan(prefs, events: [event], at: "2026-11-23T08:05:00Z")
        #expect(late.added.first?.trigger == .immediate)
    }

    // MARK: The app's facts

    func milestonePrefs() -> NotificationPreferences {
        var p = NotificationPreferences.base(Self.madrid)
        p.milestones.enabled = true
        p.milestones.monthlySummary = false
        p.milestones.yearlySummary = false
        return p
    }

    @Test("Importing 128 achievements announces nothing; the next threshold is celebrated")
    func historyImport() throws {
        var counts: [LocalDate: Int] = [:]
        for i in 0..<64 { counts[day("2026-01-01").adding(days: i * 3)] = 2 }
        let imported = try plan(
            milestonePrefs(), events: [PlannerEvent(.achievementHistory(counts: counts), at: instant("2026-11-23T08:00:00Z"))],
            at: "2026-11-23T08:00:00Z")
        #expect(imported.added.isEmpty)
        #expect(imported.state.achievementCount == 128 && imported.state.monthlyCounts["2026-01"] == 22)
        #expect(imported.state.milestonesSent.contains("milestone-count-100") && !imported.state.milestonesSent.contains("milestone-count-250"))
        var state = imported.state
        for i in 0..<122 {
            let at = instant("2026-11-23T09:00:00Z").addingTimeInterval(Double(i))
            state = try plan(
                milestonePrefs(), state, events: [PlannerEvent(.achievementRecorded(id: "n\(i)"), at: at)],
                at: ISO8601Instant.string(at)
            ).state
        }
        #expect(state.achievementCount == 250 && state.pending.map(\.identifier).contains("milestone-count-250"))
    }

    @Test("Thresholds of the app's own: 10, 50, 100 (the 25th is not celebrated)")
    func ownThresholds() throws {
        var prefs = milestonePrefs()
        prefs.milestones.countThresholds = [10, 50, 100]
        var counts: [LocalDate: Int] = [:]
        counts[day("2026-11-01")] = 24
        var state = try plan(
            prefs, events: [PlannerEvent(.achievementHistory(counts: counts), at: instant("2026-11-23T08:00:00Z"))], at: "2026-11-23T08:00:00Z"
        ).state
        let r25 = try plan(prefs, state, events: [PlannerEvent(.achievementRecorded(id: "x"), at: instant("2026-11-23T08:10:00Z"))], at: "2026-11-23T08:10:00Z")
        #expect(r25.state.achievementCount == 25 && !r25.added.contains { $0.kind == .milestoneCount })
        state = r25.state
        #expect(!state.milestonesSent.contains("milestone-count-25"))
    }

    @Test("A back-dated achievement counts on its own date, however old; a deletion lowers the counts and clears the day")
    func backDatedAndDeleted() throws {
        var prefs = milestonePrefs()
        prefs.achievementReminder.enabled = true
        let old = PlannerEvent(.achievementRecorded(id: "old", recordedOn: instant("2026-10-01T12:00:00Z")), at: instant("2026-11-23T08:00:00Z"))
        let today = PlannerEvent(.achievementRecorded(id: "t"), at: instant("2026-11-23T08:01:00Z"))
        let first = try plan(prefs, events: [old, today], at: "2026-11-23T08:05:00Z")
        #expect(first.state.achievementCount == 2 && first.state.monthlyCounts["2026-10"] == 1 && first.state.achievementDays.contains(day("2026-10-01")))
        #expect(!first.pending.contains { $0.identifier == "achievement-reminder-2026-11-23" })
        let deleted = PlannerEvent(
            .achievementDeleted(id: "t", recordedOn: instant("2026-11-23T08:01:00Z"), remainingThatDay: 0), at: instant("2026-11-23T09:00:00Z"))
        let after = try plan(prefs, first.state, events: [deleted], at: "2026-11-23T09:00:00Z")
        #expect(after.state.achievementCount == 1 && after.state.monthlyCounts["2026-11"] == 0 && !after.state.achievementDays.contains(day("2026-11-23")))
        // The day has no achievement again: its reminder comes back.
        #expect(after.added.map(\.identifier).contains("achievement-reminder-2026-11-23"))
    }

    @Test("Un-ticking a habit brings its period's reminder back")
    func habitUncompleted() throws {
        var prefs = NotificationPreferences.base(Self.madrid)
        prefs.habits = [HabitSettings(id: "read", name: "Read")]
        let done = try plan(prefs, events: [PlannerEvent(.habitCompleted(habitID: "read"), at: instant("2026-11-23T08:00:00Z"))], at: "2026-11-23T08:00:00Z")
        #expect(!done.pending.contains { $0.identifier == "habit-reminder-read-2026-11-23" })
        let undone = try plan(
            prefs, done.state, events: [PlannerEvent(.habitUncompleted(habitID: "read"), at: instant("2026-11-23T09:00:00Z"))], at: "2026-11-23T09:00:00Z")
        #expect(undone.added.map(\.identifier) == ["habit-reminder-read-2026-11-23"])
    }

    @Test("Already notified elsewhere: today's affirmation is withdrawn and not planned again")
    func notifiedElsewhere() throws {
        let first = try plan(affirmationPrefs(), at: "2026-11-23T08:00:00Z")
        let elsewhere = PlannerEvent(.notifiedElsewhere(kind: .dailyAffirmation, date: day("2026-11-23"), subject: nil), at: instant("2026-11-23T08:30:00Z"))
        let result = try plan(affirmationPrefs(), first.state, events: [elsewhere], at: "2026-11-23T08:30:00Z")
        #expect(result.removed == ["daily-affirmation-2026-11-23"])
        #expect(try plan(affirmationPrefs(), try roundTrip(result.state), at: "2026-11-23T08:40:00Z").isEmpty)
        let wrong = PlannerEvent(.notifiedElsewhere(kind: .workoutCompletion, date: day("2026-11-23"), subject: nil), at: instant("2026-11-23T08:30:00Z"))
        #expect { try plan(affirmationPrefs(), events: [wrong], at: "2026-11-23T08:30:00Z") } throws: { ($0 as? Diagnostic)?.code == .invalidEvent }
    }

    @Test("New events read from and write to JSON Lines")
    func eventJSON() throws {
        let lines = """
            {"type": "achievementRecorded", "timestamp": "2026-11-23T08:00:00Z", "recordedOn": "2026-09-01T10:00:00Z", "announce": false}
            {"type": "achievementDeleted", "timestamp": "2026-11-23T08:00:00Z", "recordedOn": "2026-09-01T10:00:00Z", "remainingThatDay": 0}
            {"type": "achievementHistory", "timestamp": "2026-11-23T08:00:00Z", "counts": {"2026-11-01": 3}}
            {"type": "habitUncompleted", "timestamp": "2026-11-23T08:00:00Z", "habitId": "read"}
            {"type": "notifiedElsewhere", "timestamp": "2026-11-23T08:00:00Z", "kind": "daily-affirmation", "date": "2026-11-23"}
            {"type": "notificationPlanned", "timestamp": "2026-11-23T08:00:00Z", "kind": "retrieval", "id": "r1", "fireAt": "2026-11-23T19:00:00Z", "title": "T", "body": "B"}
            {"type": "plannedCancelled", "timestamp": "2026-11-23T08:00:00Z", "kind": "retrieval", "id": "r1"}
            """
        let events = try PlannerEvent.parseJSONLines(lines).map(\.event)
        #expect(events.count == 7)
        for event in events {
            let data = try JSONEncoder().encode(event)
            #expect(try InputLimits.decoder.decode(PlannerEvent.self, from: [UInt8](data)) == event)
        }
        #expect {
            try PlannerEvent.parseJSONLines(
                #"{"type": "notifiedElsewhere", "timestamp": "2026-11-23T08:00:00Z", "kind": "daily-affirmation", "date": "23/11"}"#)
        } throws: {
            ($0 as? Diagnostic)?.location.line == 1
        }
    }

    // MARK: Planned event notifications

    @Test("A retrieval planned for 21:00 with the app's text; kept, replaced and cancelled by id")
    func plannedRetrieval() throws {
        var prefs = NotificationPreferences.base(Self.madrid)
        prefs.retrieval.enabled = true
        let planned = PlannerEvent(
            .notificationPlanned(
                kind: .retrieval, id: "daily", fireAt: instant("2026-11-23T20:00:00Z"),
                title: "From your journal", body: "A year ago: you ran 10 km."), at: instant("2026-11-23T08:00:00Z"))
        let first = try plan(prefs, events: [planned], at: "2026-11-23T08:00:00Z")
        let request = try #require(first.added.first)
        #expect(request.identifier == "retrieval-planned-daily" && request.title == "From your journal" && request.body == "A year ago: you ran 10 km.")
        #expect(
            request.fireDate == instant("2026-11-23T20:00:00Z")
                && request.trigger == .calendar(date: day("2026-11-23"), time: TimeOfDay(hour: 21), second: 0, timeZone: Self.madrid))
        #expect(request.userInfo["textSource"] == "app" && request.userInfo["plannedId"] == "daily")
        let kept = try plan(prefs, try roundTrip(first.state), at: "2026-11-23T12:00:00Z")
        #expect(kept.isEmpty && kept.pending == first.pending)
        let cancel = PlannerEvent(.plannedCancelled(kind: .retrieval, id: "daily"), at: instant("2026-11-23T12:30:00Z"))
        let cancelled = try plan(prefs, kept.state, events: [cancel], at: "2026-11-23T12:30:00Z")
        #expect(cancelled.removed == ["retrieval-planned-daily"] && cancelled.pending.isEmpty)
    }

    // MARK: A fair budget

    @Test("Nine daily habits fill a budget of 60 nearest first; fair sharing keeps a place for every kind")
    func fairBudget() throws {
        var prefs = affirmationPrefs()
        prefs.habits = (1...9).map { HabitSettings(id: "h\($0)", name: "Habit \($0)") }
        prefs.milestones.enabled = true
        prefs.milestones.yearlySummary = false
        let nearest = try plan(prefs, at: "2026-11-23T08:00:00Z")
        #expect(nearest.pending.count == 60 && !nearest.pending.contains { $0.kind == .milestoneMonthly })
        prefs.budgetSharing = .fair
        let fair = try plan(prefs, at: "2026-11-23T08:00:00Z")
        #expect(fair.pending.count == 60)
        #expect(fair.pending.contains { $0.identifier == "milestone-monthly-2026-11" })
        #expect(fair.pending.filter { $0.kind == .dailyAffirmation }.count == 5)
        for h in 1...9 { #expect(fair.pending.filter { $0.userInfo["habitId"] == "h\(h)" }.count == 6) }
        #expect(fair.noteDetails.contains { $0.code == .budgetDropped })
        #expect(try plan(prefs, try roundTrip(fair.state), at: "2026-11-23T08:00:00Z").isEmpty)
    }
}
