import NotificationPlanning
import Foundation
import Testing
import TestSupport

/// Runs the built `msgtool schedule` and `msgtool categories` and checks stdout, stderr and the
/// exit status against msgtool's contract (docs/contracts.md).
@Suite("msgtool schedule and categories")
struct ScheduleCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func msgtool(_ arguments: [String]) throws -> Run {
        let exe = try #require(MsgTool.binary, "msgtool was not found next to the test bundle (\(CommandLine.arguments[0]))")
        let r = try ProcessRunner.run(exe, arguments, directory: Repository.root)
        return Run(status: r.status, stdout: r.out, stderr: r.stderr)
    }

    static func temporaryDirectory() throws -> URL {
        try TemporaryFolder.create("msgtool-schedule")
    }

    @Test("The example config plans every kind; the state file makes the second run a no-op")
    func example() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json").path
        let arguments = [
            "schedule", "--config", "examples/schedule-config.json", "--now", "2026-11-23T09:30:00+01:00",
            "--events", "examples/schedule-events.jsonl", "--state", state
        ]
        let first = try Self.msgtool(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["now", "authorization", "added", "removed", "pending", "notes", "noteCodes"]))
        // The notes as codes, alongside the text and in the same order.
        let notes = try #require(object["notes"] as? [String])
        let codes = try #require(object["noteCodes"] as? [[String: Any]])
        #expect(codes.count == notes.count)
        #expect(codes.allSatisfy { ($0["code"] as? String).flatMap(PlanNote.Code.init(rawValue:)) != nil })
        #expect(object["now"] as? String == "2026-11-23T09:30:00+01:00")
        #expect(object["authorization"] as? String == "authorized")
        let added = try #require(object["added"] as? [[String: Any]])
        let ids = added.compactMap { $0["identifier"] as? String }
        #expect(ids.contains("daily-affirmation-2026-11-23"))
        #expect(ids.contains("workout-completion-9F1C2A"))
        #expect(ids.contains("interval-reminder"))
        let affirmation = try #require(added.first { $0["identifier"] as? String == "daily-affirmation-2026-11-23" })
        #expect(affirmation["fireDate"] as? String == "2026-11-23T10:00:00+01:00")
        #expect((affirmation["trigger"] as? [String: Any])?["type"] as? String == "calendar")
        #expect(affirmation["categoryIdentifier"] as? String == "DAILY_AFFIRMATION")
        #expect(FileManager.default.fileExists(atPath: state))

        let second = try Self.msgtool(arguments)
        #expect(second.status == 0)
        let again = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect((again["added"] as? [Any])?.isEmpty == true)
        #expect((again["removed"] as? [Any])?.isEmpty == true)
        #expect((again["pending"] as? [Any])?.count == (object["pending"] as? [Any])?.count)
        // No temporary file is left; the lock file that serializes runs stays (docs/scheduling.md).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".state.json.lock", "state.json"])
    }

    @Test("Killed at any moment, the state file holds a whole state")
    func killedMidWrite() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json")
        var directory = Bundle.main.executableURL!.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("msgtool").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        var delay: UInt64 = 0x5EED
        for hour in 0..<24 {
            let process = Process()
            process.executableURL = directory.appendingPathComponent("msgtool")
            process.arguments = [
                "schedule", "--config", "examples/schedule-config.json", "--now", "2026-11-23T\(hour < 10 ? "0" : "")\(hour):30:00+01:00",
                "--events", "examples/schedule-events.jsonl", "--state", state.path
            ]
            process.currentDirectoryURL = Repository.root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A pseudo-random moment between 0 and 250 ms (a run takes about that long).
            delay = delay &* 6364136223846793005 &+ 1442695040888963407
            usleep(useconds_t((delay >> 33) % 250_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: state.path) {
                let data = try Data(contentsOf: state)
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                #expect(object?["pending"] is [Any], "a broken state after a kill at hour \(hour)")
            }
        }
        // And a run to completion still reads it.
        let finished = try Self.msgtool(["schedule", "--config", "examples/schedule-config.json", "--now", "2026-11-24T09:30:00+01:00", "--state", state.path])
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test("The same input prints the same bytes")
    func deterministic() throws {
        let arguments = [
            "schedule", "--config", "examples/schedule-config.json", "--now", "2026-11-23T09:30:00+01:00",
            "--events", "examples/schedule-events.jsonl"
        ]
        let a = try Self.msgtool(arguments), b = try Self.msgtool(arguments)
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
    }

    @Test("Bad input exits 1 with file:line:column; bad usage exits 2")
    func errors() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        try Data("{\"timeZone\": \"Europe/Madrid\",\n  \"interval\": {\"enabled\": true}, \"budget\": x}".utf8).write(to: config)
        let broken = try Self.msgtool(["schedule", "--config", config.path, "--now", "2026-11-23T09:30:00Z"])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("\(config.path):2:44: error: invalid JSON"))

        try Data("{\"timeZone\": \"Europe/Madrid\", \"interval\": {\"enabled\": true}}".utf8).write(to: config)
        let events = dir.appendingPathComponent("events.jsonl")
        try Data(
            "{\"type\": \"appBackground\", \"timestamp\": \"2026-11-23T09:00:00Z\"}\n{\"type\": \"intervalSet\", \"seconds\": 400, \"timestamp\": \"2026-11-23T09:00:00Z\"}\n"
                .utf8
        ).write(to: events)
        let range = try Self.msgtool(["schedule", "--config", config.path, "--now", "2026-11-23T09:30:00Z", "--events", events.path])
        #expect(range.status == 1)
        #expect(range.stderr == "\(events.path):2:1: error: interval of 400 s is out of range: choose 10 to 300 seconds.\n")
        #expect(range.stdout.isEmpty)

        let usage = try Self.msgtool(["schedule", "--config", config.path, "--now", "next tuesday"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--now"))
    }

    @Test(
        "--html writes a self-contained 14-day timeline: a lane per kind, titles at their local times, DST, budget, quiet hours",
        arguments: [("Europe/Madrid", "2026-10-20T09:30:00+02:00", "DST +2→+1"), ("America/New_York", "2026-10-28T09:30:00-04:00", "DST −4→−5")])
    func html(_ zoneID: String, _ now: String, _ dstFlag: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var config = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "examples/schedule-config.json"))) as? [String: Any])
        config["timeZone"] = zoneID
        config["budget"] = 10
        let configURL = dir.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: config).write(to: configURL)
        let page = dir.appendingPathComponent("timeline.html")
        let run = try Self.msgtool(["schedule", "--config", configURL.path, "--now", now, "--html", page.path])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pending = try #require(object["pending"] as? [[String: Any]])
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"))
        #expect(html.contains("<style>"))
        for kind in ["daily-affirmation", "habit-reminder"] { #expect(html.contains("<th class=\"lane\">\(kind)</th>")) }
        let affirmation = try #require(pending.first { $0["kind"] as? String == "daily-affirmation" })
        let title = (affirmation["title"] as? String ?? "?").replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        #expect(html.contains("10:00 \(title)"))
        #expect(html.contains(dstFlag))
        #expect(html.contains("Budget: \(pending.count) of 10 pending"))
        #expect(html.contains("dropped by the budget"))
        #expect(html.contains("✕ dropped (budget)"))
        #expect(html.contains("quiet hours 22:30–07:00"))
    }

    @Test("categories prints the registry with localized titles")
    func categories() throws {
        let run = try Self.msgtool(["categories", "--locale", "en"])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let goal = try #require(list.first { $0["identifier"] as? String == "GOAL_ACHIEVEMENT" })
        let action = try #require((goal["actions"] as? [[String: Any]])?.first)
        #expect(action["identifier"] as? String == "VIEW_STEPS_ACTION")
        #expect(action["title"] as? String == "View Steps")
        #expect(list.contains { $0["identifier"] as? String == "TIMER_REMINDER" })
    }
}
