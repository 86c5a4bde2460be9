import Foundation
import ToolkitSupport
import Testing
import TestSupport

/// `msgtool batch` as scripts see it: the built binary, JSON Lines in and out.
@Suite("msgtool batch", .serialized)
struct BatchCommandTests {
    static let now = "2026-11-23T09:30:00+01:00"
    static let example = Repository.url("examples/batch-users.jsonl")

    /// `count` users: the example file's users over again with other ids, zones, locales and tones.
    static func users(_ count: Int) throws -> [String] {
        let templates = try String(contentsOf: example, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let zones = ["Europe/Madrid", "America/Mexico_City", "Asia/Kolkata", "Pacific/Auckland", "America/Santiago", "Australia/Sydney", "UTC"]
        let locales = ["en", "es-MX", "zh-Hans", "es", "en-GB", "zh-CN", "es-419"]
        let tones = ["cheerful", "gentle", "minimal"]
        return try (0..<count).map { i in
            var user = templates[i % templates.count]
            user["id"] = "t-\(i)"
            if i >= templates.count {
                user["timeZone"] = zones[i % zones.count]
                user["locale"] = locales[(i / 3) % locales.count]
                user["tone"] = tones[(i / 2) % tones.count]
                user["userSeed"] = i * 31
            }
            return String(decoding: try JSONSerialization.data(withJSONObject: user, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    static func batch(_ lines: [String], _ extra: [String] = []) throws -> Run {
        try MsgTool.run(["batch", "--now", now] + extra, stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    static func outputLines(_ run: Run) -> [String] {
        run.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line.prefix(200))")
    }

    /// FNV-1a 64 of the UTF-8 bytes, as docs/batch.md defines the shard hash.
    static func fnv1a64(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    @Test("The example file: one line per user, in input order, with the contract's keys")
    func example() throws {
        let run = try MsgTool.run(["batch", "--now", Self.now, Self.example.path])
        #expect(run.status == 0, "\(run)")
        let lines = Self.outputLines(run)
        let ids = try String(contentsOf: Self.example, encoding: .utf8).split(separator: "\n").map { try Self.object(String($0))["id"] as? String }
        #expect(try lines.map { try Self.object($0)["user"] as? String } == ids)
        for line in lines {
            #expect(line.hasPrefix("{\"user\":"))
            let object = try Self.object(line)
            #expect(Set(object.keys).isSuperset(of: ["user", "added", "removed", "notes", "state"]))
            #expect(object["pending"] == nil)
        }
        let auckland = try Self.object(lines[3])
        #expect((auckland["authorizationRequest"] as? [String: Any])?["options"] as? [String] == ["alert", "sound", "badge"])
        let fromStdin = try MsgTool.run(["batch", "--now", Self.now], stdin: try Data(contentsOf: Self.example))
        #expect(fromStdin.stdout == run.stdout)
    }

    @Test("--jobs 1 and --jobs 2 (and 5) print the same bytes")
    func jobsDoNotChangeTheOutput() throws {
        let lines = try Self.users(60)
        let one = try Self.batch(lines, ["--jobs", "1"])
        #expect(one.status == 0, "\(one)")
        #expect(Self.outputLines(one).count == 60)
        for jobs in ["2", "5"] {
            let other = try Self.batch(lines, ["--jobs", jobs])
            #expect(other.status == 0)
            #expect(other.stdout == one.stdout, "--jobs \(jobs)")
        }
    }

    @Test("Shards 0/3, 1/3 and 2/3 together give every user exactly once, with the same lines as the whole run")
    func shardsCoverEveryUserOnce() throws {
        let lines = try Self.users(45)
        let whole = try Self.batch(lines)
        var byUser: [String: String] = [:]
        for line in Self.outputLines(whole) { byUser[try Self.object(line)["user"] as! String] = line }
        var seen: [String] = []
        for index in 0..<3 {
            let shard = try Self.batch(lines, ["--shard", "\(index)/3", "--jobs", "2"])
            #expect(shard.status == 0, "\(shard)")
            for line in Self.outputLines(shard) {
                let user = try #require(try Self.object(line)["user"] as? String)
                #expect(Int(Self.fnv1a64(user) % 3) == index, "\(user) in shard \(index)")
                #expect(line == byUser[user])
                seen.append(user)
            }
        }
        #expect(seen.sorted() == byUser.keys.sorted())
        #expect(Set(seen).count == seen.count)
    }

    /// `msgtool bench --batch` runs the path of `msgtool batch`: on the same users and instant it
    /// counts exactly the lines and bytes that `msgtool batch` prints, in both shapes, on worker
    /// tasks (2 jobs) and on the calling thread (1 job).
    @Test(arguments: ["compact", "compact2", "full"], ["1", "2"])
    func benchBatchMeasuresTheBatchPath(shape: String, jobs: String) throws {
        let printed = try MsgTool.run(["batch", "--now", Self.now, "--output-shape", shape, Self.example.path])
        #expect(printed.status == 0, "\(printed)")
        let workload = MsgTool.benchDirectory.appendingPathComponent("workload.json").path
        let bench = try MsgTool.run([
            "bench", "--workload", workload, "--batch", "--json", "--passes", "1", "--jobs", jobs,
            "--users", Self.example.path, "--now", Self.now, "--output-shape", shape
        ])
        #expect(bench.status == 0, "\(bench)")
        let figures = try Self.object(bench.out.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(figures["users"] as? Int == Self.outputLines(printed).count)
        #expect(figures["bytes"] as? Int == printed.stdout.count)
        #expect(figures["failed"] as? Int == 0)
        #expect(figures["shape"] as? String == shape)
    }

    /// docs/batch.md, "A shard that fails is re-run, whole": the re-run writes the same bytes, so
    /// the merge (the shard files concatenated) holds every user once, whatever run each file
    /// came from.
    @Test("A shard run again (another --jobs) writes the same bytes; the merged shards are the whole run's lines")
    func rerunShardMergesWithoutDuplicateOrLoss() throws {
        let lines = try Self.users(30) + ["not json", "{\"id\": \"t-bad\", \"timeZone\": \"Nowhere/City\"}"]
        let whole = try Self.batch(lines)
        var files = try (0..<3).map { index in try Self.batch(lines, ["--shard", "\(index)/3", "--jobs", "2"]) }
        let rerun = try Self.batch(lines, ["--shard", "1/3", "--jobs", "1"])
        #expect(rerun.stdout == files[1].stdout)
        #expect(rerun.status == files[1].status)
        files[1] = rerun
        let merged = files.flatMap { Self.outputLines($0) }
        #expect(merged.count == lines.count)
        #expect(merged.sorted() == Self.outputLines(whole).sorted())
    }

    @Test("A bad line in the middle gets an error line; the others are unchanged; exit status 1")
    func badLineInTheMiddle() throws {
        let lines = try Self.users(12)
        let good = try Self.batch(lines)
        var broken = lines
        broken.insert(#"{"id": "oops", "timeZone": "Europe/Madrid", "tone": }"#, at: 6)
        let run = try Self.batch(broken)
        #expect(run.status == 1)
        #expect(run.stderr.contains("<stdin>:7:1: error: 1 of 13 users failed"), "\(run.stderr)")
        var out = Self.outputLines(run)
        #expect(out.count == 13)
        let error = try Self.object(out.remove(at: 6))
        #expect(error["user"] as? String == "oops")
        #expect(error["line"] as? Int == 7)
        let detail = try #require(error["error"] as? [String: Any])
        #expect(detail["kind"] as? String == "invalidJSON")
        #expect(detail["column"] as? Int == 53)
        #expect(out == Self.outputLines(good))
    }

    @Test(
        "A user whose config is invalid gets an error naming the field",
        arguments: [
            (#""interval": {"enabled": true, "seconds": 5}"#, "interval.seconds", "intervalOutOfRange", "10 to 300"),
            (#""habits": [{"id": "w", "name": "Water", "hoursBefore": 30}]"#, "habits[0].hoursBefore", "invalidPreferences", "1 to 23"),
            (#""habits": [{"id": "w", "name": "Water", "hoursBefore": "five"}]"#, "habits[0].hoursBefore", "invalidPreferences", "expected"),
            (#""budget": 100"#, "budget", "invalidPreferences", "1 to 64"),
            (#""authorization": "maybe""#, "authorization", "invalidPreferences", "authorization"),
            (#""events": [{"type": "stepsUpdated", "steps": 10}]"#, "events[0].timestamp", "invalidEvent", "timestamp"),
            (#""state": {"pending": [{"identifier": "x"}]}"#, "state.pending[0].kind", "invalidState", "kind")
        ])
    func invalidConfigNamesTheField(_ setting: String, _ field: String, _ kind: String, _ mentioned: String) throws {
        let line = #"{"id": "bad-1", "timeZone": "Europe/Madrid", "# + setting + "}"
        let run = try Self.batch([line, #"{"id": "fine", "timeZone": "UTC"}"#])
        #expect(run.status == 1)
        let out = Self.outputLines(run)
        #expect(out.count == 2)
        let object = try Self.object(out[0])
        #expect(object["user"] as? String == "bad-1")
        #expect(object["line"] as? Int == 1)
        let error = try #require(object["error"] as? [String: Any], "\(out[0])")
        #expect(error["field"] as? String == field)
        #expect(error["kind"] as? String == kind)
        #expect((error["message"] as? String)?.contains(mentioned) == true, "\(error)")
        #expect(try Self.object(out[1])["user"] as? String == "fine")
    }

    @Test("Lines that are not users: no id, not an object, not UTF-8; blank lines are skipped but counted")
    func linesThatAreNotUsers() throws {
        var input = Data("{\"timeZone\": \"UTC\"}\n\n[1, 2]\n".utf8)
        input.append(contentsOf: [0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x0A])
        input.append(Data("{\"id\": \"ok\", \"timeZone\": \"UTC\"}".utf8))  // no final newline
        let run = try MsgTool.run(["batch", "--now", Self.now], stdin: input)
        #expect(run.status == 1)
        let out = try Self.outputLines(run).map(Self.object)
        #expect(out.count == 4)
        #expect(out[0]["line"] as? Int == 1 && out[0]["user"] == nil)
        #expect((out[0]["error"] as? [String: Any])?["field"] as? String == "id")
        #expect(out[1]["line"] as? Int == 3)
        #expect((out[1]["error"] as? [String: Any])?["kind"] as? String == "invalidJSON")
        #expect(out[2]["line"] as? Int == 4)
        #expect(((out[2]["error"] as? [String: Any])?["message"] as? String)?.contains("UTF-8") == true)
        #expect(out[3]["user"] as? String == "ok" && out[3]["error"] == nil)
    }

    @Test("A user's line is written while the input is still open (streaming, not buffered to the end)")
    func streamsBeforeTheInputEnds() throws {
        let process = Process()
        guard let binary = MsgTool.binary else {
            Issue.record("msgtool was not found next to the test bundle")
            return
        }
        process.executableURL = binary
        process.arguments = ["batch", "--now", Self.now]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = try Self.users(2)
        input.fileHandleForWriting.write(Data((lines[0] + "\n").utf8))
        // Should the first line never come, close the input after a minute so that the test ends
        // (and fails) instead of hanging.
        let closedEarly = Locked(false)  // not Synchronization.Mutex: macOS 15, above the floor
        let watchdog = DispatchWorkItem {
            closedEarly.withLock { $0 = true }
            try? input.fileHandleForWriting.close()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        var received = Data()
        while !received.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        watchdog.cancel()
        #expect(closedEarly.withLock { $0 } == false, "the first user's line came only after the input was closed")
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("{\"user\":\"t-0\""))
        if !closedEarly.withLock({ $0 }) {
            input.fileHandleForWriting.write(Data((lines[1] + "\n").utf8))
            try input.fileHandleForWriting.close()
        }
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: received, as: UTF8.self).split(separator: "\n").count == 2)
    }

    @Test(
        "A user's line holds what msgtool schedule prints and writes for the same config, events and state",
        arguments: ["compact", "full"])
    func sameAsSchedule(shape: String) throws {
        let directory = try TemporaryFolder.create("msgtool-batch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Repository.url("examples/schedule-config.json")
        let eventsFile = Repository.url("examples/schedule-events.jsonl")
        let statePath = directory.appendingPathComponent("state.json").path
        let schedule = try MsgTool.run(["schedule", "--config", config.path, "--now", Self.now, "--events", eventsFile.path, "--state", statePath])
        #expect(schedule.status == 0, "\(schedule)")

        var user = try Self.object(try String(contentsOf: config, encoding: .utf8))
        user["id"] = "same"
        user["events"] = try String(contentsOf: eventsFile, encoding: .utf8).split(separator: "\n").map { try Self.object(String($0)) }
        let line = String(decoding: try JSONSerialization.data(withJSONObject: user), as: UTF8.self)
        let batch = try Self.batch([line], ["--output-shape", shape])
        #expect(batch.status == 0, "\(batch)")
        let planned = try Self.object(Self.outputLines(batch)[0])
        let printed = try Self.object(schedule.out)
        let written = try Self.object(try String(contentsOfFile: statePath, encoding: .utf8))
        #expect((planned["state"] as? NSDictionary) == (written as NSDictionary))
        for key in ["removed", "notes"] + (shape == "full" ? ["added", "pending"] : []) {
            #expect((planned[key] as? NSArray) == (printed[key] as? NSArray), "\(key)")
        }
        if shape == "compact" {
            // Each request once: the added identifiers name requests of state.pending, which is
            // schedule's pending.
            let added = try #require(printed["added"] as? [[String: Any]])
            #expect(planned["added"] as? [String] == added.map { $0["identifier"] as! String })
            #expect(((planned["state"] as? [String: Any])?["pending"] as? NSArray) == (printed["pending"] as? NSArray))
            #expect(planned["pending"] == nil)
        }
    }

    @Test(
        "Bad usage exits 2; a missing file exits 1",
        arguments: [
            (["batch", "--now", "2026-11-23T09:30:00+01:00", "--shard", "3/3"], Int32(2), "--shard"),
            (["batch", "--now", "2026-11-23T09:30:00+01:00", "--shard", "x"], 2, "--shard"),
            (["batch", "--now", "2026-11-23T09:30:00+01:00", "--jobs", "0"], 2, "--jobs"),
            (["batch", "--now", "tomorrow"], 2, "--now"),
            (["batch"], 2, "--now"),
            (["batch", "--now", "2026-11-23T09:30:00+01:00", "/nonexistent/users.jsonl"], 1, "/nonexistent/users.jsonl: error:")
        ])
    func usage(_ arguments: [String], _ status: Int32, _ mentioned: String) throws {
        let run = try MsgTool.run(arguments)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains(mentioned), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
