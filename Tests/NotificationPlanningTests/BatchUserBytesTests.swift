@testable import NotificationBatch
import Foundation
import MessageCatalog
import Testing
import ToolkitSupport
import ToolkitJSON
@testable import NotificationPlanning
import AffirmationSelector
import TestSupport

/// Lines of `msgtool batch`'s input: the example users, then each of them again with the state
/// (every request shape in `pending`) that planning it returned, as the next night's line.
private let exampleLines: [String] = {
    let root = Repository.root
    let text = (try? String(contentsOf: root.appendingPathComponent("examples/batch-users.jsonl"), encoding: .utf8)) ?? ""
    let content = try! ContentGenerator.bundled()
    var lines: [String] = []
    for line in text.split(separator: "\n") {
        lines.append(String(line))
        guard case .success(let user) = BatchUser.decode(bytes: Array(line.utf8)),
            let plan = try? Planner.plan(
                preferences: user.preferences, state: user.state, events: user.events,
                now: instant("2026-11-23T09:30:00+01:00"), content: content)
        else { continue }
        var w = JSONStreamWriter()
        plan.state.write(to: &w)
        guard var object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            let state = try? JSONSerialization.jsonObject(with: Data(w.bytes))
        else { continue }
        object["state"] = state
        object["events"] = nil
        guard let next = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { continue }
        lines.append(String(decoding: next, as: UTF8.self))
    }
    return lines
}()

