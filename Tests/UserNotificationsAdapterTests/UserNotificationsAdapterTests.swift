// The adapter against the Linux stand-in of Apple's UserNotifications (on Apple platforms the
// adapter uses the real framework, whose centre is a process-wide singleton; these tests need the
// stand-in's fresh centres, so they run on Linux only).
#if os(Linux) && canImport(UserNotificationsStandIn)
import NotificationPlanning
import Foundation
import MessageCatalog
import Testing
import UserNotificationsAdapter
import UserNotificationsStandIn

@Suite("UserNotificationsAdapter over the UserNotifications stand-in")
struct UserNotificationsAdapterTests {
    static let content: ContentGenerator = {
        do { return try ContentGenerator.bundled() } catch { fatalError("bundled catalogs: \(error)") }
    }()

    func instant(_ text: String) -> Date {
        guard let date = ISO8601Instant.date(text) else { fatalError("bad test instant \(text)") }
        return date
    }

    func request(_ id: String, at: String, trigger: NotificationTrigger, kind: NotificationKind = .dailyAffirmation,
                 badge: Int? = nil, userInfo: [String: String] = ["kind": "daily-affirmation", "variant": "3"]) -> NotificationRequest {
        NotificationRequest(identifier: id, kind: kind, fireDate: instant(at), timeZone: "Europe/Madrid", trigger: trigger,
                            title: "title \(id)", body: "body \(id)", categoryIdentifier: CategoryRegistry.categoryIdentifier(for: kind),
                            threadIdentifier: kind.rawValue, userInfo: userInfo, badge: badge, floating: kind.floats)
    }

    /// The centres' order (the planner breaks ties between equal fire dates by kind priority
    /// instead: immediate requests planned together share their fire date).
    func nearestFirst(_ requests: [NotificationRequest]) -> [NotificationRequest] {
        requests.sorted { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }
    }

    /// The platform request the adapter added for `identifier`.
    func platform(_ center: UNUserNotificationCenter, _ identifier: String) async throws -> UNNotificationRequest {
        try #require(await center.pendingNotificationRequests().first { $0.identifier == identifier })
    }

