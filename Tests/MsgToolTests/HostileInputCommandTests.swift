import Foundation
import Testing
import TestSupport

/// Hostile input as a script sees it: hostile values give error lines and exit codes, never a signal.
@Suite("msgtool: hostile input", .serialized)
struct HostileInputCommandTests {
    static let config = Repository.url("examples/schedule-config.json").path

    static func temporary(_ name: String, _ contents: Data) throws -> String {
        let url = TemporaryFolder.uniqueURL("hostile", suffix: "-\(name)")
        try contents.write(to: url)
        return url.path
    }

    @Test("One user's overflowing numbers give that user an error line; the other users are planned")
    func batchKeepsGoing() throws {
        let ts = "2026-11-23T09:00:00+01:00"
        let lines = [
            #"{"id":"a","timeZone":"UTC","milestones":{"enabled":true},"state":{"achievementCount":9223372036854775807},"events":[{"type":"achievementRecorded","timestamp":"\#(ts)"}]}"#,
            #"{"id":"b","timeZone":"UTC","steps":{"halfwayEnabled":true},"events":[{"type":"stepsUpdated","steps":-9223372036854775808,"timestamp":"\#(ts)"}]}"#,
            #"{"id":"c","timeZone":"UTC","dailyAfirmation":{"enabled":true}}"#,
            #"{"id":"ok","timeZone":"UTC","dailyAffirmation":{"enabled":true}}"#
        ]
        let run = try BatchCommandTests.batch(lines)
        #expect(run.status == 1, "\(run)")
        let out = try BatchCommandTests.outputLines(run).map(BatchCommandTests.object)
        #expect(out.count == 4)
        let fields = out.map { ($0["error"] as? [String: Any])?["field"] as? String }
        #expect(fields == ["state.achievementCount", "events[0].steps", "dailyAfirmation", nil])
        #expect(((out[2]["error"] as? [String: Any])?["message"] as? String)?.contains("did you mean 'dailyAffirmation'?") == true)
        #expect(out[3]["user"] as? String == "ok" && out[3]["added"] != nil)
    }

    @Test("A line over the batch line limit (1 MiB) is that line's error; the next line is planned")
    func longLine() throws {
        var input = Data(#"{"id":"big","timeZone":"UTC","habits":[{"id":""#.utf8)
        input.append(Data(repeating: UInt8(ascii: "x"), count: 15_000_000))
        input.append(Data(#"","name":"n"}]}"#.utf8) + [0x0A])
        input.append(Data(#"{"id":"ok","timeZone":"UTC"}"#.utf8) + [0x0A])
        let run = try MsgTool.run(["batch", "--now", BatchCommandTests.now], stdin: input)
        #expect(run.status == 1)
        let out = try BatchCommandTests.outputLines(run).map(BatchCommandTests.object)
        #expect(out.count == 2)
        #expect(((out[0]["error"] as? [String: Any])?["message"] as? String)?.contains("longer than 1 MiB") == true, "\(out[0])")
        #expect(out[1]["user"] as? String == "ok" && out[1]["error"] == nil)
    }

    @Test("schedule: a misspelt config key and an overflowing quietHours.spacingSeconds are errors naming the field")
    func scheduleConfig() throws {
        let misspelt = try Self.temporary("c.json", Data(#"{"timeZone": "UTC", "dailyAfirmation": {"enabled": true}}"#.utf8))
        let r = try MsgTool.run(["schedule", "--config", misspelt, "--now", BatchCommandTests.now])
        #expect(r.status == 1)
        #expect(r.stderr.contains("dailyAfirmation: unknown field 'dailyAfirmation': did you mean 'dailyAffirmation'?"), "\(r.stderr)")
        let spacing = try Self.temporary(
            "s.json", Data(#"{"timeZone": "UTC", "quietHours": {"start": "22:00", "end": "07:00", "spacingSeconds": 9200000000000000000}}"#.utf8))
        let s = try MsgTool.run(["schedule", "--config", spacing, "--now", BatchCommandTests.now])
        #expect(s.status == 1)
        #expect(s.stderr.contains("quietHours.spacingSeconds: 9200000000000000000 is out of range 0…3600"), "\(s.stderr)")
    }

    @Test("schedule --now outside 1970…2999 is a usage error", arguments: ["9999-11-23T09:30:00+01:00", "0000-01-01T00:00:00Z"])
    func nowOutOfRange(now: String) throws {
        let r = try MsgTool.run(["schedule", "--config", Self.config, "--now", now])
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("outside the supported instants"))
    }

    @Test("schedule --events: invalid UTF-8 and a zero goal are errors on their line")
    func scheduleEvents() throws {
        var bytes = Data(#"{"type":"achievementRecorded","id":""#.utf8)
        bytes.append(contentsOf: [0xFF])
        bytes.append(Data(#"","timestamp":"2026-11-23T09:00:00+01:00"}"#.utf8))
        let events = try Self.temporary("e.jsonl", bytes)
        let r = try MsgTool.run(["schedule", "--config", Self.config, "--now", BatchCommandTests.now, "--events", events])
        #expect(r.status == 1)
        #expect(r.stderr.contains(":1:") && r.stderr.contains("UTF-8"), "\(r.stderr)")
        let goal = try Self.temporary("g.jsonl", Data(#"{"type":"stepsUpdated","steps":5,"goal":0,"timestamp":"2026-11-23T09:00:00+01:00"}"#.utf8))
        let g = try MsgTool.run(["schedule", "--config", Self.config, "--now", BatchCommandTests.now, "--events", goal])
        #expect(g.status == 1)
        #expect(g.stderr.contains("goal: 0 is out of range 1…1000000"), "\(g.stderr)")
    }
}
