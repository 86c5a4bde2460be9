import NotificationPlanning
import Foundation
import Testing

/// Permission when the app decides: who asks, and what quiet (provisional, ephemeral) permission plans.
@Suite("Permission: the app's moment, and quiet delivery by choice")
struct PermissionChoiceTests {
    func everything() -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.dailyAffirmation.enabled = true
        p.milestones.enabled = true
        p.habits = [HabitSettings(id: "water", name: "Drink water")]
        return p
    }

    @Test("permissionPrompt app: the plan never asks, never marks the state as asked, and says the app asks")
    func appAsks() throws {
        var p = everything()
        p.authorization = .notDetermined
        p.permissionPrompt = .app
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(first.authorizationRequest == nil)
        #expect(first.pending.isEmpty)
        #expect(!first.state.permissionRequested)
        #expect(first.noteDetails.map(\.code).contains(.permissionAppAsks))
        // The app asked on the user's action and the user granted: everything is planned.
        p.authorization = .authorized
        #expect(try plan(p, first.state, at: "2026-11-23T08:01:00Z").pending.count > 0)
        // The default lets the first plan carry the request, once.
        p.authorization = .notDetermined
        p.permissionPrompt = .plan
        #expect(try plan(p, at: "2026-11-23T08:00:00Z").authorizationRequest != nil)
    }

    @Test(
        "Provisional or ephemeral: nothing by default; with scheduleWhenProvisional, what full permission plans, with a note",
        arguments: [AuthorizationStatus.provisional, .ephemeral])
    func quietDelivery(_ status: AuthorizationStatus) throws {
        var full = everything()
        full.authorization = .authorized
        let authorized = try plan(full, at: "2026-11-23T08:00:00Z")
        var p = everything()
        p.authorization = status
        #expect(try plan(p, at: "2026-11-23T08:00:00Z").pending.isEmpty)
        p.scheduleWhenProvisional = true
        let quiet = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(quiet.pending.map(\.identifier) == authorized.pending.map(\.identifier))
        #expect(quiet.noteDetails.contains(PlanNote(.permissionQuietDelivery, ["status": status.rawValue])))
        #expect(quiet.authorizationRequest == nil)
    }

    @Test("The two settings decode from the config JSON, and default to the plan asking and nothing under quiet permission")
    func decoding() throws {
        let decoded = try JSONDecoder().decode(
            NotificationPreferences.self, from: Data(#"{"timeZone": "UTC", "permissionPrompt": "app", "scheduleWhenProvisional": true}"#.utf8))
        #expect(decoded.permissionPrompt == .app && decoded.scheduleWhenProvisional)
        let defaults = NotificationPreferences(timeZone: "UTC")
        #expect(defaults.permissionPrompt == .plan && !defaults.scheduleWhenProvisional)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NotificationPreferences.self, from: Data(#"{"timeZone": "UTC", "permissionPrompt": "never"}"#.utf8))
        }
    }
}
