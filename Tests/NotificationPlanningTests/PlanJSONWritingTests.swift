@testable import NotificationBatch
import Foundation
import MessageCatalog
import Testing
import ToolkitSupport
import ToolkitJSON
@testable import NotificationPlanning
import TestSupport

/// The example users of docs/batch.md (every kind, six zones and locales, one without
/// permission), planned once and again an hour later with the state the first plan returned.
private let examplePlans: [(id: String, result: PlanResult)] = {
    let root = Repository.root
    let text = (try? String(contentsOf: root.appendingPathComponent("examples/batch-users.jsonl"), encoding: .utf8)) ?? ""
    let content = try! ContentGenerator.bundled()
    var plans: [(String, PlanResult)] = []
    for line in text.split(separator: "\n") {
        guard case .success(let user) = BatchUser.decode(bytes: Array(line.utf8)) else { continue }
        let now = instant("2026-11-23T09:30:00+01:00")
        guard let first = try? Planner.plan(preferences: user.preferences, state: user.state, events: user.events, now: now, content: content),
            let later = try? Planner.plan(preferences: user.preferences, state: first.state, events: [], now: now.addingTimeInterval(3600), content: content)
        else { continue }
        plans.append((user.id, first))
        plans.append((user.id, later))
    }
    return plans
}()

private func encoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}

/// `msgtool batch`'s line before the streaming writer: `{"user":` and the id, then the plan's
/// `added`, `removed`, `pending`, `notes`, `state` and `authorizationRequest` through `JSONEncoder`.
private struct FullLine: Encodable {
    let result: PlanResult
    private enum Keys: String, CodingKey { case added, removed, pending, notes, state, authorizationRequest }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(result.added, forKey: .added)
        try c.encode(result.removed, forKey: .removed)
        try c.encode(result.pending, forKey: .pending)
        try c.encode(result.notes, forKey: .notes)
        try c.encode(result.state, forKey: .state)
        try c.encodeIfPresent(result.authorizationRequest, forKey: .authorizationRequest)
    }
}

@Suite("Plans written by JSONStreamWriter")
struct PlanJSONWritingTests {
    @Test("The examples plan into requests of every shape")
    func examplesCoverTheShapes() {
        #expect(examplePlans.count == 12)
        let requests = examplePlans.flatMap(\.result.pending)
        #expect(requests.contains { $0.badge != nil })
        #expect(requests.contains { if case .interval = $0.trigger { true } else { false } })
        #expect(requests.contains { if case .calendar(_, _, _, nil) = $0.trigger { true } else { false } })
        #expect(requests.contains { if case .calendar(_, _, _, _?) = $0.trigger { true } else { false } })
        #expect(examplePlans.contains { $0.result.authorizationRequest != nil })
        #expect(examplePlans.contains { !$0.result.removed.isEmpty || !$0.result.state.processedEvents.isEmpty })
    }

    @Test("msgtool schedule's object and the state file: the bytes of JSONEncoder", arguments: 0..<12)
    func scheduleAndState(index: Int) throws {
        let result = examplePlans[index].result
        var w = JSONStreamWriter(pretty: true)
        result.write(to: &w)
        #expect(String(decoding: w.bytes, as: UTF8.self) == String(decoding: try encoder(pretty: true).encode(result), as: UTF8.self))
        #expect(try result.state.jsonData() == (try encoder(pretty: true).encode(result.state)))
        var compact = JSONStreamWriter()
        result.state.write(to: &compact)
        #expect(Data(compact.bytes) == (try encoder(pretty: false).encode(result.state)))
    }

    @Test("msgtool batch --output-shape full: the bytes of the JSONEncoder line", arguments: 0..<12)
    func fullLine(index: Int) throws {
        let (id, result) = examplePlans[index]
        var expected = Array("{\"user\":".utf8) + (try encoder(pretty: false).encode(id)) + [UInt8(ascii: ",")]
        expected += try encoder(pretty: false).encode(FullLine(result: result)).dropFirst()
        expected.append(0x0A)
        let line = BatchOutput.line(user: id, result: result, shape: .full)
        #expect(String(decoding: line, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("The compact line writes each request once and carries what the full line says", arguments: 0..<12)
    func compactLine(index: Int) throws {
        let (id, result) = examplePlans[index]
        let line = BatchOutput.line(user: id, result: result, shape: .compact)
        #expect(line.last == 0x0A)
        let text = String(decoding: line, as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(Set(object.keys) == Set(["user", "added", "notes", "removed", "state"] + (result.authorizationRequest == nil ? [] : ["authorizationRequest"])))
        #expect(object["added"] as? [String] == result.added.map(\.identifier))
        #expect(object["removed"] as? [String] == result.removed)
        let state = try SchedulerState.from(json: try JSONSerialization.data(withJSONObject: try #require(object["state"])))
        #expect(state == result.state)
        #expect(state.pending == result.pending)
        for request in result.pending {
            #expect(text.components(separatedBy: "\"identifier\":" + JSONWriter.quote(request.identifier)).count == 2, "\(request.identifier)")
        }
        let addedInState = result.added.map { added in state.pending.first { $0.identifier == added.identifier } }
        #expect(addedInState == result.added.map { $0 })
    }
}
