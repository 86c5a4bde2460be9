import Foundation
import Testing
import TestSupport

/// `msgtool batch --timeline-user ID --html FILE`: the timeline of one user of a batch is the
/// very page `msgtool schedule --html` draws for that user's config alone.
@Suite("msgtool batch --timeline-user")
struct BatchTimelineTests {
    @Test func oneUsersTimelineEqualsSchedules() throws {
        let dir = try TemporaryFolder.create("batch-timeline")
        defer { try? FileManager.default.removeItem(at: dir) }
        let users = try String(contentsOf: BatchCommandTests.example, encoding: .utf8).split(separator: "\n")
        let second = try #require(users.dropFirst().first)
        let config = dir.appendingPathComponent("u2.json")
        // The user's line without its "id" is that user's `schedule --config` (an unknown key there).
        var object = try #require(try JSONSerialization.jsonObject(with: Data(second.utf8)) as? [String: Any])
        object["id"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: config)
        let fromBatch = dir.appendingPathComponent("batch.html").path
        let fromSchedule = dir.appendingPathComponent("schedule.html").path

        let b = try MsgTool.run(["batch", "--now", BatchCommandTests.now, "--timeline-user", "u-0002", "--html", fromBatch, BatchCommandTests.example.path])
        #expect(b.status == 0, "\(b)")
        let s = try MsgTool.run(["schedule", "--config", config.path, "--now", BatchCommandTests.now, "--html", fromSchedule])
        #expect(s.status == 0, "\(s)")
        let page = try String(contentsOfFile: fromBatch, encoding: .utf8)
        #expect(page == (try String(contentsOfFile: fromSchedule, encoding: .utf8)))
        #expect(page.contains("America/Mexico_City"))
    }

    @Test func anUnknownUserWritesNothing() throws {
        let out = TemporaryFolder.uniqueURL("none", suffix: ".html").path
        let r = try MsgTool.run(["batch", "--now", BatchCommandTests.now, "--timeline-user", "nobody", "--html", out, BatchCommandTests.example.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no user with the id nobody"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func theTwoOptionsGoTogether() throws {
        let r = try MsgTool.run(["batch", "--now", BatchCommandTests.now, "--html", "/tmp/x.html"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("go together"))
    }
}
