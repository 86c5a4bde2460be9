import Foundation
import Testing

/// `msgtool schedule` with the config's `kinds`: the new request members appear in its JSON.
@Suite("msgtool schedule: the app's kinds")
struct ScheduleKindsCommandTests {
    @Test("kinds: a passive, silent goal notification 10 s after the event, in the app's category")
    func kinds() throws {
        let config = try HostileInputCommandTests.temporary(
            "k.json",
            Data(
                #"""
                {"timeZone": "Europe/Madrid", "steps": {"goalEnabled": true},
                 "kinds": {"goal-achievement": {"delaySeconds": 10, "category": {"identifier": "PEDOMETER_GOAL"}, "sound": "none",
                                                "interruptionLevel": "passive", "relevanceScore": 0.5, "userInfo": {"steps": 10500}}}}
                """#.utf8))
        let events = try HostileInputCommandTests.temporary(
            "e.jsonl", Data(#"{"type": "stepsUpdated", "steps": 10500, "timestamp": "2026-11-23T09:29:55+01:00"}"#.utf8))
        let r = try MsgTool.run(["schedule", "--config", config, "--events", events, "--now", BatchCommandTests.now])
        #expect(r.status == 0, "\(r.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let added = try #require((plan["added"] as? [[String: Any]])?.first)
        #expect(added["categoryIdentifier"] as? String == "PEDOMETER_GOAL" && added["sound"] as? String == "none")
        #expect(added["interruptionLevel"] as? String == "passive" && added["relevanceScore"] as? Double == 0.5)
        #expect((added["appUserInfo"] as? [String: Any])?["steps"] as? Int == 10500)
        #expect((added["trigger"] as? [String: Any])?["seconds"] as? Int == 5)
        let bad = try HostileInputCommandTests.temporary("b.json", Data(#"{"timeZone": "UTC", "kinds": {"goal": {"sound": "none"}}}"#.utf8))
        let b = try MsgTool.run(["schedule", "--config", bad, "--now", BatchCommandTests.now])
        #expect(b.status == 1 && b.stderr.contains("kinds.goal: unknown kind 'goal'"), "\(b.stderr)")
    }
}