/// A line with every key of the preferences, the state and the events.
private let everyKey = """
    {"id": "u-9", "timeZone": "America/Santiago", "locale": "es-419", "tone": "minimal", "termOfAddress": "feminine", "authorization": "authorized", \
    "notificationsEnabled": true, "userSeed": 18446744073709551615, "budget": 40, \
    "quietHours": {"start": "22:30", "end": "07:00", "spacingSeconds": 60, "policies": {"retrieval": "deliver", "goal-achievement": "defer"}}, \
    "dailyAffirmation": {"enabled": true, "time": "09:15", "windowDays": 10, "refillBelow": 3}, \
    "achievementReminder": {"enabled": true, "time": "21:00", "frequency": "every_3_days", "anchorDate": "2026-11-01"}, \
    "retrieval": {"enabled": true, "includePreview": true, "systemAllowsPreviews": false}, \
    "milestones": {"enabled": true, "streaks": false, "counts": true, "monthlySummary": false, "yearlySummary": true}, \
    "habits": [{"id": "run", "name": "Correr 5 km", "period": "weekly", "reminderEnabled": false, "hoursBefore": 23}, {"id": "tea", "name": "喝茶"}], \
    "interval": {"enabled": true, "seconds": 90}, \
    "steps": {"goalEnabled": true, "halfwayEnabled": true, "workoutEnabled": true, "unlockEnabled": true, "goal": 8000}, \
    "state": {"version": 1, "permissionRequested": true, "lastVariants": {"daily-affirmation": 2}, "milestonesSent": ["milestone-streak-3"], \
    "dailyMarkers": ["goal-achievement-2026-11-23"], "workoutsNotified": {"workout-completion-w1": "2026-11-22T10:00:00Z"}, \
    "achievementDays": ["2026-11-21", "2026-11-22"], "achievementCount": 12, "monthlyCounts": {"2026-11": 5}, "yearlyCounts": {"2026": 12}, \
    "habitCompletions": {"run": ["2026-11-16"]}, "deletedHabits": ["swim"], "appInForeground": false, "deviceTimeZone": "America/Santiago", \
    "configTimeZone": "America/Santiago", "plannedTimeZone": "America/Santiago", "reminderAnchor": {"frequency": "every_3_days", "date": "2026-11-01"}, \
    "intervalSeconds": 120, "processedEvents": {"abc": "2026-11-22T10:00:00Z"}, "eventHorizon": "2026-11-15T00:00:00-03:00", \
    "affirmationsDeliveredThrough": "2026-11-22", "recentlyFired": {"daily-affirmation-2026-11-22": "2026-11-22T12:15:00Z"}, \
    "pending": [{"identifier": "interval-reminder-1", "kind": "interval-reminder", "fireDate": "2026-11-23T09:31:30+01:00", "timeZone": "Europe/Madrid", \
    "trigger": {"type": "interval", "seconds": 90, "repeats": false}, "title": "T", "body": "B", "categoryIdentifier": "interval_reminder", \
    "threadIdentifier": "interval", "userInfo": {"kind": "interval-reminder", "variant": "0"}, "badge": 3, "floating": false}, \
    {"identifier": "x", "kind": "goal-achievement", "fireDate": "2026-11-23T09:31:30Z", "timeZone": "UTC", "trigger": {"type": "immediate"}, \
    "title": "", "body": "", "categoryIdentifier": "c", "threadIdentifier": "t"}]}, \
    "events": [{"type": "achievementRecorded", "timestamp": "2026-11-23T07:20:00Z", "id": "a-1"}, {"type": "achievementRecorded", "timestamp": "2026-11-23T07:21:00Z"}, \
    {"type": "achievementRetrieved", "timestamp": "2026-11-23T07:22:00Z", "id": "a-2", "text": "Mi primer 10K", "recordedOn": "2025-06-01T08:00:00+02:00"}, \
    {"type": "stepsUpdated", "timestamp": "2026-11-23T07:23:00Z", "steps": 7005, "goal": 9000}, {"type": "appsUnlocked", "timestamp": "2026-11-23T07:24:00Z", "steps": 9100}, \
    {"type": "workoutCompleted", "timestamp": "2026-11-23T07:25:00Z", "id": "w2", "activity": "run", "durationSeconds": 1800, "distanceKm": 5.25}, \
    {"type": "workoutCompleted", "timestamp": "2026-11-23T07:26:00Z", "id": "w3", "durationSeconds": 60}, \
    {"type": "habitCompleted", "timestamp": "2026-11-23T07:27:00Z", "habitId": "run"}, {"type": "habitDeleted", "timestamp": "2026-11-23T07:28:00Z", "habitId": "tea"}, \
    {"type": "intervalSet", "timestamp": "2026-11-23T07:29:00Z", "seconds": 45}, {"type": "intervalSet", "timestamp": "2026-11-23T07:29:30Z"}, \
    {"type": "intervalCancelled", "timestamp": "2026-11-23T07:30:00Z"}, {"type": "appForeground", "timestamp": "2026-11-23T07:31:00Z"}, \
    {"type": "appBackground", "timestamp": "2026-11-23T07:32:00Z"}, {"type": "timeZoneChanged", "timestamp": "2026-11-23T07:33:00+01:00", "timeZone": "Europe/Madrid"}]}
    """

