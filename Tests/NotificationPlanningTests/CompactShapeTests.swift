@testable import NotificationBatch
import Foundation
import MessageCatalog
import AffirmationSelector
import Testing
import ToolkitSupport
import ToolkitJSON
@testable import NotificationPlanning
import TestSupport

/// The first users of `scripts/gen-users.py --seed 7` (the population the batch's figures are
/// measured on), each planned once: its input line and its plan.
private let seededPlans: [(line: String, user: BatchUser, result: PlanResult)] = {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", Repository.url("scripts/gen-users.py").path, "--seed", "7", "--count", "2000"]
    let out = Pipe()
    p.standardOutput = out
    guard (try? p.run()) != nil else { return [] }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let content = try! ContentGenerator.bundled()
    let now = instant("2026-11-23T09:30:00+01:00")
    var plans: [(String, BatchUser, PlanResult)] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        guard case .success(let user) = BatchUser.decode(bytes: Array(line.utf8)),
            let result = try? Planner.plan(preferences: user.preferences, state: user.state, events: user.events, now: now, content: content)
        else { continue }
        plans.append((String(line), user, result))
    }
    return plans
}()

/// The `state` member of a line, as its JSON text.
private func stateJSON(of line: [UInt8]) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    let state = try #require(object["state"])
    return String(decoding: try JSONSerialization.data(withJSONObject: state), as: UTF8.self)
}

