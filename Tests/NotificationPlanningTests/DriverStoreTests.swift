import NotificationPlanning
import Foundation
import MessageCatalog
import Testing
import TestSupport

/// The one-call driver and the locked state store an app shares with its extension.
@Suite("NotificationDriver and the shared state store")
struct DriverStoreTests {
    static let now = ISO8601Instant.date("2026-11-23T12:00:00Z")!
    static let workerVariable = "NOTIFICATION_TOOLKIT_STORE_WORKER"
    /// This test binary: the workers are spawned from it.
    static var testBinary: URL { Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]) }

    static func folder() throws -> URL {
        try TemporaryFolder.create("driver-store")
    }

    static func milestones() -> NotificationPreferences {
        var p = NotificationPreferences(timeZone: "Europe/Madrid")
        p.milestones.enabled = true
        return p
    }

    @Test("run reads the permission from the centre, plans, applies and saves; the next run starts from the saved state")
    func oneCall() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let center = InMemoryNotificationCenter(authorization: .authorized)
        let store = FileSchedulerStateStore(folder: dir)
        let driver = NotificationDriver(center: center, store: store, content: FakeContent(), clock: { Self.now })
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.dailyAffirmation.enabled = true
        preferences.authorization = .denied  // replaced by what the centre says
        let first = try await driver.run(preferences: preferences)
        #expect(first.authorization == .authorized)
        #expect(first.added.count == 7)
        #expect(try await center.pending().map(\.identifier) == first.pending.map(\.identifier))
        #expect(try store.load() == first.state)
        // Saved: the second run changes nothing.
        let second = try await driver.run(preferences: preferences)
        #expect(second.added.isEmpty && second.removed.isEmpty)
        // The user turns permission off in Settings: the next run removes everything.
        await center.setAuthorization(.denied)
        let third = try await driver.run(preferences: preferences)
        #expect(third.removed.count == 7 && third.pending.isEmpty)
        #expect(try await center.pending().isEmpty)
    }

    @Test("A failing apply saves nothing: the next run plans from the last saved state")
    func failureSavesNothing() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        struct Refusing: PendingNotificationCenter {
            func add(_ requests: [NotificationRequest]) async throws { throw CocoaError(.featureUnsupported) }
            func removePending(withIdentifiers identifiers: [String]) async throws {}
            func pending() async throws -> [NotificationRequest] { [] }
            func authorization() async -> AuthorizationStatus { .authorized }
        }
        let store = FileSchedulerStateStore(folder: dir)
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.dailyAffirmation.enabled = true
        await #expect(throws: CocoaError.self) {
            try await NotificationDriver(center: Refusing(), store: store, content: FakeContent(), clock: { Self.now }).run(preferences: preferences)
        }
        #expect(try store.load() == SchedulerState())
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test("A state file that is not a state is an error naming the file and how to fix it")
    func brokenFile() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = FileSchedulerStateStore(folder: dir)
        try Data("{\"version\": \"one\"}".utf8).write(to: store.url)
        let driver = NotificationDriver(center: InMemoryNotificationCenter(), store: store, content: FakeContent(), clock: { Self.now })
        do {
            try await driver.run(preferences: NotificationPreferences(timeZone: "UTC"))
            Issue.record("a broken state file was accepted")
        } catch let error as SchedulerStateStoreError {
            #expect(error.location == store.url.path)
            #expect(error.description.contains("not a saved notification state") && error.description.contains("delete it"))
        }
    }

    @Test("The UserDefaults store keeps the state under its key")
    func userDefaults() async throws {
        let suite = "notification-toolkit-tests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let store = UserDefaultsSchedulerStateStore(suiteName: suite, key: "state")
        let driver = NotificationDriver(center: InMemoryNotificationCenter(), store: store, content: FakeContent(), clock: { Self.now })
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.dailyAffirmation.enabled = true
        let plan = try await driver.run(preferences: preferences)
        let saved = try #require(UserDefaults(suiteName: suite)?.data(forKey: "state"))
        #expect(try SchedulerState.from(json: saved) == plan.state)
    }

    @Test("Tasks of one process planning at once on one store take turns: every event counted once")
    func tasksTakeTurns() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = NotificationDriver(
            center: InMemoryNotificationCenter(), store: FileSchedulerStateStore(folder: dir),
            content: FakeContent(), clock: { Self.now })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<30 {
                group.addTask {
                    try await driver.run(preferences: Self.milestones(), events: [PlannerEvent(.achievementRecorded(id: "t\(i)"), at: Self.now)])
                }
            }
            try await group.waitForAll()
        }
        let state = try FileSchedulerStateStore(folder: dir).load()
        #expect(state.achievementCount == 30)
        #expect(state.milestonesSent.filter { $0.contains("count") }.count == 2)  // 10 and 25, once each
    }

    /// The worker of the two-process test: does nothing unless the test below started this process.
    @Test("Two-process worker (runs only when spawned by the two-process test)")
    func storeWorker() async throws {
        guard let spec = ProcessInfo.processInfo.environment[Self.workerVariable] else { return }
        let parts = spec.components(separatedBy: "|")
        let dir = URL(fileURLWithPath: parts[0]), name = parts[1], runs = Int(parts[2]) ?? 0
        let driver = NotificationDriver(
            center: FileNotificationCenter(url: dir.appendingPathComponent("center.json")),
            store: FileSchedulerStateStore(folder: dir), content: FakeContent(), clock: { Self.now })
        var added: [String] = []
        for i in 0..<runs {
            let plan = try await driver.run(preferences: Self.milestones(), events: [PlannerEvent(.achievementRecorded(id: "\(name)-\(i)"), at: Self.now)])
            added += plan.added.map(\.identifier)
        }
        try Data(added.joined(separator: "\n").utf8).write(to: dir.appendingPathComponent("added-\(name).txt"))
    }

    @Test("Two processes (an app and its extension) planning at once on one store lose and duplicate nothing")
    func twoProcesses() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runs = 25
        try await FileNotificationCenter(url: dir.appendingPathComponent("center.json")).setAuthorization(.authorized)
        let binary = Self.testBinary
        let processes = try ["app", "extension"].map { name in
            let process = Process()
            process.executableURL = binary
            process.arguments = ["--testing-library", "swift-testing", "--filter", "DriverStoreTests/storeWorker"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.workerVariable] = "\(dir.path)|\(name)|\(runs)"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        let state = try FileSchedulerStateStore(folder: dir).load()
        // Nothing lost: every achievement of both processes is counted.
        #expect(state.achievementCount == 2 * runs)
        // Nothing duplicated: each count milestone (10, 25, 50) was handed to the centre once, by one process.
        let added = try ["app", "extension"].flatMap {
            try String(contentsOf: dir.appendingPathComponent("added-\($0).txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let milestones = added.filter { $0.hasPrefix("milestone-count") }
        #expect(milestones.sorted() == ["milestone-count-10", "milestone-count-25", "milestone-count-50"], "\(milestones)")
        let pending = try await FileNotificationCenter(url: dir.appendingPathComponent("center.json")).pending().map(\.identifier)
        #expect(Set(pending).count == pending.count)
        #expect(Set(milestones).isSubset(of: pending))
    }

    /// This process's resident and peak resident memory in KiB (Linux `/proc/self/status`).
    static func memory() -> (rss: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    static let memoryVariable = "NOTIFICATION_TOOLKIT_MEMORY_WORKER"

    /// The worker of the memory test: what an extension does on the user's action, in a fresh process.
    @Test("Memory worker (runs only when spawned by the memory test)")
    func memoryWorker() async throws {
        guard let output = ProcessInfo.processInfo.environment[Self.memoryVariable] else { return }
        let dir = URL(fileURLWithPath: output).deletingLastPathComponent()
        let before = Self.memory()
        let content = try ContentGenerator.bundled()
        let loaded = Self.memory()
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.locale = "es"
        preferences.interval.enabled = true
        preferences.dailyAffirmation.enabled = true
        preferences.milestones.enabled = true
        preferences.habits = [HabitSettings(id: "water", name: "Agua")]
        let driver = NotificationDriver(
            center: InMemoryNotificationCenter(), store: FileSchedulerStateStore(folder: dir), content: content,
            clock: { Self.now })
        try await driver.run(preferences: preferences, events: [PlannerEvent(.intervalSet(seconds: 120), at: Self.now)])
        let planned = Self.memory()
        try Data("\(before.rss) \(loaded.rss) \(planned.rss) \(planned.peak)".utf8).write(to: URL(fileURLWithPath: output))
    }

    @Test("What an extension's plan costs in memory, in a fresh process: loading the catalogs and planning stay under 24 MB")
    func extensionMemory() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("memory.txt")
        let process = Process()
        process.executableURL = Self.testBinary
        process.arguments = ["--testing-library", "swift-testing", "--filter", "DriverStoreTests/memoryWorker"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.memoryVariable] = output.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let figures = try String(contentsOf: output, encoding: .utf8).split(separator: " ").compactMap { Int($0) }
        try #require(figures.count == 4)
        let (before, loaded, planned) = (figures[0], figures[1], figures[2])
        print("extension memory (KiB): before \(before), catalogs loaded +\(loaded - before), planned +\(planned - before), peak \(figures[3])")
        #expect(planned - before < 24 * 1024, "loading and planning took \(planned - before) KiB")
    }

    @Test("preview renders the kind's next text with the current settings, now or in N seconds, without touching the saved state")
    func preview() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let center = InMemoryNotificationCenter()
        let store = FileSchedulerStateStore(folder: dir)
        let driver = NotificationDriver(center: center, store: store, content: try ContentGenerator.bundled(), clock: { Self.now })
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.locale = "es"
        preferences.dailyAffirmation.enabled = true
        let planned = try await driver.run(preferences: preferences)
        // Quiet hours all day would defer the plan's affirmation; a preview is shown now anyway.
        preferences.quietHours = QuietHours(start: TimeOfDay(hour: 0, minute: 0), end: TimeOfDay(hour: 23, minute: 59))
        let next = try #require(planned.added.filter { $0.kind == .dailyAffirmation }.min { $0.fireDate < $1.fireDate })
        let request = try await driver.preview(.dailyAffirmation, preferences: preferences, after: 5)
        #expect(request.identifier == "preview-daily-affirmation")
        #expect(request.trigger == .interval(seconds: 5))
        #expect(request.fireDate == Self.now.addingTimeInterval(5))
        #expect(request.title == next.title, "\(request) \(next)")
        #expect(request.body == next.body)
        #expect(request.categoryIdentifier == next.categoryIdentifier)
        #expect(try await center.pending().contains(request))
        #expect(try store.load() == planned.state)
        let now = try await driver.preview(.dailyAffirmation, preferences: preferences)
        #expect(now.trigger == .immediate)
        await #expect(throws: NotificationDriver.PreviewError.self) {
            try await driver.preview(.stepGoal, preferences: preferences)
        }
    }
}
