@testable import NotificationBatch
import Foundation
import Testing
import ToolkitJSON
@testable import NotificationPlanning

/// The JSON keys each wire model declares once, as its decoder, byte reader and writers use them.
@Suite("Wire keys declared once")
struct WireKeysTests {
    /// Keys the byte reader used to leave to the strict decoder (it had no case for them).
    static let lines = [
        #"{"id": "u-1", "timeZone": "UTC", "permissionPrompt": "app", "scheduleWhenProvisional": true, "budgetSharing": "fair"}"#,
        #"{"id": "u-1", "timeZone": "UTC", "dailyAffirmation": {"enabled": true, "affirmations": ["Uno", "Dos"]}}"#,
        #"{"id": "u-1", "timeZone": "UTC", "milestones": {"enabled": true, "streakDays": [2, 4], "countThresholds": [5]}}"#,
        #"{"id": "u-1", "timeZone": "UTC", "state": {"pending": [{"identifier": "x", "kind": "retrieval", "fireDate": "2026-11-23T07:00:00Z", "timeZone": "UTC", "trigger": {"type": "immediate"}, "title": "T", "body": "B", "categoryIdentifier": "c", "threadIdentifier": "t", "subtitle": "S", "interruptionLevel": "passive", "relevanceScore": 0.5}]}}"#
    ]

    @Test("Every plain preference and request key is read from the bytes, as the strict decoder reads it", arguments: lines)
    func byteReaderReadsEveryPlainKey(line: String) throws {
        let read = try #require(BatchUser.read(bytes: Array(line.utf8)), "the line took the strict path")
        #expect(read == (try InputLimits.decoder.decode(BatchUser.self, from: Array(line.utf8))))
    }

    @Test("Preferences written with JSONEncoder read back the same, permission choices included")
    func preferencesRoundTrip() throws {
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.permissionPrompt = .app
        preferences.scheduleWhenProvisional = true
        preferences.budgetSharing = .fair
        preferences.dailyAffirmation.affirmations = ["Hoy sí"]
        preferences.milestones.streakDays = [2, 5]
        preferences.quietHours = QuietHours(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        preferences.habits = [HabitSettings(id: "run", name: "Correr", period: .weekly)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = [UInt8](try encoder.encode(preferences))
        #expect(try InputLimits.decoder.decode(NotificationPreferences.self, from: bytes) == preferences)
        // The defaults are not written: a config written before stays byte for byte the same.
        let plain = String(decoding: try encoder.encode(NotificationPreferences(timeZone: "UTC")), as: UTF8.self)
        #expect(!plain.contains("permissionPrompt") && !plain.contains("scheduleWhenProvisional") && !plain.contains("budgetSharing"))
    }

    @Test("The state writer writes every key of the state, in sorted order")
    func stateWriterWritesEveryKey() throws {
        let state = """
            {"version": 1, "permissionRequested": true, "lastVariants": {"daily-affirmation": 2}, "milestonesSent": ["m"], "dailyMarkers": ["d"], \
            "workoutsNotified": {"w": "2026-11-22T10:00:00Z"}, "achievementDays": ["2026-11-21"], "achievementCount": 1, "monthlyCounts": {"2026-11": 1}, \
            "yearlyCounts": {"2026": 1}, "habitCompletions": {"run": ["2026-11-16"]}, "deletedHabits": ["swim"], "appInForeground": true, \
            "deviceTimeZone": "UTC", "configTimeZone": "UTC", "plannedTimeZone": "UTC", "reminderAnchor": {"frequency": "weekly", "date": "2026-11-01"}, \
            "intervalSeconds": 60, "processedEvents": {"e": "2026-11-22T10:00:00Z"}, "eventHorizon": "2026-11-15T00:00:00Z", \
            "affirmationsDeliveredThrough": "2026-11-22", "recentlyFired": {"r": "2026-11-22T12:15:00Z"}, "pending": []}
            """
        let decoded = try SchedulerState.from(json: Data(state.utf8))
        let written = try decoded.jsonData()
        let keys = try #require(try JSONReader.parse(String(decoding: written, as: UTF8.self)).objectMembers).map(\.key)
        let expected = SchedulerState.Field.allCases.map(\.rawValue).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(keys == expected)
        #expect(try SchedulerState.from(json: written) == decoded)
    }

    @Test("Each table's writing order is the byte order JSONEncoder sorts keys in")
    func writtenOrderIsSorted() {
        func sorted<F: JSONFields>(_ table: JSONFieldTable<F>) -> Bool {
            table.written.map(\.rawValue) == F.allCases.map(\.rawValue).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        #expect(sorted(SchedulerState.fields))
        #expect(sorted(NotificationRequest.fields))
        #expect(sorted(NotificationTrigger.fields))
        #expect(sorted(NotificationTrigger.components))
        #expect(sorted(NotificationPreferences.fields))
        #expect(NotificationRequest.fields.written.first == .appUserInfo && NotificationRequest.fields.written.last == .userInfo)
    }
}