/// Lines the strict decoder refuses, each for one reason.
private let errorLines: [String] = [
    #"{"id": "u-1", "timeZone": "UTC", "id": "u-2"}"#,
    #"{"id": "u-1", "timeZone": "UTC", "dailyAfirmation": {}}"#,
    #"{"id": "u-1"}"#,
    #"{"timeZone": "UTC"}"#,
    #"{"id": "u-1", "timeZone": "UTC"} x"#,
    #"{"id": "u-1", "timeZone": "UTC",}"#,
    #"{"id": "u-1", "timeZone": "UTC", "budget": 01}"#,
    #"{"id": "u-1", "timeZone": "UTC", "budget": 99999999999999999999}"#,
    #"{"id": "u-1", "timeZone": "UTC", "userSeed": -1}"#,
    #"{"id": "u-1", "timeZone": "UTC", "tone": "angry"}"#,
    #"{"id": "u-1", "timeZone": "UTC", "termOfAddress": "neuter"}"#,
    #"{"id": "u-1", "timeZone": "UTC", "steps": {"goal": 0}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "quietHours": {"start": "22:00"}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "quietHours": {"start": "22:00", "end": "07:00", "policies": {"nope": "drop"}}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "habits": [{"id": "a"}]}"#,
    #"{"id": "u-1", "timeZone": "UTC", "events": [{"type": "appForeground"}]}"#,
    #"{"id": "u-1", "timeZone": "UTC", "events": [{"type": "appForeground", "timestamp": "2026-11-23T07:00:00Z", "steps": 5}]}"#,
    #"{"id": "u-1", "timeZone": "UTC", "events": [{"type": "stepsUpdated", "timestamp": "2026-11-23T07:00:00Z"}]}"#,
    #"{"id": "u-1", "timeZone": "UTC", "events": [{"type": "appForeground", "timestamp": "3026-11-23T07:00:00Z"}]}"#,
    #"{"id": "u-1", "timeZone": "UTC", "events": [{"type": "workoutCompleted", "timestamp": "2026-11-23T07:00:00Z", "id": "w", "durationSeconds": 1, "distanceKm": 1e5}]}"#,
    #"{"id": "u-1", "timeZone": "UTC", "state": {"lastVariants": {"x": 99999}}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "state": {"achievementDays": ["2026-02-30"]}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "state": {"pending": [{"identifier": "x"}]}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "state": {"pending": [{"identifier": "x", "kind": "retrieval", "fireDate": "2026-11-23T07:00:00Z", "timeZone": "UTC", "trigger": {"type": "interval", "seconds": 5, "timeZone": "UTC"}, "title": "", "body": "", "categoryIdentifier": "c", "threadIdentifier": "t"}]}}"#,
    #"{"id": "u-1", "timeZone": "UTC", "state": {"pending": [{"identifier": "x", "kind": "retrieval", "fireDate": "2026-11-23T07:00:00Z", "timeZone": "UTC", "trigger": {"type": "calendar", "dateComponents": {"year": 2026, "month": 2, "day": 29, "hour": 0, "minute": 0, "second": 0}}, "title": "", "body": "", "categoryIdentifier": "c", "threadIdentifier": "t"}]}}"#,
    "{\"id\": \"u-1\", \"timeZone\": \"UTC\", \"locale\": \"e\u{01}\"}",
    String(repeating: "x", count: 3),
    #"{"id": "\#(String(repeating: "x", count: 257))", "timeZone": "UTC"}"#
]

/// The user as the strict decoder (the tree and the `Decodable` conformances) reads it.
private func strict(_ line: String) throws -> BatchUser {
    try InputLimits.decoder.decode(BatchUser.self, from: Array(line.utf8))
}

@Suite("Batch lines read straight from their bytes")
struct BatchUserBytesTests {
    @Test("A plain line gives the user the strict decoder gives", arguments: exampleLines + [everyKey])
    func plainLines(line: String) throws {
        let user = try #require(BatchUser.read(bytes: Array(line.utf8)), "the line took the strict path")
        #expect(user == (try strict(line)))
    }

    @Test("The example lines and their next nights are all read", arguments: [0])
    func examplesAreCovered(_: Int) {
        #expect(exampleLines.count == 12)
        #expect(exampleLines.filter { $0.contains("\"pending\":[{") }.count >= 5)
    }

    /// Lines the strict decoder accepts in a form the byte reader leaves to it.
    @Test(
        "Other valid forms go to the strict decoder, with the same user",
        arguments: [
            #"{"id": "u-1", "timeZone": "UTC", "locale": null}"#,
            #"{"id": "u-1", "timeZone": "UTC", "budget": 12.0}"#,
            #"{"id": "u-1", "timeZone": "UTC", "budget": 1e1}"#,
            #"{"id": "u-1", "timeZone": "UTC", "state": {"workoutsNotified": ["w1"]}}"#,
            #"{"id": "u-1", "timeZone": "UTC", "habits": null}"#
        ])
    func otherForms(line: String) throws {
        #expect(BatchUser.read(bytes: Array(line.utf8)) == nil)
        #expect(try BatchUser.decode(bytes: Array(line.utf8)).get() == (try strict(line)))
    }

