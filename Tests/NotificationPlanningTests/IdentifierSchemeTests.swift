import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning
import AffirmationSelector
import ToolkitSupport
import ToolkitJSON

/// An app keeps its own request identifiers (a template in the config, or a scheme in code), and
/// sets how far ahead reminders are planned in the config.
@Suite("The app's identifiers and horizons")
struct IdentifierSchemeTests {
    static let madrid = "Europe/Madrid"

    static func prefs(json: String) throws -> NotificationPreferences {
        try InputLimits.decoder.decode(NotificationPreferences.self, from: Array(json.utf8))
    }

    static let habitConfig = """
        {"timeZone": "Europe/Madrid", "habits": [{"id": "read", "name": "Read", "hoursBefore": 3}],
         "kinds": {"habit-reminder": {"identifierTemplate": "habits.{habitId}_{date}"}}}
        """

    @Test("A template from the config names the requests; the state keeps the planner's identifier; a second run changes nothing")
    func templateFromConfig() throws {
        let prefs = try Self.prefs(json: Self.habitConfig)
        let first = try plan(prefs, at: "2026-11-23T08:00:00Z")
        #expect(first.added.count == 7)
        let today = try #require(first.added.first)
        #expect(today.identifier == "habits.read_2026-11-23" && today.plannerIdentifier == "habit-reminder-read-2026-11-23")
        #expect(first.added.map(\.identifier) == (23...29).map { "habits.read_2026-11-\($0)" })
        let stored = try roundTrip(first.state)
        #expect(stored.pending == first.pending)
        #expect(try plan(prefs, stored, at: "2026-11-23T08:00:00Z").isEmpty)
        // Completing today's habit removes the request under the app's identifier.
        let done = try plan(
            prefs, stored, events: [PlannerEvent(.habitCompleted(habitID: "read"), at: instant("2026-11-23T09:00:00Z"))], at: "2026-11-23T09:00:00Z")
        #expect(done.removed == ["habits.read_2026-11-23"] && done.added.isEmpty)
        // Un-ticking brings it back, under the same identifier.
        let undone = try plan(
            prefs, done.state, events: [PlannerEvent(.habitUncompleted(habitID: "read"), at: instant("2026-11-23T09:05:00Z"))], at: "2026-11-23T09:05:00Z")
        #expect(undone.added.map(\.identifier) == ["habits.read_2026-11-23"] && undone.removed.isEmpty)
    }

