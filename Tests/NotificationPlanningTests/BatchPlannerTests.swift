@testable import NotificationBatch
import Foundation
import MessageCatalog
import ToolkitSupport
import Testing
@testable import NotificationPlanning
import AffirmationSelector

/// Users of every kind in several zones and locales; user 17 has an interval out of range.
private func sampleUsers(_ count: Int) -> [BatchUser] {
    let zones = ["Europe/Madrid", "America/Mexico_City", "Asia/Kolkata", "Pacific/Auckland", "America/New_York", "Asia/Shanghai"]
    let locales = ["en", "es-MX", "zh-Hans", "es", "en-GB", "zh-TW"]
    let now = instant("2026-11-23T09:30:00+01:00")
    return (0..<count).map { i in
        var p = NotificationPreferences.base(zones[i % zones.count], locale: locales[(i / 2) % locales.count])
        p.tone = Tone.allCases[i % 3]
        p.userSeed = UInt64(i * 7919)
        p.dailyAffirmation.enabled = i % 2 == 0
        p.achievementReminder.enabled = i % 3 == 0
        p.habits = i % 4 == 1 ? [HabitSettings(id: "water", name: "Water", period: i % 8 == 1 ? .weekly : .daily, hoursBefore: 1 + i % 23)] : []
        p.steps.goalEnabled = i % 5 == 2
        p.interval.enabled = i % 7 == 3
        if i == 17 { p.interval.seconds = 5 }
        var events: [PlannerEvent] = []
        if p.steps.goalEnabled { events.append(PlannerEvent(.stepsUpdated(steps: 12_000, goal: nil), at: now.addingTimeInterval(-600))) }
        if p.interval.enabled { events.append(PlannerEvent(.intervalSet(seconds: 45), at: now.addingTimeInterval(-5))) }
        return BatchUser(id: "user-\(i)", preferences: p, events: events)
    }
}

private func planAll(_ planner: BatchPlanner, _ users: [BatchUser]) async throws -> [BatchResult] {
    var results: [BatchResult] = []
    try await planner.plan(users) { results.append($0) }
    return results
}

@Suite("BatchPlanner")
struct BatchPlannerTests {
    static let now = instant("2026-11-23T09:30:00+01:00")

    @Test("Results come in input order and equal Planner.plan for each user, whatever the number of jobs", arguments: [1, 2, 5])
    func orderAndEquality(jobs: Int) async throws {
        let users = sampleUsers(120)
        let planner = BatchPlanner(now: Self.now, content: FakeContent(), jobs: jobs, window: 8)
        let results = try await planAll(planner, users)
        #expect(results.map(\.index) == Array(0..<users.count))
        #expect(results.map(\.id) == users.map(\.id))
        for (user, result) in zip(users, results) {
            let expected = Result { () throws(Diagnostic) -> PlanResult in
                try Planner.plan(preferences: user.preferences, state: user.state, events: user.events, now: Self.now, content: FakeContent())
            }
            #expect(result.outcome == expected, "\(user.id)")
        }
    }

    @Test("With the bundled catalogs, shared by the workers, the results equal the single-user planner's")
    func bundledCatalogs() async throws {
        let content = try ContentGenerator.bundled()
        let users = sampleUsers(24)
        let results = try await planAll(BatchPlanner(now: Self.now, content: content, jobs: 3), users)
        for (user, result) in zip(users, results) {
            let single = Result { () throws(Diagnostic) -> PlanResult in
                try Planner.plan(preferences: user.preferences, state: user.state, events: user.events, now: Self.now, content: content)
            }
            #expect(result.outcome == single, "\(user.id)")
        }
        #expect(results.contains { (try? $0.outcome.get())?.added.contains { $0.kind == .dailyAffirmation } == true })
    }

    @Test("A user the planner rejects is a failure value; the users around it are planned")
    func errorsAreValues() async throws {
        let users = sampleUsers(20)
        let results = try await planAll(BatchPlanner(now: Self.now, content: FakeContent(), jobs: 2), users)
        guard case .failure(let error) = results[17].outcome else {
            Issue.record("user 17 should fail")
            return
        }
        #expect(error.code == .intervalOutOfRange)
        #expect(error.path == "interval.seconds")
        #expect(results.enumerated().allSatisfy { $0.offset == 17 || (try? $0.element.outcome.get()) != nil })
    }

