@testable import NotificationBatch
import Foundation
import Testing
import ToolkitJSON
import AffirmationSelector
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
        #expect(sorted(KindOptions.fields))
        #expect(sorted(PlanResult.fields))
        #expect(sorted(NotificationCategorySpec.fields))
        #expect(NotificationRequest.fields.written.first == .appUserInfo && NotificationRequest.fields.written.last == .userInfo)
    }

    /// Preferences with every key set, the options of a kind with every member set.
    static let fullPreferences: NotificationPreferences = {
        var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
        preferences.permissionPrompt = .app
        preferences.scheduleWhenProvisional = true
        preferences.budgetSharing = .fair
        preferences.userSeed = .max
        preferences.quietHours = QuietHours(start: TimeOfDay(hour: 22, minute: 30), end: TimeOfDay(hour: 7))
        preferences.quietHours?.policies = [.stepGoal: .deliver, .habitReminder: .drop]
        preferences.dailyAffirmation.affirmations = ["Hoy sí", "quote \" slash /"]
        preferences.dailyAffirmation.refillBelow = 3
        preferences.achievementReminder.anchorDate = LocalDate(year: 2026, month: 11, day: 2)
        preferences.milestones.streakDays = [2, 5]
        preferences.habits = [HabitSettings(id: "run", name: "Correr", period: .weekly), HabitSettings(id: "read", name: "Leer")]
        preferences.horizons = PlanningHorizons(reminderHorizonDays: 3, weeklyHabitHorizon: 2)
        var options = KindOptions()
        options.identifierPrefix = "app.habit"
        options.identifierTemplate = "{habitId}_{date}"
        options.category = KindCategory(
            identifier: "HABIT", actions: [NotificationActionSpec(identifier: "DONE", title: "Hecho", options: [.foreground, .destructive])])
        options.threadIdentifier = "habits"
        options.delaySeconds = 60
        options.userInfo = ["screen": .string("habits"), "count": .int(-3), "on": .bool(true), "at": .date(Date(timeIntervalSince1970: 1_795_000_000))]
        options.sound = .named("chime.caf")
        options.interruptionLevel = .timeSensitive
        options.relevanceScore = 0.25
        options.badge = .value(4)
        preferences.kinds[.habitReminder] = options
        var quiet = KindOptions()
        quiet.sound = NotificationSound.none
        quiet.badge = BadgePolicy.none
        quiet.category = KindCategory(identifier: "QUIET")
        preferences.kinds[.milestoneCount] = quiet
        preferences.kinds[.stepGoal] = KindOptions()
        return preferences
    }()

    @Test("Preferences, each of their objects and a kind's options: the stream writer writes the bytes of JSONEncoder")
    func preferencesStreamWriter() throws {
        for preferences in [Self.fullPreferences, NotificationPreferences(timeZone: "UTC")] {
            for pretty in [false, true] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
                var w = JSONStreamWriter(pretty: pretty)
                preferences.write(to: &w)
                #expect(String(decoding: w.bytes, as: UTF8.self) == String(decoding: try encoder.encode(preferences), as: UTF8.self))
            }
        }
    }

    @Test("Preferences with a kind's every option read back the same from what either writer writes")
    func kindOptionsRoundTrip() throws {
        let preferences = Self.fullPreferences
        var w = JSONStreamWriter()
        preferences.write(to: &w)
        #expect(try InputLimits.decoder.decode(NotificationPreferences.self, from: w.bytes) == preferences)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let options = try #require(preferences.kinds[.habitReminder])
        let text = String(decoding: try encoder.encode(options), as: UTF8.self)
        #expect(
            text == #"{"badge":4,"category":{"actions":[{"identifier":"DONE","options":["foreground","destructive"],"title":"Hecho"}],"identifier":"HABIT"},"#
                + #""delaySeconds":60,"identifierPrefix":"app.habit","identifierTemplate":"{habitId}_{date}","interruptionLevel":"time-sensitive","#
                + #""relevanceScore":0.25,"sound":{"named":"chime.caf"},"threadIdentifier":"habits","#
                + #""userInfo":{"at":{"date":"2026-11-18T11:06:40Z"},"count":-3,"on":true,"screen":"habits"}}"#)
        #expect(try InputLimits.decoder.decode(KindOptions.self, from: Array(text.utf8)) == options)
        #expect(String(decoding: try encoder.encode(KindOptions()), as: UTF8.self) == "{}")
    }

    @Test("A plan's notes, its permission request and the categories read back what they write")
    func planValuesRoundTrip() throws {
        let note = PlanNote(.budgetDropped, ["budget": "64", "identifiers": "a, b"])
        let request = AuthorizationRequest(options: [.alert, .sound])
        let category = NotificationCategorySpec(
            identifier: "GOAL", actions: [NotificationActionSpec(identifier: "VIEW", title: "Ver", options: [.foreground])], kinds: [.stepGoal, .appsUnlocked])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(note), as: UTF8.self) == #"{"code":"budgetDropped","parameters":{"budget":"64","identifiers":"a, b"}}"#)
        #expect(String(decoding: try encoder.encode(request), as: UTF8.self) == #"{"options":["alert","sound"]}"#)
        #expect(
            String(decoding: try encoder.encode(category), as: UTF8.self)
                == #"{"actions":[{"identifier":"VIEW","options":["foreground"],"title":"Ver"}],"identifier":"GOAL","kinds":["goal-achievement","apps-unlocked"]}"#
        )
        #expect(try InputLimits.decoder.decode(PlanNote.self, from: Array(try encoder.encode(note))) == note)
        #expect(try InputLimits.decoder.decode(AuthorizationRequest.self, from: Array(try encoder.encode(request))) == request)
        #expect(try InputLimits.decoder.decode(NotificationCategorySpec.self, from: Array(try encoder.encode(category))) == category)
    }

    @Test("A failed batch line: user, line, then the error's keys sorted")
    func errorLineKeys() {
        let line = BatchOutput.errorLine(user: "u-1", line: 3, kind: "invalidUser", field: "steps.goal", column: 7, message: "too big")
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"user":"u-1","line":3,"error":{"column":7,"field":"steps.goal","kind":"invalidUser","message":"too big"}}"# + "\n")
        let bare = BatchOutput.errorLine(user: nil, line: 1, kind: "invalidJSON", field: nil, column: nil, message: "m")
        #expect(String(decoding: bare, as: UTF8.self) == #"{"line":1,"error":{"kind":"invalidJSON","message":"m"}}"# + "\n")
    }
}