    @Test("The Request JSON carries plannerIdentifier only when the app renamed the request")
    func requestJSON() throws {
        let result = try plan(try Self.prefs(json: Self.habitConfig), at: "2026-11-23T08:00:00Z")
        var writer = JSONStreamWriter(pretty: false)
        result.added[0].write(to: &writer)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.contains(#""identifier":"habits.read_2026-11-23""#) && text.contains(#""plannerIdentifier":"habit-reminder-read-2026-11-23""#))
        let plain = try plan(.base(Self.madrid), at: "2026-11-23T08:00:00Z")
        #expect(plain.added.allSatisfy { $0.plannerIdentifier == nil })
    }

    @Test("A scheme in code gives any identifier; carried requests keep theirs, replaced ones get a new one")
    func schemeInCode() throws {
        var prefs = NotificationPreferences.base(Self.madrid)
        prefs.dailyAffirmation.enabled = true
        let counter = Counter()
        var configuration = PlannerConfiguration()
        configuration.identifierScheme = IdentifierScheme { request in
            request.kind == .dailyAffirmation ? "affirmation-\(request.date)-\(counter.next())" : nil
        }
        let first = try Planner.plan(
            preferences: prefs, state: SchedulerState(), events: [], now: instant("2026-11-23T08:00:00Z"), content: FakeContent(),
            configuration: configuration)
        #expect(first.added.map(\.identifier) == (23...29).enumerated().map { "affirmation-2026-11-\($1)-\($0)" })
        // The next day: the 23rd fired, the 30th is added, the others keep the identifiers they were added with.
        let next = try Planner.plan(
            preferences: prefs, state: first.state, events: [], now: instant("2026-11-24T08:00:00Z"), content: FakeContent(),
            configuration: configuration)
        #expect(next.added.map(\.identifier) == ["affirmation-2026-11-30-7"] && next.removed.isEmpty)
        #expect(next.pending.map(\.identifier).prefix(2) == ["affirmation-2026-11-24-1", "affirmation-2026-11-25-2"])
        // A change of tone replaces every request: removed under their old identifiers, added under new ones.
        prefs.tone = .cheerful
        let retoned = try Planner.plan(
            preferences: prefs, state: next.state, events: [], now: instant("2026-11-24T08:00:00Z"), content: FakeContent(),
            configuration: configuration)
        #expect(retoned.removed == next.pending.map(\.identifier).sorted())
        #expect(retoned.added.map(\.identifier).first == "affirmation-2026-11-24-8")
    }

    @Test("Two requests with one identifier, an unknown placeholder and an empty answer are errors naming the setting")
    func errors() throws {
        var prefs = try Self.prefs(json: Self.habitConfig)
        prefs.kinds[.habitReminder]?.identifierTemplate = "habit-{habitId}"
        #expect { try plan(prefs, at: "2026-11-23T08:00:00Z") } throws: { error in
            let d = error as? Diagnostic
            return d?.location.keyPath == "kinds.habit-reminder.identifierTemplate" && d?.message.contains("'habit-read' to both") == true
        }
        prefs.kinds[.habitReminder]?.identifierTemplate = "{habit}_{date}"
        #expect { try plan(prefs, at: "2026-11-23T08:00:00Z") } throws: { error in
            let d = error as? Diagnostic
            return d?.location.keyPath == "kinds.habit-reminder.identifierTemplate" && d?.message.contains("unknown placeholder {habit}") == true
        }
        var configuration = PlannerConfiguration()
        configuration.identifierScheme = IdentifierScheme { _ in "" }
        #expect {
            try Planner.plan(
                preferences: try Self.prefs(json: #"{"timeZone": "Europe/Madrid", "habits": [{"id": "read", "name": "Read"}]}"#), state: SchedulerState(),
                events: [], now: instant("2026-11-23T08:00:00Z"), content: FakeContent(), configuration: configuration)
        } throws: { ($0 as? Diagnostic)?.location.keyPath == "identifierScheme" }
    }

    @Test("Horizons from the config: three days of daily habits leave the budget to the others")
    func horizons() throws {
        let json = """
            {"timeZone": "Europe/Madrid", "horizons": {"dailyHabitHorizon": 3, "weeklyHabitHorizon": 1},
             "habits": [{"id": "read", "name": "Read"}, {"id": "run", "name": "Run", "period": "weekly"}]}
            """
        let prefs = try Self.prefs(json: json)
        #expect(prefs.horizons == PlanningHorizons(dailyHabitHorizon: 3, weeklyHabitHorizon: 1))
        let result = try plan(prefs, at: "2026-11-23T08:00:00Z")
        #expect(result.added.filter { $0.userInfo["habitId"] == "read" }.count == 3)
        #expect(result.added.filter { $0.userInfo["habitId"] == "run" }.count == 1)
        // Without them, the configuration's 7 days and 2 weeks.
        let defaults = try plan(
            try Self.prefs(json: json.replacingOccurrences(of: #""dailyHabitHorizon": 3, "weeklyHabitHorizon": 1"#, with: "")), at: "2026-11-23T08:00:00Z")
        #expect(defaults.added.filter { $0.userInfo["habitId"] == "read" }.count == 7)
        #expect(defaults.added.filter { $0.userInfo["habitId"] == "run" }.count == 2)
        // Encoded preferences carry them back.
        let encoded = try JSONEncoder().encode(prefs)
        #expect(try InputLimits.decoder.decode(NotificationPreferences.self, from: Array(encoded)).horizons == prefs.horizons)
    }

    @Test("A horizon out of range or an unknown horizon key is an error naming it")
    func horizonErrors() throws {
        let prefs = try Self.prefs(json: #"{"timeZone": "Europe/Madrid", "horizons": {"reminderHorizonDays": 0}}"#)
        #expect { try plan(prefs, at: "2026-11-23T08:00:00Z") } throws: { error in
            let d = error as? Diagnostic
            return d?.location.keyPath == "horizons.reminderHorizonDays" && d?.message.contains("1 to 31 days") == true
        }
        #expect(throws: (any Error).self) { try Self.prefs(json: #"{"timeZone": "Europe/Madrid", "horizons": {"dailyHabitDays": 3}}"#) }
    }
}

/// A counter the scheme's closure may call from the planner (Sendable).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        defer { value += 1 }
        return value
    }
}