    @Test(
        "Escapes are read from the bytes, as the strict decoder reads them",
        arguments: [
            #"{"id": "u-\u0031", "timeZone": "UTC"}"#,
            #"{"i\u0064": "u-1", "timeZone": "Europe\/Madrid", "habits": [{"id": "h", "name": "Tea \"green\" \ud83c\udf75"}]}"#
        ])
    func escapes(line: String) throws {
        let user = try #require(BatchUser.read(bytes: Array(line.utf8)), "the line took the strict path")
        #expect(user == (try strict(line)))
    }

    /// Lines the strict decoder refuses: the byte reader never accepts them.
    @Test(
        "Lines in error are never read from the bytes",
        arguments: errorLines)
    func errors(line: String) {
        #expect(BatchUser.read(bytes: Array(line.utf8)) == nil)
        #expect((try? strict(line)) == nil)
        #expect((try? BatchUser.decode(bytes: Array(line.utf8)).get()) == nil)
    }

    /// Seeded edits of the plain lines (a token inserted, bytes deleted or replaced): whatever
    /// the byte reader accepts, the strict decoder accepts too, as the same user.
    @Test("Edited lines: what the byte reader reads, the strict decoder reads the same")
    func editedLines() {
        let pieces =
            [
                "null", "1.0", "1e2", "-0", "\"", "\\\"", "\\u00e9", "{", "}", "[", "]", ",", ":", "true",
                "99999999999999999999", "-", "0", "01", " ", "\"x\"", "é"
            ].map { Array($0.utf8) } + [[0xC3], [0xFF], [0x09]]
        let lines = (exampleLines + [everyKey]).map { Array($0.utf8) }
        var random = SplitMix64(seed: 22)
        var read = 0
        for _ in 0..<3000 {
            var line = lines.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let at = Int.random(in: 0...line.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: line.removeSubrange(at..<min(line.count, at + Int.random(in: 1...4, using: &random)))
                case 1: line.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                default: if at < line.count { line[at] = UInt8.random(in: 0x20...0x7E, using: &random) }
                }
            }
            guard let user = BatchUser.read(bytes: line) else { continue }
            read += 1
            #expect(user == (try? InputLimits.decoder.decode(BatchUser.self, from: line)), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(read > 100)
    }

    /// The error the strict decoder alone gives for `line`: its message and field.
    private func strictError(_ line: String) -> (message: String, field: String?)? { strictError(Array(line.utf8)) }

    /// The error the strict decoder alone gives for the bytes of a line.
    private func strictError(_ line: [UInt8]) -> (message: String, field: String?)? {
        do {
            _ = try InputLimits.decoder.decode(BatchUser.self, from: line)
            return nil
        } catch let error as JSONSyntaxError {
            return ("invalid JSON: \(error.message)", nil)
        } catch {
            return (Diagnostic.describe(error), Diagnostic.field(of: error))
        }
    }

    @Test("A line in error is read once: its error is the strict decoder's, with the line and column", arguments: errorLines)
    func errorsWordedOnce(line: String) throws {
        let expected = try #require(strictError(line))
        guard case .failure(let failure) = BatchUser.decodeLine(bytes: Array(line.utf8)) else {
            Issue.record("read: \(line)")
            return
        }
        switch failure {
        case .syntax(let error):
            #expect("invalid JSON: \(error.message)" == expected.message)
        case .invalid(let diagnostic):
            #expect(diagnostic.message == expected.message, "\(line)")
            #expect(diagnostic.path == expected.field, "\(line)")
        }
        let diagnostic = try #require(BatchUser.decode(bytes: Array(line.utf8)).failure)
        #expect(diagnostic.message == expected.message)
    }

