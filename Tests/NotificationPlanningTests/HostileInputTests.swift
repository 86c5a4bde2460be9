import MessageCatalog
@testable import NotificationBatch
import Foundation
import Testing
@testable import NotificationPlanning

/// Numbers, keys, strings and instants from outside are checked where they enter,
/// with the field's path, so that no value can trap the planner or balloon memory.
@Suite("Hostile input")
struct HostileInputTests {
    static let ts = "2026-11-23T09:00:00+01:00"

    /// The decoding error of one batch user line (fails the test when it decodes).
    static func failure(_ line: String) throws -> Diagnostic {
        switch BatchUser.decode(json: Data(line.utf8)) {
        case .success(let user): throw Unexpected(description: "decoded \(user.id)")
        case .failure(let error): return error
        }
    }

    struct Unexpected: Error, CustomStringConvertible { var description: String }

    @Test(
        "Out-of-range numbers are refused with the field's path and the range (each trapped before)",
        arguments: [
            (
                #"{"id":"a","timeZone":"UTC","state":{"achievementCount":9223372036854775807},"events":[{"type":"achievementRecorded","timestamp":"\#(ts)"}]}"#,
                "state.achievementCount", "9223372036854775807 is out of range 0…10000000"
            ),
            (
                #"{"id":"b","timeZone":"UTC","events":[{"type":"workoutCompleted","id":"w","durationSeconds":9223372036854775807,"timestamp":"\#(ts)"}]}"#,
                "events[0].durationSeconds", "9223372036854775807 is out of range 0…604800"
            ),
            (
                #"{"id":"c","timeZone":"UTC","events":[{"type":"stepsUpdated","steps":-9223372036854775808,"timestamp":"\#(ts)"}]}"#,
                "events[0].steps", "-9223372036854775808 is out of range 0…10000000"
            ),
            (
                #"{"id":"d","timeZone":"UTC","quietHours":{"start":"22:00","end":"07:00","spacingSeconds":9200000000000000000}}"#,
                "quietHours.spacingSeconds", "9200000000000000000 is out of range 0…3600"
            ),
            (
                #"{"id":"e","timeZone":"UTC","events":[{"type":"workoutCompleted","id":"w","durationSeconds":60,"distanceKm":-3,"timestamp":"\#(ts)"}]}"#,
                "events[0].distanceKm", "-3.0 is out of range"
            ),
            (
                #"{"id":"f","timeZone":"UTC","events":[{"type":"stepsUpdated","steps":10,"goal":0,"timestamp":"\#(ts)"}]}"#,
                "events[0].goal", "0 is out of range 1…1000000"
            ),
            (#"{"id":"g","timeZone":"UTC","steps":{"goal":-5}}"#, "steps.goal", "-5 is out of range 1…1000000"),
            (#"{"id":"h","timeZone":"UTC","budget":99999999999999999999}"#, "budget", "99999999999999999999 is out of range"),
            (
                #"{"id":"i","timeZone":"UTC","events":[{"type":"workoutCompleted","id":"w","durationSeconds":60,"distanceKm":1e999,"timestamp":"\#(ts)"}]}"#,
                "events[0].distanceKm", "1e999 is out of range of a finite number"
            ),
            (#"{"id":"j","timeZone":"UTC","state":{"monthlyCounts":{"2026-11":-1}}}"#, "state.monthlyCounts.2026-11", "-1 is out of range"),
            (#"{"id":"k","timeZone":"UTC","budget":2.5}"#, "budget", "2.5 is not a whole number")
        ])
    func outOfRangeNumbers(line: String, field: String, message: String) throws {
        let error = try Self.failure(line)
        #expect(error.path == field, "\(error)")
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.message.hasPrefix(field + ": "), "\(error.message)")
    }

    @Test(
        "A misspelt field is an error naming it, with the known key it is nearest to",
        arguments: [
            (#"{"id":"a","timeZone":"UTC","dailyAfirmation":{"enabled":true}}"#, "dailyAfirmation", "did you mean 'dailyAffirmation'?"),
            (#"{"id":"a","timeZone":"UTC","quietHours":{"start":"22:00","end":"07:00","spacing":60}}"#, "quietHours.spacing", "unknown field 'spacing'"),
            (#"{"id":"a","timeZone":"UTC","habits":[{"id":"h","name":"n","hoursbefore":3}]}"#, "habits[0].hoursbefore", "did you mean 'hoursBefore'?"),
            (#"{"id":"a","timeZon":"UTC"}"#, "timeZon", "did you mean 'timeZone'?"),
            (
                #"{"id":"a","timeZone":"UTC","events":[{"type":"stepsUpdated","step":5,"steps":5,"timestamp":"\#(ts)"}]}"#, "events[0].step",
                "did you mean 'steps'?"
            ),
            (#"{"id":"a","timeZone":"UTC","state":{"achievementCont":3}}"#, "state.achievementCont", "did you mean 'achievementCount'?")
        ])
    func unknownFields(line: String, field: String, message: String) throws {
        let error = try Self.failure(line)
        #expect(error.path == field, "\(error)")
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("A key given twice is an error, not first-wins")
    func duplicateKeys() throws {
        let error = try Self.failure(#"{"id":"a","timeZone":"UTC","budget":3,"budget":60}"#)
        #expect(error.path == "budget")
        #expect(error.message.contains("appears twice"))
    }

    @Test(
        "Strings past their limit are refused with the limit (a 10 MB habit id, a long achievement text)",
        arguments: [
            ("habits[0].id", #"{"id":"a","timeZone":"UTC","habits":[{"id":"\#(String(repeating: "x", count: 10_000_000))","name":"n"}]}"#, "257"),
            ("habits[0].name", #"{"id":"a","timeZone":"UTC","habits":[{"id":"h","name":"\#(String(repeating: "é", count: 200))"}]}"#, "256 bytes"),
            ("id", #"{"id":"\#(String(repeating: "u", count: 300))","timeZone":"UTC"}"#, "256 bytes"),
            ("locale", #"{"id":"a","timeZone":"UTC","locale":"\#(String(repeating: "e", count: 5000))"}"#, "4096 bytes")
        ])
    func stringLimits(field: String, line: String, mentioned: String) throws {
        let error = try Self.failure(line)
        #expect(error.path == field, "\(error)")
        #expect(error.message.contains("longer than the limit of"), "\(error.message.prefix(300))")
        if field != "habits[0].id" { #expect(error.message.contains(mentioned)) }
        #expect(error.message.utf8.count < 300)
    }

    @Test("An achievement text over 2,000 bytes is refused; one at the limit is read")
    func achievementTextLimit() throws {
        func line(_ n: Int) -> String {
            #"{"type":"achievementRetrieved","id":"a","text":"\#(String(repeating: "t", count: n))","recordedOn":"2026-01-01T00:00:00Z","timestamp":"\#(Self.ts)"}"#
        }
        #expect(try PlannerEvent.parseJSONLines(line(InputLimits.textBytes)).count == 1)
        #expect(throws: Diagnostic.self) { try PlannerEvent.parseJSONLines(line(InputLimits.textBytes + 1)) }
    }

    @Test("Invalid UTF-8 in an events file is an error on its line, not replacement characters")
    func invalidUTF8Events() throws {
        var bytes = Array(#"{"type":"appForeground","timestamp":"\#(Self.ts)"}"#.utf8) + [0x0A]
        bytes += Array(#"{"type":"achievementRecorded","id":""#.utf8) + [0xC3, 0x28] + Array(#"","timestamp":"\#(Self.ts)"}"#.utf8)
        do {
            _ = try PlannerEvent.parseJSONLines(bytes: bytes)
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("UTF-8"))
        }
    }

    @Test(
        "Instants outside 1970…2999 are refused: events, --now, and the planner never writes a date it cannot read",
        arguments: [
            "9999-11-23T09:00:00+01:00", "0000-01-01T00:00:00Z", "3000-01-01T00:00:00Z", "1969-12-31T23:59:59Z"
        ])
    func instantsOutOfRange(text: String) throws {
        let error = try Self.failure(#"{"id":"a","timeZone":"UTC","events":[{"type":"appForeground","timestamp":"\#(text)"}]}"#)
        #expect(error.path == "events[0].timestamp")
        #expect(error.message.contains("outside the supported instants"))
        #expect(throws: Diagnostic.self) {
            try Planner.plan(
                preferences: NotificationPreferences(timeZone: "UTC"), state: SchedulerState(), events: [], now: ISO8601Instant.date(text)!,
                content: FakeContent())
        }
        #expect(throws: Diagnostic.self) {
            try Planner.plan(
                preferences: NotificationPreferences(timeZone: "UTC"), state: SchedulerState(),
                events: [PlannerEvent(.appForeground, at: ISO8601Instant.date(text)!)], now: instant(Self.ts), content: FakeContent())
        }
    }

    @Test("At the last supported instant the plan's state reads back")
    func lastInstantRoundTrips() throws {
        var prefs = NotificationPreferences(timeZone: "Pacific/Kiritimati")
        prefs.dailyAffirmation.enabled = true
        prefs.achievementReminder.enabled = true
        prefs.milestones.enabled = true
        let result = try plan(prefs, at: "2999-12-31T23:59:59Z")
        #expect(!result.state.pending.isEmpty)
        #expect(try roundTrip(result.state) == result.state)
    }

    @Test("A state file whose request has an impossible date is an error, not a trap")
    func stateDateComponents() throws {
        let json =
            #"{"pending":[{"identifier":"x","kind":"daily-affirmation","fireDate":"2026-11-23T10:00:00Z","timeZone":"UTC","title":"t","body":"b","categoryIdentifier":"c","threadIdentifier":"t","trigger":{"type":"calendar","dateComponents":{"year":2026,"month":13,"day":1,"hour":10,"minute":0,"second":0},"repeats":false}}]}"#
        do {
            _ = try SchedulerState.from(json: Data(json.utf8))
            Issue.record("read")
        } catch {
            #expect(error.path == "pending[0].trigger.dateComponents.month")
        }
    }

    @Test("At the limits the planner runs, and its counts stop at the limit the state is read with")
    func plannerStillRunsAtTheLimits() throws {
        var prefs = NotificationPreferences(timeZone: "UTC")
        prefs.steps.halfwayEnabled = true
        prefs.steps.goalEnabled = true
        prefs.milestones.enabled = true
        var state = SchedulerState()
        state.achievementCount = InputLimits.achievementCount.upperBound
        let events = [
            PlannerEvent(.stepsUpdated(steps: InputLimits.steps.upperBound, goal: InputLimits.stepGoal.lowerBound), at: instant(Self.ts)),
            PlannerEvent(.achievementRecorded(id: "a"), at: instant(Self.ts))
        ]
        let result = try plan(prefs, state, events: events, at: "2026-11-23T09:30:00+01:00")
        #expect(result.state.achievementCount == InputLimits.achievementCount.upperBound)
        #expect(try roundTrip(result.state) == result.state)
    }
}
