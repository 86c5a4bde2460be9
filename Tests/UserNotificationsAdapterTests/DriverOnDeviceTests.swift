// The README's flow on the modelled device: from a fresh install (permission not determined) to
// notifications the user sees, through NotificationDriver and the adapter.
#if os(Linux) && canImport(UserNotificationsStandIn)
import NotificationPlanning
import Foundation
import MessageCatalog
import Testing
import UserNotificationsAdapter
import UserNotificationsStandIn
import TestSupport

@Suite("NotificationDriver over the adapter on the modelled device")
struct DriverOnDeviceTests {
    static let start = ISO8601Instant.date("2026-11-23T08:00:00Z")!

    static func folder() throws -> URL {
        try TemporaryFolder.create("driver-device")
    }

    @Test("The README's flow from a fresh install: the app asks once on the user's action, the week's affirmations are delivered and shown")
    func readmeFlowFromNotDetermined() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        let device = UNUserNotificationCenter(standInAuthorizationStatus: .notDetermined, standInNow: Self.start, standInTimeZone: madrid)
        // As in the README, with this device's centre and clock (the app plans at the start).
        let center = SystemNotificationCenter(center: device, clock: { Self.start })
        let notifications = NotificationDriver(
            center: center, store: FileSchedulerStateStore(folder: dir),
            content: try ContentGenerator.bundled(), clock: { Self.start })
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.dailyAffirmation.enabled = true
        preferences.permissionPrompt = .app
        // Before the user's action nothing is scheduled and nobody asked.
        let before = try await notifications.run(preferences: preferences)
        #expect(before.pending.isEmpty && device.standInPromptsShown == 0)
        #expect(before.noteDetails.map(\.code).contains(.permissionAppAsks))
        // The user taps "Turn on daily affirmations".
        if await center.authorization() == .notDetermined { _ = try await center.requestAuthorization() }
        let plan = try await notifications.run(preferences: preferences)
        #expect(device.standInPromptsShown == 1)
        #expect(plan.authorization == .authorized)
        #expect(try await center.pending().count == 7)
        // A week passes with the app in the background: each day's 10:00 affirmation is shown.
        _ = device.standInDeliver(through: Self.start.addingTimeInterval(8 * 86_400))
        let shown = device.standInPresentations.filter { !$0.options.isEmpty }.map(\.identifier)
        #expect(shown == (23...29).map { "daily-affirmation-2026-11-\($0)" })
        // Asking again shows no second prompt.
        _ = try await center.requestAuthorization()
        #expect(device.standInPromptsShown == 1)
    }

    @Test("The driver leaves the app's own requests their room in the 64 iOS keeps")
    func roomForTheAppsOwn() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let device = UNUserNotificationCenter(
            standInAuthorizationStatus: .authorized, standInNow: Self.start,
            standInTimeZone: TimeZone(identifier: "Europe/Madrid")!)
        for i in 0..<10 {  // the app's own, soonest of all
            try await device.add(
                UNNotificationRequest(
                    identifier: "own-\(i)", content: UNMutableNotificationContent(),
                    trigger: UNTimeIntervalNotificationTrigger(timeInterval: TimeInterval(60 + i), repeats: false)))
        }
        let center = SystemNotificationCenter(center: device, clock: { Self.start })
        #expect(try await center.othersPendingCount() == 10)
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.habits = (0..<9).map { HabitSettings(id: "h\($0)", name: "Habit \($0)") }  // 63 reminders a week
        let plan = try await NotificationDriver(
            center: center, store: FileSchedulerStateStore(folder: dir),
            content: try ContentGenerator.bundled(), clock: { Self.start }
        ).run(preferences: preferences)
        #expect(plan.pending.count == 54)  // 64 − 10
        let pending = await device.pendingNotificationRequests().map(\.identifier)
        #expect(pending.count == 64)
        #expect((0..<10).allSatisfy { pending.contains("own-\($0)") })
        #expect(Set(plan.pending.map(\.identifier)).isSubset(of: pending))
    }
}
#endif