    /// The diagnostic of a line whose JSON is refused as a user (not a syntax error).
    private func refusal(_ line: String) -> Diagnostic? {
        guard case .failure(.invalid(let diagnostic)) = BatchUser.decodeLine(bytes: Array(line.utf8)) else { return nil }
        return diagnostic
    }

    @Test("A refused value is named by its field, line and column, from one reading of the line")
    func positionedError() throws {
        let line = #"{"id": "u-1", "timeZone": "UTC", "habits": [{"id": "a", "name": "A", "hoursBefore": "five"}]}"#
        let diagnostic = try #require(refusal(line))
        #expect(diagnostic.message == "habits[0].hoursBefore: expected Int")
        #expect(diagnostic.path == "habits[0].hoursBefore")
        #expect(diagnostic.code == .invalidPreferences)
        #expect(diagnostic.location.line == 1)
        #expect(diagnostic.location.column == 85)
        let anchor = try #require(refusal(#"{"id": "u-1", "timeZone": "UTC", "state": {"reminderAnchor": {"date": "2026-11-01"}}}"#))
        #expect(anchor.message == "missing key 'frequency' in state.reminderAnchor")
        #expect(anchor.path == "state.reminderAnchor.frequency")
        #expect(anchor.code == .invalidState)
    }

    @Test("A syntax error after a refused value is the one reported, as the tree reader reports it")
    func syntaxErrorWins() throws {
        let line = #"{"id": "u-1", "timeZone": "UTC", "budget": "x", "tone": }"#
        guard case .failure(.syntax(let error)) = BatchUser.decodeLine(bytes: Array(line.utf8)) else {
            Issue.record("not a syntax error")
            return
        }
        #expect(error.position.column == 57)
        #expect(strictError(line)?.message == "invalid JSON: \(error.message)")
    }

    /// Seeded edits of the plain lines: wherever the strict decoder refuses a line with a
    /// single problem, the one reading of the line words it the same way.
    @Test("Edited lines in error: the same message and field as the strict decoder")
    func editedLinesInError() {
        let pieces =
            [
                "1.0", "-0", "\"", "{", "}", "[", "]", ",", ":", "true", "\"x\"", "99999999999999999999", "-1", "\"12:3\""
            ].map { Array($0.utf8) }
        let lines = (exampleLines + [everyKey]).map { Array($0.utf8) }
        var random = SplitMix64(seed: 23)
        var compared = 0
        var differ: [String] = []
        for _ in 0..<2000 {
            var line = lines.randomElement(using: &random)!
            let at = Int.random(in: 0...line.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: line.removeSubrange(at..<min(line.count, at + Int.random(in: 1...4, using: &random)))
            case 1: line.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
            default: if at < line.count { line[at] = UInt8.random(in: 0x20...0x7E, using: &random) }
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let expected = strictError(line), case .failure(let failure) = BatchUser.decode(bytes: line) else { continue }
            compared += 1
            if failure.message != expected.message || failure.path != expected.field {
                differ.append("\(text)\n  strict: \(expected.message) [\(expected.field ?? "-")]\n  cursor: \(failure.message) [\(failure.path ?? "-")]")
            }
        }
        #expect(compared > 500)
        #expect(differ.isEmpty, "\(differ.count) differ:\n\(differ.prefix(20).joined(separator: "\n"))")
    }

    @Test("An event's fingerprint is the hash of its JSONEncoder encoding")
    func fingerprints() throws {
        let events = try #require(BatchUser.read(bytes: Array(everyKey.utf8))).events
        #expect(events.count == 15)
        for event in events {
            #expect(event.fingerprint == event.encodedFingerprint, "\(event)")
        }
        let plain = PlannerEvent(
            .achievementRetrieved(id: "a/\"1\"", text: "línea\nnueva\t✓", recordedOn: instant("2025-06-01T08:00:00+02:00")),
            at: instant("2026-11-23T07:22:00Z"))
        #expect(plain.fingerprint == plain.encodedFingerprint)
    }
}

extension Result {
    /// The error, or nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
