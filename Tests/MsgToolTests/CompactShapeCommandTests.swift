import Foundation
import Testing
import TestSupport

/// `msgtool batch --output-shape compact2` as a nightly job uses it: the lines, the next night
/// reading their states back, and the error for a state of another version.
@Suite("msgtool batch --output-shape compact2", .serialized)
struct CompactShapeCommandTests {
    static let now = "2026-11-23T09:30:00+01:00"
    static let later = "2026-11-24T02:00:00Z"

    /// Each user's line with the state of `plans` (by user), as the nightly join writes it.
    static func withStates(_ users: [String], from plans: String) throws -> [String] {
        var states: [String: Any] = [:]
        for line in plans.split(separator: "\n") {
            let object = try BatchCommandTests.object(String(line))
            states[object["user"] as! String] = object["state"]
        }
        return try users.map { line in
            var user = try BatchCommandTests.object(line)
            user["state"] = states[user["id"] as! String]
            user["events"] = nil
            return String(decoding: try JSONSerialization.data(withJSONObject: user), as: UTF8.self)
        }
    }

    @Test("Every --jobs writes the same compact2 bytes; each line has \"shape\": 2 and a state of version 2, smaller than the compact line")
    func linesAndJobs() throws {
        let users = try BatchCommandTests.users(40)
        let one = try BatchCommandTests.batch(users, ["--output-shape", "compact2", "--jobs", "1"])
        let two = try BatchCommandTests.batch(users, ["--output-shape", "compact2", "--jobs", "2"])
        let compact = try BatchCommandTests.batch(users)
        #expect(one.status == 0 && two.status == 0, "\(one)")
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.count < compact.stdout.count)
        for line in BatchCommandTests.outputLines(one) {
            let object = try BatchCommandTests.object(line)
            #expect(line.hasPrefix(#"{"user":""#) && object["shape"] as? Int == 2)
            #expect((object["state"] as? [String: Any])?["version"] as? Int == 2)
        }
    }

    @Test("The next night plans the same bytes from a compact2 state as from the compact state, in every shape")
    func nextNightReadsEitherShape() throws {
        let users = try BatchCommandTests.users(40)
        let compact = try BatchCommandTests.batch(users)
        let compact2 = try BatchCommandTests.batch(users, ["--output-shape", "compact2"])
        #expect(compact.status == 0 && compact2.status == 0)
        let fromCompact = try Self.withStates(users, from: compact.out)
        let fromCompact2 = try Self.withStates(users, from: compact2.out)
        #expect(fromCompact != fromCompact2)
        for shape in ["compact", "compact2", "full"] {
            let a = try MsgTool.run(
                ["batch", "--now", Self.later, "--output-shape", shape], stdin: Data((fromCompact.joined(separator: "\n") + "\n").utf8))
            let b = try MsgTool.run(
                ["batch", "--now", Self.later, "--output-shape", shape], stdin: Data((fromCompact2.joined(separator: "\n") + "\n").utf8))
            #expect(a.status == 0 && b.status == 0, "\(b)")
            #expect(a.stdout == b.stdout, "\(shape)")
        }
        // Re-planned at the same instant from its own states: nothing to add or remove.
        let again = try MsgTool.run(
            ["batch", "--now", Self.now, "--output-shape", "compact2"], stdin: Data((fromCompact2.joined(separator: "\n") + "\n").utf8))
        for line in BatchCommandTests.outputLines(again) {
            let object = try BatchCommandTests.object(line)
            #expect(object["added"] == nil && object["removed"] == nil, "\(line.prefix(120))")
        }
    }

    @Test("A state of an unknown version: an error line naming state.version, the line on stderr, exit 1")
    func unknownStateVersion() throws {
        let line = #"{"id":"u-1","timeZone":"Europe/Madrid","locale":"en","state":{"version":3}}"#
        let run = try BatchCommandTests.batch([line], ["--output-shape", "compact2"])
        #expect(run.status == 1)
        let error = try #require(try BatchCommandTests.object(BatchCommandTests.outputLines(run)[0])["error"] as? [String: Any])
        #expect(error["field"] as? String == "state.version")
        #expect(error["kind"] as? String == "invalidState")
        #expect((error["message"] as? String)?.contains("state.version: version 3 is not a state version this msgtool reads") == true)
        #expect(run.stderr.contains("<stdin>:1:1: error: 1 of 1 users failed"))
    }

    /// Runs scripts/expand-plans.py on `input`.
    static func expand(_ input: Data, _ arguments: [String] = []) throws -> Run {
        try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("scripts/expand-plans.py").path] + arguments, stdin: input,
            timeout: 600)
    }

    @Test("scripts/expand-plans.py writes the compact2 lines of the seeded population as compact and full write them, byte for byte")
    func expandPlansGivesBackTheOtherShapes() throws {
        let users = try ProcessRunner.tool(["python3", Repository.url("scripts/gen-users.py").path, "--seed", "7", "--count", "2000"])
        var lines: [String: Run] = [:]
        for shape in ["compact", "compact2", "full"] {
            let run = try MsgTool.run(["batch", "--now", Self.now, "--output-shape", shape], stdin: users, timeout: 600)
            #expect(run.status == 0, "\(run.stderr.prefix(500))")
            lines[shape] = run
        }
        let compact2 = try #require(lines["compact2"]).stdout
        let compactBytes = try #require(lines["compact"]).stdout
        #expect(compact2.count * 10 < compactBytes.count * 6)
        let compact = try Self.expand(compact2)
        #expect(compact.status == 0, "\(compact.stderr)")
        #expect(compact.stdout == lines["compact"]?.stdout)
        let full = try Self.expand(compact2, ["--to", "full"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout == lines["full"]?.stdout)
        // The other shapes expand to themselves; an error line is copied as it is.
        #expect(try Self.expand(compactBytes).stdout == compactBytes)
        let errorLine = Data(#"{"user":"u-9","line":3,"error":{"kind":"invalidPreferences","message":"bad"}}"#.utf8 + [0x0A])
        #expect(try Self.expand(errorLine).stdout == errorLine)
    }

    @Test("scripts/expand-plans.py stops at a line of another shape or state version: which, where, exit 1")
    func expandPlansRefusesOtherVersions() throws {
        let good = #"{"user":"u-1","shape":2,"state":{"version":2}}"#
        for (bad, mentioned) in [
            (#"{"user":"u-2","shape":3,"state":{"version":3}}"#, "<stdin>:2: error: shape 3 is not a shape this script reads"),
            (#"{"user":"u-2","shape":2,"state":{"version":7}}"#, "<stdin>:2: error: state version 7 is not one this script reads")
        ] {
            let run = try Self.expand(Data((good + "\n" + bad + "\n").utf8))
            #expect(run.status == 1)
            #expect(run.stderr.contains(mentioned), "\(run.stderr)")
            #expect(run.out.split(separator: "\n").count == 1)
        }
    }

    @Test("The nightly loop in compact2: two nights on two shards, the second adds and removes nothing")
    func nightlyLoop() throws {
        let dir = try TemporaryFolder.create("nightly-compact2")
        defer { try? FileManager.default.removeItem(at: dir) }
        let users = NightlyLoopTests.users.path
        for (night, last) in [("n1", nil), ("n2", "n1")] as [(String, String?)] {
            for i in 0..<2 {
                var arguments = ["--now", Self.now, "--users", users, "--out", night, "--shard", "\(i)/2", "--output-shape", "compact2"]
                if let last { arguments += ["--last", last] }
                let r = try NightlyLoopTests.nightly(arguments, in: dir)
                #expect(r.status == 0, "\(r.stderr)")
            }
        }
        var planned = 0
        for i in 0..<2 {
            for line in try NightlyLoopTests.lines(dir.appendingPathComponent("n2/plans-\(i).jsonl")) {
                planned += 1
                #expect(line["shape"] as? Int == 2)
                #expect(line["added"] == nil && line["removed"] == nil, "\(line["user"] ?? "?")")
            }
        }
        #expect(planned == 6)
    }
}
