import Foundation
import Testing
import TestSupport

/// scripts/nightly.sh as a batch runner uses it: two nights of the example users on two shards,
/// each night's input joined from the night before's output and the day's events.
@Suite("Nightly loop", .serialized)
struct NightlyLoopTests {
    static let users = Repository.url("examples/batch-users.jsonl")
    static let now = "2026-11-23T09:30:00+01:00"

    /// Runs scripts/nightly.sh with the built msgtool; returns its status and stderr.
    static func nightly(_ arguments: [String], in folder: URL) throws -> (status: Int32, stderr: String) {
        let exe = try #require(MsgTool.binary, "msgtool was not found next to the test bundle")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [Repository.url("scripts/nightly.sh").path, "--msgtool", exe.path] + arguments
        p.currentDirectoryURL = folder
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, stderr)
    }

    static func lines(_ url: URL) throws -> [[String: Any]] {
        try MsgTool.jsonLines(try Data(contentsOf: url))
    }

    static func temporaryFolder() throws -> URL {
        try TemporaryFolder.create("nightly")
    }

    @Test func twoNightsOnTwoShardsCarryEveryStateAndEvent() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Night 1: no last night; each shard plans its users from the users' own lines.
        for i in 0..<2 {
            let r = try Self.nightly(["--now", Self.now, "--users", Self.users.path, "--out", "n1", "--shard", "\(i)/2"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let n1 = dir.appendingPathComponent("n1")
        let files = try FileManager.default.contentsOfDirectory(atPath: n1.path).sorted()
        #expect(files == ["input-0.jsonl", "input-1.jsonl", "plans-0.jsonl", "plans-1.jsonl"])
        // Together the shards plan every user once, as one unsharded batch does.
        let whole = try MsgTool.run(["batch", "--now", Self.now, Self.users.path])
        #expect(whole.status == 0, "\(whole)")
        let shardLines = try (0..<2).flatMap { i in
            try String(contentsOf: n1.appendingPathComponent("plans-\(i).jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(shardLines.sorted() == whole.out.split(separator: "\n").map(String.init).sorted())

        // Night 2 at the same instant, with an event for one user: every user's state is last
        // night's, so re-planning adds and removes nothing (docs/batch.md) except what the event
        // changes, and the event reaches its user.
        let events = dir.appendingPathComponent("events.jsonl")
        try Data(#"{"user":"u-0005","event":{"type":"appForeground","timestamp":"2026-11-23T14:00:00+05:30"}}"#.utf8 + [0x0A]).write(to: events)
        for i in 0..<2 {
            let r = try Self.nightly(
                [
                    "--now", Self.now, "--users", Self.users.path, "--events", events.path,
                    "--last", "n1", "--out", "n2", "--shard", "\(i)/2"
                ], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let n2 = dir.appendingPathComponent("n2")
        var statesLast: [String: NSDictionary] = [:]
        for i in 0..<2 {
            for line in try Self.lines(n1.appendingPathComponent("plans-\(i).jsonl")) {
                statesLast[line["user"] as! String] = line["state"] as? NSDictionary
            }
        }
        var seen: Set<String> = []
        for i in 0..<2 {
            for input in try Self.lines(n2.appendingPathComponent("input-\(i).jsonl")) {
                let id = try #require(input["id"] as? String)
                seen.insert(id)
                #expect((input["state"] as? NSDictionary) == statesLast[id], "\(id)'s state is last night's")
                let eventTypes = (input["events"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
                #expect(eventTypes == (id == "u-0005" ? ["appForeground"] : []), "\(id): \(eventTypes)")
            }
            for plan in try Self.lines(n2.appendingPathComponent("plans-\(i).jsonl")) where plan["user"] as? String != "u-0005" {
                #expect((plan["added"] as? [Any])?.isEmpty == true, "\(plan["user"] ?? "?") added \(plan["added"] ?? "?") on a re-plan")
                #expect((plan["removed"] as? [Any])?.isEmpty == true, "\(plan["user"] ?? "?") removed \(plan["removed"] ?? "?") on a re-plan")
            }
        }
        #expect(seen == Set(statesLast.keys))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: n2.path).filter { $0.hasSuffix(".part") }
        #expect(leftovers.isEmpty)
    }

    /// The runner recipes (GNU parallel, Kubernetes, Slurm) are the same blocks in the README and
    /// docs/batch.md, and each runs the nightly script and treats status 1 as done.
    @Test func theRunnerRecipesAreTheSameInBothDocuments() throws {
        func recipes(_ path: String) throws -> [String] {
            let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
            return text.components(separatedBy: "```").enumerated()
                .filter { $0.offset % 2 == 1 && $0.element.contains("msgtool-nightly --now") }
                .map(\.element)
        }
        let readme = try recipes("README.md"), batch = try recipes("docs/batch.md")
        #expect(readme.count == 3)
        #expect(readme == batch)
        for recipe in readme {
            #expect(recipe.contains("|| [ $? -eq 1 ]"), "\(recipe)")
            #expect(recipe.contains("--shard"), "\(recipe)")
        }
        #expect(readme.contains { $0.contains("parallel --sshlogin") })
        #expect(readme.contains { $0.contains("completionMode: Indexed") })
        #expect(readme.contains { $0.contains("SLURM_ARRAY_TASK_ID") })
    }

    @Test func aBadUsersLineStopsTheShardWithItsPlace() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let users = dir.appendingPathComponent("users.jsonl")
        try Data(#"{"id":"u-1","timeZone":"UTC","locale":"en"}"#.utf8 + [0x0A] + Array("{not json\n".utf8)).write(to: users)
        let r = try Self.nightly(["--now", Self.now, "--users", users.path, "--out", "n1", "--shard", "0/1"], in: dir)
        #expect(r.status == 3)
        #expect(r.stderr.contains("users.jsonl:2: error: not JSON"), "\(r.stderr)")
        // Nothing under a final name.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("n1").path)
        #expect(!files.contains("input-0.jsonl") && !files.contains("plans-0.jsonl"), "\(files)")
    }

    @Test func aPlansFileGivenTwiceIsRefused() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r1 = try Self.nightly(["--now", Self.now, "--users", Self.users.path, "--out", "n1", "--shard", "0/1"], in: dir)
        #expect(r1.status == 0, "\(r1.stderr)")
        let n1 = dir.appendingPathComponent("n1")
        try FileManager.default.copyItem(at: n1.appendingPathComponent("plans-0.jsonl"), to: n1.appendingPathComponent("plans-1.jsonl"))
        let r2 = try Self.nightly(["--now", Self.now, "--users", Self.users.path, "--last", "n1", "--out", "n2", "--shard", "0/1"], in: dir)
        #expect(r2.status == 3)
        #expect(r2.stderr.contains("plans-1.jsonl:1: error: user 'u-0001' is also on"), "\(r2.stderr)")
    }
}