    @Test("An asynchronous sequence gives the same results as an array")
    func asyncSequence() async throws {
        let users = sampleUsers(30)
        let planner = BatchPlanner(now: Self.now, content: FakeContent(), jobs: 2)
        let stream = AsyncStream<BatchUser> { continuation in
            for user in users { continuation.yield(user) }
            continuation.finish()
        }
        var fromStream: [BatchResult] = []
        try await planner.plan(stream) { fromStream.append($0) }
        #expect(fromStream == (try await planAll(planner, users)))
    }

    @Test("The second plan of a batch, with the states of the first, changes nothing")
    func secondRunIsANoOp() async throws {
        let users = sampleUsers(24).filter { $0.id != "user-17" }
        let planner = BatchPlanner(now: Self.now, content: FakeContent(), jobs: 2)
        let first = try await planAll(planner, users)
        let again = zip(users, first).map { user, result in
            BatchUser(id: user.id, preferences: user.preferences, state: (try? result.outcome.get())!.state, events: user.events)
        }
        for result in try await planAll(planner, again) {
            let plan = try result.outcome.get()
            #expect(plan.added.isEmpty && plan.removed.isEmpty, "\(result.id)")
        }
    }
}

@Suite("BatchRunner")
struct BatchRunnerTests {
    /// Counts what runs at once and how far the input runs ahead of the consumer. `Locked`, not
    /// `Synchronization.Mutex`: ThreadSanitizer (CI) cannot see Mutex's futex and reports the
    /// counters it guards as racing.
    final class Probe: Sendable {
        let running = Locked(0)
        let maxRunning = Locked(0)
        func enter() {
            let now = running.withLock {
                $0 += 1; return $0
            }
            maxRunning.withLock { $0 = max($0, now) }
        }
        func leave() { running.withLock { $0 -= 1 } }
    }

    @Test(
        "At most `jobs` transforms run at once and at most `window` inputs are ahead of the consumer; order is kept",
        arguments: [(1, 1), (2, 5), (3, 16)])
    func boundedWindow(jobs: Int, window: Int) async throws {
        let probe = Probe()
        var pulled = 0
        var consumed: [Int] = []
        var aheadMost = 0
        try await BatchRunner.run(
            jobs: jobs, window: window,
            inputs: { () -> Int? in
                guard pulled < 200 else { return nil }
                pulled += 1
                aheadMost = max(aheadMost, pulled - consumed.count)
                return pulled - 1
            },
            transform: { (i: Int) -> Int in
                probe.enter()
                defer { probe.leave() }
                // Later inputs finish first now and then, so the runner has to reorder.
                usleep(UInt32((200 - i) % 7) * 200)
                return i * 2
            }, consume: { consumed.append($0) })
        #expect(consumed == (0..<200).map { $0 * 2 })
        #expect(probe.maxRunning.withLock { $0 } <= jobs)
        #expect(aheadMost <= max(jobs, window))
    }

    @Test("An error thrown by the consumer stops the run: the input is not read to its end")
    func consumerErrorStops() async throws {
        struct Stop: Error {}
        var pulled = 0
        await #expect(throws: Stop.self) {
            try await BatchRunner.run(
                jobs: 2, window: 4,
                inputs: { () -> Int? in
                    pulled += 1
                    return pulled
                }, transform: { $0 },
                consume: { value in
                    if value == 10 { throw Stop() }
                })
        }
        #expect(pulled <= 10 + 4)
    }

    @Test("An input with nothing ready lets finished outputs through, and is asked to wait only when nothing runs")
    func notReady() async throws {
        var pulled = 0
        var consumed: [Int] = []
        var askedToWaitWithOutputsPending = false
        try await BatchRunner.run(
            jobs: 2, window: 8,
            poll: { (mayWait: Bool) -> BatchPull<Int> in
                if pulled == 30 { return .end }
                // A producer slower than the workers: ready only once every taken input is consumed.
                if consumed.count < pulled {
                    if !mayWait { return .notReady }
                    askedToWaitWithOutputsPending = true
                }
                pulled += 1
                return .input(pulled - 1)
            }, transform: { $0 + 100 }, consume: { consumed.append($0 - 100) })
        #expect(consumed == Array(0..<30))
        #expect(!askedToWaitWithOutputsPending)
    }

    @Test("An empty input consumes nothing")
    func empty() async throws {
        var consumed = 0
        try await BatchRunner.run(jobs: 4, window: 8, [Int](), transform: { $0 }, consume: { _ in consumed += 1 })
        #expect(consumed == 0)
    }
}