@Suite("The compact2 shape")
struct CompactShapeTests {
    @Test("Each compact2 line reads back as the full shape's line, request by request and byte by byte")
    func expandsToTheFullShape() throws {
        #expect(seededPlans.count == 2000)
        var requests = 0
        for (_, user, result) in seededPlans {
            let full = BatchOutput.line(user: user.id, result: result, shape: .full)
            let compact2 = BatchOutput.line(user: user.id, result: result, shape: .compact2)
            let fromFull = try BatchPlanLine.decode(bytes: full).get()
            let fromCompact2 = try BatchPlanLine.decode(bytes: compact2).get()
            #expect(fromCompact2.shapeVersion == 2 && fromFull.shapeVersion == 1)
            #expect(fromCompact2.pending.count == result.pending.count)
            for (a, b) in zip(fromCompact2.pending, fromFull.pending) { #expect(a == b, "\(user.id): \(a.identifier)") }
            #expect(fromCompact2.added == fromFull.added, "\(user.id)")
            #expect(fromCompact2.added == result.added && fromCompact2.pending == result.pending, "\(user.id)")
            #expect(fromCompact2.state == result.state, "\(user.id)")
            #expect(fromCompact2.removed == result.removed && fromCompact2.notes == result.notes)
            #expect(fromCompact2.authorizationRequest == result.authorizationRequest)
            // The full line written again from what the compact2 line holds: the same bytes.
            var again = result
            (again.added, again.pending, again.state) = (fromCompact2.added, fromCompact2.pending, fromCompact2.state)
            #expect(BatchOutput.line(user: user.id, result: again, shape: .full) == full, "\(user.id)")
            requests += result.pending.count
        }
        #expect(requests > 15_000)
    }

    @Test("A compact2 line is at most 4 KB a user (mean and median), and never longer than the compact line")
    func sizeBound() throws {
        var sizes: [Int] = []
        for (_, user, result) in seededPlans {
            let compact = BatchOutput.line(user: user.id, result: result, shape: .compact)
            let compact2 = BatchOutput.line(user: user.id, result: result, shape: .compact2)
            #expect(compact2.count < compact.count, "\(user.id)")
            sizes.append(compact2.count)
        }
        sizes.sort()
        let mean = sizes.reduce(0, +) / max(sizes.count, 1)
        #expect(mean <= 4096, "mean \(mean) bytes")
        #expect(sizes[sizes.count / 2] <= 4096, "median \(sizes[sizes.count / 2]) bytes")
    }

    @Test("The next night reads a compact2 state as the state itself, by the byte reader and the strict decoder")
    func nextNightReadsTheState() throws {
        let content = try ContentGenerator.bundled()
        let later = instant("2026-11-24T02:00:00Z")
        for (line, user, result) in seededPlans.prefix(300) {
            let compact2 = BatchOutput.line(user: user.id, result: result, shape: .compact2)
            let state = try stateJSON(of: compact2)
            // Tonight's input line: the user's line with last night's state.
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            object["state"] = try JSONSerialization.jsonObject(with: Data(state.utf8))
            object["events"] = nil
            let input = try JSONSerialization.data(withJSONObject: object)
            let read = try BatchUser.decode(bytes: Array(input)).get()
            #expect(read.state == result.state, "\(user.id)")
            #expect(try SchedulerState.from(json: Data(state.utf8)) == result.state, "\(user.id)")
            // Planning from it is planning from the state itself.
            let fromCompact = try Planner.plan(preferences: read.preferences, state: read.state, events: [], now: later, content: content)
            let fromState = try Planner.plan(preferences: user.preferences, state: result.state, events: [], now: later, content: content)
            #expect(fromCompact == fromState, "\(user.id)")
        }
    }

    @Test("The writer's own order (version first) is read by the byte reader, without the strict decoder")
    func byteReaderReadsTheWriterOrder() throws {
        for (_, user, result) in seededPlans.prefix(300) {
            var w = JSONStreamWriter()
            result.state.writeCompact(to: &w)
            #expect(w.bytes.starts(with: Array(#"{"version":2"#.utf8)))
            var r = JSONCursor(w.bytes, maximumStringBytes: InputLimits.anyStringBytes)
            let read = try SchedulerState(reading: &r)
            #expect(read == result.state, "\(user.id)")
        }
    }

    @Test("Requests the rule does not give back keep their keys, and read back exactly")
    func requestsOutsideTheRule() throws {
        let fire = instant("2026-11-01T01:30:00-05:00")  // New York: the second 01:30 of the night
        func request(_ id: String, _ kind: NotificationKind, _ trigger: NotificationTrigger, zone: String = "America/New_York") -> NotificationRequest {
            NotificationRequest(
                identifier: id, kind: kind, fireDate: fire, timeZone: zone, trigger: trigger, title: "T", body: "B",
                categoryIdentifier: CategoryRegistry.categoryIdentifier(for: kind), threadIdentifier: "habit-h1",
                userInfo: ["kind": kind.rawValue, "habitId": "h1"], floating: kind.floats)
        }
        var noKind = request("no-kind", .habitReminder, .immediate)
        noKind.userInfo = ["habitId": "h1"]
        var otherKind = request("other-kind", .habitReminder, .interval(seconds: 90))
        otherKind.userInfo["kind"] = "x"
        var emptyInfo = request("empty-info", .stepGoal, .immediate)
        emptyInfo.userInfo = [:]
        emptyInfo.threadIdentifier = "steps"
        var noHabitID = request("no-habit-id", .habitReminder, .immediate)
        noHabitID.userInfo = ["kind": "habit-reminder"]
        noHabitID.threadIdentifier = "habit-"
        var ownCategory = request("own-category", .dailyAffirmation, .immediate)
        ownCategory.categoryIdentifier = "APP_CATEGORY"
        ownCategory.floating = false
        ownCategory.threadIdentifier = "mine"
        ownCategory.badge = 3
        let utc = request(
            "ambiguous", .habitReminder,
            .calendar(date: LocalDate(year: 2026, month: 11, day: 1), time: TimeOfDay(hour: 6, minute: 30), second: 0, timeZone: "UTC"))
        let floating = request(
            "floating", .dailyAffirmation,
            .calendar(date: LocalDate(year: 2026, month: 11, day: 1), time: TimeOfDay(hour: 1, minute: 30), second: 0, timeZone: nil))
        var elsewhere = request("elsewhere", .habitReminder, .immediate, zone: "Asia/Kolkata")
        elsewhere.sound = .named("chime.caf")
        var state = SchedulerState()
        state.plannedTimeZone = "America/New_York"
        state.pending = [noKind, otherKind, emptyInfo, noHabitID, ownCategory, utc, floating, elsewhere]
        var w = JSONStreamWriter()
        state.writeCompact(to: &w)
        let text = String(decoding: w.bytes, as: UTF8.self)
        #expect(text.contains(#""userInfo":{"habitId":"h1","kind":null}"#))
        #expect(text.contains(#""userInfo":{"kind":null}"#))
        #expect(text.contains(#""categoryIdentifier":"APP_CATEGORY""#) && text.contains(#""floating":false"#))
        #expect(text.contains(#""timeZone":"UTC""#) && text.contains(#""timeZone":"Asia/Kolkata""#))
        // The floating affirmation at its own wall time: no trigger, zone, category or floating.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String: Any])
        let written = try #require(object["pending"] as? [[String: Any]])
        let keys = Set(try #require(written.first { $0["identifier"] as? String == "floating" }).keys)
        #expect(keys == ["body", "fireDate", "identifier", "kind", "threadIdentifier", "title", "userInfo"])
        #expect(try SchedulerState.from(json: Data(w.bytes)) == state)
        var r = JSONCursor(w.bytes, maximumStringBytes: InputLimits.anyStringBytes)
        if let read = try? SchedulerState(reading: &r) { #expect(read == state) }
    }

    @Test("A state or a line of a version this reader does not take: which version, where, how to fix")
    func unknownVersions() throws {
        let input = #"{"id":"u-1","timeZone":"Europe/Madrid","state":{"version":3,"pending":[]}}"#
        guard case .failure(let error) = BatchUser.decode(bytes: Array(input.utf8)) else {
            Issue.record("a state of version 3 was read")
            return
        }
        #expect(error.code == .invalidState)
        #expect(error.location.keyPath == "state.version")
        #expect(error.message.contains("version 3 is not a state version") && error.message.contains("msgtool that wrote it"))
        #expect(throws: Diagnostic.self) { try SchedulerState.from(json: Data(#"{"version":0}"#.utf8)) }

        let line = #"{"user":"u-1","shape":3,"state":{"version":3}}"#
        guard case .failure(let lineError) = BatchPlanLine.decode(bytes: Array(line.utf8)) else {
            Issue.record("a line of shape 3 was read")
            return
        }
        #expect(lineError.location.keyPath == "shape")
        #expect(lineError.message.contains("shape 3") && lineError.message.contains("--output-shape compact2"))

        let errorLine = #"{"user":"u-2","line":4,"error":{"kind":"invalidPreferences","message":"bad"}}"#
        guard case .failure(let failed) = BatchPlanLine.decode(bytes: Array(errorLine.utf8)) else {
            Issue.record("an error line was read as a plan")
            return
        }
        #expect(failed.message.contains("error line") && failed.message.contains("u-2"))
    }
}
