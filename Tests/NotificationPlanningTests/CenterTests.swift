import ToolkitSupport
import Foundation
import Testing
@testable import NotificationPlanning
import TestSupport

@Suite("Notification centres")
struct CenterTests {
    func sample(_ id: String, _ at: String) -> NotificationRequest {
        NotificationRequest(
            identifier: id, kind: .dailyAffirmation, fireDate: instant(at), timeZone: "Europe/Madrid",
            trigger: .calendar(date: day("2026-11-24"), time: TimeOfDay(hour: 10), second: 0, timeZone: nil),
            title: "t \(id)", body: "b", categoryIdentifier: "DAILY_AFFIRMATION", threadIdentifier: "daily-affirmation",
            userInfo: ["kind": "daily-affirmation"], floating: true)
    }

    /// Exercises any centre through the protocol.
    func exercise(_ center: any PendingNotificationCenter) async throws {
        try await center.add([sample("b", "2026-11-25T09:00:00Z"), sample("a", "2026-11-24T09:00:00Z")])
        #expect(try await center.pending().map(\.identifier) == ["a", "b"])
        var replaced = sample("a", "2026-11-24T09:00:00Z")
        replaced.title = "new"
        try await center.add([replaced])
        #expect(try await center.pending().first?.title == "new")
        try await center.removePending(withIdentifiers: ["a", "unknown"])
        #expect(try await center.pending().map(\.identifier) == ["b"])
    }

    @Test("In memory")
    func memory() async throws {
        let center = InMemoryNotificationCenter(authorization: .denied)
        try await exercise(center)
        #expect(await center.authorization() == .denied)
        let delivered = await center.deliver(through: instant("2026-11-26T00:00:00Z"))
        #expect(delivered.map(\.identifier) == ["b"])
        #expect(try await center.pending().isEmpty)
    }

    @Test("In a file, surviving a reopen")
    func file() async throws {
        let dir = try TemporaryFolder.create("center")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("center.json")
        let center = FileNotificationCenter(url: url)
        #expect(await center.authorization() == .notDetermined)
        try await exercise(center)
        try await center.setAuthorization(.authorized)
        let reopened = FileNotificationCenter(url: url)
        #expect(try await reopened.pending().map(\.identifier) == ["b"])
        #expect(await reopened.authorization() == .authorized)
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["center.json"])
    }

    @Test("Atomic writes replace the whole file and fail cleanly")
    func atomic() throws {
        let dir = try TemporaryFolder.create("atomic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("state.json")
        try AtomicFile.write(Data(String(repeating: "x", count: 10_000).utf8), to: url)
        try AtomicFile.write(Data("{}".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "{}")
        let missing = dir.appendingPathComponent("no-such-dir/state.json")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("{}".utf8), to: missing) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "{}")
    }

    @Test("A plan applied to a centre leaves exactly its pending set")
    func applyPlan() async throws {
        var prefs = NotificationPreferences.base("Europe/Madrid")
        prefs.dailyAffirmation.enabled = true
        prefs.achievementReminder.enabled = true
        let center = InMemoryNotificationCenter()
        let first = try plan(prefs, at: "2026-11-23T08:00:00Z")
        try await center.apply(first)
        #expect(try await center.pending() == first.pending)
        prefs.achievementReminder.enabled = false
        prefs.tone = .cheerful
        let second = try plan(prefs, first.state, at: "2026-11-23T08:30:00Z")
        try await center.apply(second)
        #expect(try await center.pending() == second.pending)
    }
}