    @Test("A floating request gets a Gregorian calendar trigger without a time zone")
    func floatingTrigger() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized)
        let adapter = UserNotificationsAdapter(center: center)
        let floating = request("daily-affirmation-2026-11-24", at: "2026-11-24T10:00:30+01:00",
                               trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 24), time: TimeOfDay(hour: 10, minute: 0), second: 30, timeZone: nil))
        try await adapter.add([floating])
        let added = try await platform(center, floating.identifier)
        let trigger = try #require(added.trigger as? UNCalendarNotificationTrigger)
        #expect(!trigger.repeats)
        let c = trigger.dateComponents
        #expect(c.timeZone == nil)
        #expect(c.calendar?.identifier == .gregorian)
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second] == [2026, 11, 24, 10, 0, 30])
        #expect(c.weekday == nil && c.nanosecond == nil && c.era == nil)
    }

    @Test("A fixed request's calendar trigger carries its time zone")
    func fixedTrigger() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized)
        let adapter = UserNotificationsAdapter(center: center)
        let fixed = request("habit-reminder-water-2026-11-23", at: "2026-11-23T18:45:00-05:00",
                            trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 23), time: TimeOfDay(hour: 18, minute: 45), second: 0, timeZone: "America/New_York"),
                            kind: .habitReminder, badge: 2, userInfo: ["kind": "habit-reminder", "variant": "0", "habitId": "water"])
        try await adapter.add([fixed])
        let added = try await platform(center, fixed.identifier)
        let trigger = try #require(added.trigger as? UNCalendarNotificationTrigger)
        let c = trigger.dateComponents
        #expect(c.timeZone?.identifier == "America/New_York")
        #expect(c.calendar?.identifier == .gregorian)
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second] == [2026, 11, 23, 18, 45, 0])
        // The components name the planned instant.
        var calendar = try #require(c.calendar)
        calendar.timeZone = try #require(c.timeZone)
        #expect(calendar.date(from: c) == fixed.fireDate)
        // The content: texts, category, thread, badge, sound and the request's own user info.
        #expect(added.content.title == fixed.title)
        #expect(added.content.body == fixed.body)
        #expect(added.content.categoryIdentifier == "HABIT_REMINDER")
        #expect(added.content.threadIdentifier == "habit-reminder")
        #expect(added.content.badge == NSNumber(value: 2))
        #expect(added.content.sound == UNNotificationSound.default)
        #expect(added.content.userInfo["habitId"] as? String == "water")
        #expect(added.content.userInfo["kind"] as? String == "habit-reminder")
        #expect(added.content.userInfo[UserNotificationsAdapter.requestKey] is String)
    }

    @Test("An interval request gets a time-interval trigger with its seconds; an immediate one no trigger")
    func intervalAndImmediate() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized)
        let adapter = UserNotificationsAdapter(center: center)
        let interval = request("interval-reminder", at: "2026-11-23T09:30:45+01:00", trigger: .interval(seconds: 45), kind: .intervalReminder,
                               userInfo: ["kind": "interval-reminder", "variant": "0"])
        let immediate = request("workout-completion-9F1C", at: "2026-11-23T09:30:00+01:00", trigger: .immediate, kind: .workoutCompletion,
                                userInfo: ["kind": "workout-completion", "variant": "1", "workoutId": "9F1C"])
        try await adapter.add([interval, immediate])
        let timer = try #require(try await platform(center, interval.identifier).trigger as? UNTimeIntervalNotificationTrigger)
        #expect(timer.timeInterval == 45)
        #expect(!timer.repeats)
        #expect(try await platform(center, immediate.identifier).trigger == nil)
        #expect(try await platform(center, immediate.identifier).content.badge == nil)
    }

    @Test("Categories and actions are registered with their identifiers, titles and options")
    func categories() async throws {
        let center = UNUserNotificationCenter()
        let adapter = UserNotificationsAdapter(center: center)
        let specs = try CategoryRegistry.categories(locale: "en", content: Self.content)
        adapter.register(specs)
        let registered = await center.notificationCategories()
        #expect(registered.count == specs.count)
        let byID = Dictionary(uniqueKeysWithValues: registered.map { ($0.identifier, $0) })
        #expect(Set(byID.keys) == Set(specs.map(\.identifier)))
        for spec in specs {
            let category = try #require(byID[spec.identifier])
            #expect(category.actions.map(\.identifier) == spec.actions.map(\.identifier))
            #expect(category.actions.map(\.title) == spec.actions.map(\.title))
            #expect(category.intentIdentifiers.isEmpty)
            #expect(category.options == [])
            for (action, actionSpec) in zip(category.actions, spec.actions) {
                #expect(action.options == (actionSpec.options.contains("foreground") ? [.foreground] : []), "\(action.identifier)")
            }
        }
        let steps = try #require(byID["GOAL_ACHIEVEMENT"]?.actions.first)
        #expect(steps.identifier == "VIEW_STEPS_ACTION" && steps.title == "View Steps" && steps.options == .foreground)
        let markDone = try #require(byID["HABIT_REMINDER"]?.actions.first)
        #expect(markDone.identifier == "MARK_DONE_ACTION" && markDone.options == [])
        #expect(byID["MILESTONE"]?.actions.isEmpty == true)
        // Registering again replaces the set (Apple's setNotificationCategories semantics).
        adapter.register(Array(specs.prefix(2)))
        #expect(await center.notificationCategories().count == 2)
    }

    @Test("pending() gives back the planned requests, equal and nearest first; removal by identifier")
    func pendingAndRemoval() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized)
        let adapter = UserNotificationsAdapter(center: center)
        let day = LocalDate(year: 2026, month: 11, day: 25)
        let later = request("b-later", at: "2026-11-25T10:00:00+01:00", trigger: .calendar(date: day, time: TimeOfDay(hour: 10, minute: 0), second: 0, timeZone: nil))
        let sameTimeA = request("a-same", at: "2026-11-24T10:00:00+01:00", trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 24), time: TimeOfDay(hour: 10, minute: 0), second: 0, timeZone: "Europe/Madrid"),
                                kind: .milestoneStreak, badge: 7, userInfo: ["kind": "milestone-streak", "variant": "2", "streak": "7"])
        let sameTimeC = request("c-same", at: "2026-11-24T10:00:00+01:00", trigger: .interval(seconds: 120), kind: .intervalReminder,
                                userInfo: ["kind": "interval-reminder", "variant": "0"])
        try await adapter.add([later, sameTimeC, sameTimeA])
        #expect(try await adapter.pending() == [sameTimeA, sameTimeC, later])
        // A request added with a pending identifier replaces it.
        var replaced = later
        replaced.title = "new title"
        try await adapter.add([replaced])
        #expect(try await adapter.pending() == [sameTimeA, sameTimeC, replaced])
        #expect(await center.pendingNotificationRequests().count == 3)
        try await adapter.removePending(withIdentifiers: ["a-same", "unknown"])
        #expect(try await adapter.pending() == [sameTimeC, replaced])
        // Requests the package did not schedule (no request JSON) are left out.
        let foreign = UNMutableNotificationContent()
        foreign.title = "someone else's"
        try await center.add(UNNotificationRequest(identifier: "foreign", content: foreign, trigger: nil))
        #expect(try await adapter.pending().map(\.identifier) == ["c-same", "b-later"])
    }

    @Test("Authorization statuses are mapped", arguments: [
        (UNAuthorizationStatus.notDetermined, AuthorizationStatus.notDetermined),
        (.denied, .denied), (.authorized, .authorized), (.provisional, .provisional), (.ephemeral, .ephemeral),
    ])
    func authorizationStatus(_ platform: UNAuthorizationStatus, _ expected: AuthorizationStatus) async {
        let adapter = UserNotificationsAdapter(center: UNUserNotificationCenter(standInAuthorizationStatus: platform))
        #expect(await adapter.authorization() == expected)
    }

    @Test("Requesting permission asks for alert, sound and badge and reports the answer", arguments: [true, false])
    func requestAuthorization(_ granted: Bool) async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .notDetermined, standInGrantsAuthorization: granted)
        let adapter = UserNotificationsAdapter(center: center)
        #expect(try await adapter.requestAuthorization(AuthorizationRequest()) == granted)
        #expect(center.standInRequestedAuthorizationOptions == [[.alert, .sound, .badge]])
        #expect(await adapter.authorization() == (granted ? .authorized : .denied))
        _ = try await adapter.requestAuthorization(AuthorizationRequest(options: ["alert"]))
        #expect(center.standInRequestedAuthorizationOptions.last == .alert)
    }

    @Test("Applying real plans leaves the centre holding exactly each plan's pending set")
    func applyPlans() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/schedule-config.json")
        var prefs = try JSONDecoder().decode(NotificationPreferences.self, from: Data(contentsOf: url))
        prefs.authorization = .authorized
        let events = [
            PlannerEvent(.appBackground, at: instant("2026-11-23T08:00:00+01:00")),
            PlannerEvent(.stepsUpdated(steps: 10_432, goal: nil), at: instant("2026-11-23T09:20:00+01:00")),
            PlannerEvent(.workoutCompleted(id: "9F1C", activity: "run", durationSeconds: 4800, distanceKm: 8.42), at: instant("2026-11-23T09:25:00+01:00")),
            PlannerEvent(.intervalSet(seconds: 45), at: instant("2026-11-23T09:29:50+01:00")),
        ] + (0..<10).map { PlannerEvent(.achievementRecorded(id: "a\($0)"), at: instant("2026-11-23T09:0\($0):00+01:00")) }
        let firstNow = instant("2026-11-23T09:30:00+01:00")
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: firstNow,
                                              standInTimeZone: try #require(TimeZone(identifier: prefs.timeZone)))
        let adapter = UserNotificationsAdapter(center: center)
        #expect(await adapter.authorization() == .authorized)

        let first = try Planner.plan(preferences: prefs, state: SchedulerState(), events: events, now: firstNow, content: Self.content)
        #expect(first.pending.count > 10)
        let triggers = Set(first.pending.map { request -> String in
            switch request.trigger {
            case .calendar(_, _, _, nil): "floating"
            case .calendar: "fixed"
            case .interval: "interval"
            case .immediate: "immediate"
            }
        })
        #expect(triggers == ["floating", "fixed", "interval", "immediate"])
        try await adapter.apply(first)
        #expect(try await adapter.pending() == nearestFirst(first.pending))
        #expect(await center.pendingNotificationRequests().count == first.pending.count)

        // Two and a half hours later the system has delivered what was due, exactly when the plan
        // said (the triggers fire at the planned instants).
        let secondNow = instant("2026-11-23T12:01:00+01:00")
        center.standInNow = secondNow
        let delivered = center.standInDeliver(through: secondNow).map(\.identifier)
        #expect(delivered == nearestFirst(first.pending.filter { $0.fireDate <= secondNow }).map(\.identifier))
        #expect(delivered.contains("interval-reminder") && delivered.contains("workout-completion-9F1C"))

        // The habit is done and the tone changed: removals, replacements, additions.
        prefs.tone = prefs.tone == .cheerful ? .gentle : .cheerful
        let second = try Planner.plan(preferences: prefs, state: first.state,
                                      events: [PlannerEvent(.habitCompleted(habitID: "water"), at: instant("2026-11-23T12:00:00+01:00"))],
                                      now: secondNow, content: Self.content)
        #expect(!second.removed.isEmpty && !second.added.isEmpty)
        try await adapter.apply(second)
        #expect(try await adapter.pending() == nearestFirst(second.pending))
        #expect(Set(await center.pendingNotificationRequests().map(\.identifier)) == Set(second.pending.map(\.identifier)))
    }
}
#endif