@Suite("BatchShard and BatchUser")
struct BatchInputTests {
    @Test(
        "I/N parses only with 0 <= I < N",
        arguments: [
            ("0/3", true), ("2/3", true), ("0/1", true), ("3/3", false), ("-1/3", false),
            ("1/0", false), ("a/b", false), ("1/3/4", false), ("1", false), ("/3", false), (" 1/3", false)
        ])
    func parse(_ text: String, _ valid: Bool) {
        #expect((BatchShard(text) != nil) == valid)
    }

    @Test("The hash is FNV-1a 64 of the UTF-8 id, and the shards split the ids exactly once")
    func hashAndPartition() throws {
        #expect(BatchShard.hash("a") == 0xaf63dc4c8601ec8c)
        #expect(BatchShard.hash("") == 0xcbf29ce484222325)
        #expect(BatchShard.hash("u-0001") == 0x52c2d5f0125d87a4)  // docs/batch.md's example
        #expect(BatchShard.index(of: "u-0001", among: 3) == 2)
        #expect(BatchShard.hash("u-0000001") == StableKey.fnv1a64("u-0000001"))
        let shards = (0..<3).map { BatchShard(index: $0, count: 3)! }
        var sizes = [0, 0, 0]
        for id in (0..<3000).map({ "u-\($0)" }) + ["ünïcødé", "用户-7"] {
            let owners = shards.filter { $0.contains(id: id) }
            #expect(owners.count == 1, "\(id)")
            sizes[owners[0].index] += 1
        }
        #expect(sizes.allSatisfy { $0 > 800 }, "\(sizes)")
        #expect(BatchShard.all.contains(id: "anything"))
    }

    @Test("A line is the config plus id, state and events; its preferences are the config's")
    func decodesLikeTheConfig() throws {
        let line = """
            {"id": "u-1", "timeZone": "Asia/Kolkata", "locale": "es-MX", "tone": "minimal", "habits": [{"id": "w", "name": "Water"}],
             "state": {"achievementCount": 4}, "events": [{"type": "achievementRecorded", "timestamp": "2026-11-23T08:00:00Z"}]}
            """
        let user = try BatchUser.decode(json: Data(line.utf8)).get()
        #expect(user.id == "u-1")
        #expect(user.preferences == (try JSONDecoder().decode(NotificationPreferences.self, from: Data(line.utf8))))
        #expect(user.state.achievementCount == 4)
        #expect(user.events.map(\.type) == ["achievementRecorded"])
        let bare = try BatchUser.decode(json: Data(#"{"id": "u-2", "timeZone": "UTC"}"#.utf8)).get()
        #expect(bare.state == SchedulerState() && bare.events.isEmpty)
    }

    @Test(
        "A bad line's error names the field",
        arguments: [
            (#"{"timeZone": "UTC"}"#, "id", "invalidPreferences"),
            (#"{"id": "x"}"#, "timeZone", "invalidPreferences"),
            (#"{"id": "x", "timeZone": "UTC", "habits": [{"id": "h", "name": "H", "hoursBefore": "five"}]}"#, "habits[0].hoursBefore", "invalidPreferences"),
            (#"{"id": "x", "timeZone": "UTC", "tone": "loud"}"#, "tone", "invalidPreferences"),
            (
                #"{"id": "x", "timeZone": "UTC", "events": [{"type": "appForeground", "timestamp": "2026-11-23T08:00:00Z"}, {"type": "appBackground"}]}"#,
                "events[1].timestamp", "invalidEvent"
            ),
            (#"{"id": "x", "timeZone": "UTC", "state": {"pending": 3}}"#, "state.pending", "invalidState")
        ])
    func fieldOfError(_ line: String, _ field: String, _ code: String) {
        guard case .failure(let error) = BatchUser.decode(json: Data(line.utf8)) else {
            Issue.record("\(line) decoded")
            return
        }
        #expect(error.path == field)
        #expect(error.code.description == code)
        #expect(error.message.contains(field.split(separator: ".").last.map(String.init) ?? field) || error.message.contains("missing key"))
    }
}
