import Foundation
import Testing
import TestSupport

/// Output that cannot be written, out-of-range options and overflowing numbers: a clear error
/// and an exit status, never a signal.
@Suite("Hostile output and options")
struct OutputFailureTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func aFullDiskIsReported() throws {
        guard let exe = MsgTool.binary else { Issue.record("msgtool was not found next to the test bundle"); return }
        let p = Process()
        p.executableURL = exe
        p.arguments = ["export", "--format", "po", "--locale", "es"]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardOutput = full
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit, "killed by signal \(p.terminationStatus)")
        #expect(p.terminationStatus == 1)
        #expect(message.contains("error: cannot write the output: no space left on device"), "\(message)")
    }

    @Test(arguments: ["1152921504606846976", "0", "257", "-3"])
    func jobsOutOfRangeIsUsage(_ jobs: String) throws {
        let r = try MsgTool.run(["batch", "--now", "2026-11-23T09:00:00+01:00", "--jobs=\(jobs)"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("1 to 256"), "\(r)")
    }

    @Test func infinityFromJSONIsAnErrorLine() throws {
        let input =
            #"{"id":1,"locale":"zh-Hans","pattern":"{n, ordinal}","args":{"n":-1e999}}"# + "\n"
            + #"{"id":2,"locale":"en","pattern":"{n}","args":{"n":2}}"# + "\n"
        let r = try MsgTool.run(["format", "--jsonl"], stdin: Data(input.utf8))
        #expect(r.status == 1, "\(r)")  // a bad line: its error line, then the stream goes on
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""error""#) == true)
        #expect(lines.last == #"{"id": 2, "output": "2"}"#)
    }
}

/// The state file holds the user's own texts: created readable by its owner only, and kept so.
@Suite("msgtool schedule --state: permissions")
struct StatePermissionTests {
    @Test func aNewStateFileIsTheOwnersOnly() throws {
        let dir = try TemporaryFolder.create("state-mode")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json").path
        let config = Repository.url("examples/schedule-config.json").path
        let r = try MsgTool.run(["schedule", "--config", config, "--now", "2026-11-23T09:30:00+01:00", "--state", state])
        #expect(r.status == 0, "\(r)")
        #expect((try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int) == 0o600)
        // A mode the user chose is kept on the next run.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: state)
        let again = try MsgTool.run(["schedule", "--config", config, "--now", "2026-11-24T09:30:00+01:00", "--state", state])
        #expect(again.status == 0, "\(again)")
        #expect((try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int) == 0o640)
    }
}

/// Concurrent `msgtool schedule --state FILE` runs take turns: no update is lost.
@Suite("msgtool schedule --state: concurrent runs")
struct ConcurrentStateTests {
    @Test func everyRunsAchievementIsCounted() throws {
        guard let exe = MsgTool.binary else { Issue.record("msgtool was not found next to the test bundle"); return }
        let dir = try TemporaryFolder.create("state-race")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json").path
        let config = Repository.url("examples/schedule-config.json").path
        let runs = 8
        var processes: [Process] = []
        for i in 0..<runs {
            let events = dir.appendingPathComponent("e\(i).jsonl")
            try Data(#"{"type": "achievementRecorded", "id": "a-\#(i)", "timestamp": "2026-11-23T09:1\#(i % 10):00+01:00"}"#.utf8).write(to: events)
            let p = Process()
            p.executableURL = exe
            p.arguments = ["schedule", "--config", config, "--now", "2026-11-23T09:30:00+01:00", "--state", state, "--events", events.path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            processes.append(p)
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any])
        #expect(json["achievementCount"] as? Int == runs, "\(json["achievementCount"] ?? "none")")
    }
}
