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
import AffirmationSelector
import TestSupport

@Suite("SystemNotificationCenter over the UserNotifications stand-in")
struct SystemNotificationCenterTests {
    static let content: ContentGenerator = {
        do { return try ContentGenerator.bundled() } catch { fatalError("bundled catalogs: \(error)") }
    }()

    /// A clock before every request of the tests that do not run a device.
    static let before = ISO8601Instant.date("2026-11-23T00:00:00Z")!

    func instant(_ text: String) -> Date {
        guard let date = ISO8601Instant.date(text) else { fatalError("bad test instant \(text)") }
        return date
    }

    func request(
        _ id: String, at: String, trigger: NotificationTrigger, kind: NotificationKind = .dailyAffirmation,
        badge: Int? = nil, userInfo: [String: String] = ["kind": "daily-affirmation", "variant": "3"]
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: id, kind: kind, fireDate: instant(at), timeZone: "Europe/Madrid", trigger: trigger,
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

    @Test(
        "A floating request gets a Gregorian calendar trigger that follows the device's zone: autoupdatingCurrent in both the components' zone and the calendar's"
    )
    func floatingTrigger() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.before)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.before })
        let floating = request(
            "daily-affirmation-2026-11-24", at: "2026-11-24T10:00:30+01:00",
            trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 24), time: TimeOfDay(hour: 10, minute: 0), second: 30, timeZone: nil))
        try await adapter.add([floating])
        let added = try await platform(center, floating.identifier)
        let trigger = try #require(added.trigger as? UNCalendarNotificationTrigger)
        #expect(!trigger.repeats)
        let c = trigger.dateComponents
        // Both slots: the components' zone (where the public iOS 13 experiment put it) and the calendar's.
        #expect(c.timeZone == TimeZone.autoupdatingCurrent)
        #expect(c.calendar?.identifier == .gregorian)
        // A calendar's zone pins components without one: only autoupdatingCurrent follows the device.
        #expect(c.calendar?.timeZone == TimeZone.autoupdatingCurrent)
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second] == [2026, 11, 24, 10, 0, 30])
        #expect(c.weekday == nil && c.nanosecond == nil && c.era == nil)
    }

    @Test("A fixed request's calendar trigger carries its time zone")
    func fixedTrigger() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.before)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.before })
        let fixed = request(
            "habit-reminder-water-2026-11-23", at: "2026-11-23T18:45:00-05:00",
            trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 23), time: TimeOfDay(hour: 18, minute: 45), second: 0, timeZone: "America/New_York"),
            kind: .habitReminder, badge: 2, userInfo: ["kind": "habit-reminder", "variant": "0", "habitId": "water"])
        try await adapter.add([fixed])
        let added = try await platform(center, fixed.identifier)
        let trigger = try #require(added.trigger as? UNCalendarNotificationTrigger)
        let c = trigger.dateComponents
        #expect(c.timeZone?.identifier == "America/New_York")
        #expect(c.calendar?.identifier == .gregorian)
        #expect(c.calendar?.timeZone.identifier == "America/New_York")
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
        #expect(added.content.userInfo[SystemNotificationCenter.requestKey] is String)
    }

    @Test("An interval request gets a time-interval trigger with its seconds; an immediate one no trigger")
    func intervalAndImmediate() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.before)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.before })
        let interval = request(
            "interval-reminder", at: "2026-11-23T09:30:45+01:00", trigger: .interval(seconds: 45), kind: .intervalReminder,
            userInfo: ["kind": "interval-reminder", "variant": "0"])
        let immediate = request(
            "workout-completion-9F1C", at: "2026-11-23T09:30:00+01:00", trigger: .immediate, kind: .workoutCompletion,
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
        let adapter = SystemNotificationCenter(center: center)
        let specs = try CategoryRegistry.categories(locale: Locale(identifier: "en"), content: Self.content)
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

    @Test("Presentation and the app's userInfo reach the platform content: subtitle, sound, interruption level, relevance, typed values")
    func presentation() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.before)
        let adapter = SystemNotificationCenter(center: center)
        var quiet = request(
            "quiet", at: "2026-11-23T09:00:00Z", trigger: .interval(seconds: 30), kind: .milestoneCount,
            userInfo: ["kind": "milestone-count", "variant": "0"])
        quiet.subtitle = "Journal"
        quiet.sound = NotificationSound.none
        quiet.interruptionLevel = .passive
        quiet.relevanceScore = 0.25
        quiet.appUserInfo = [
            "scheduledSeconds": .int(30), "snoozable": .bool(true), "habitID": .string("6F1A"),
            "since": .date(instant("2026-01-01T00:00:00Z"))
        ]
        var named = request("named", at: "2026-11-23T09:00:00Z", trigger: .interval(seconds: 40), kind: .habitReminder)
        named.sound = .named("chime.caf")
        named.interruptionLevel = .timeSensitive
        let plain = request("plain", at: "2026-11-23T09:00:00Z", trigger: .interval(seconds: 50))
        try await adapter.add([quiet, named, plain])
        let q = try await platform(center, "quiet").content
        #expect(q.subtitle == "Journal" && q.sound == nil && q.interruptionLevel == .passive && q.relevanceScore == 0.25)
        #expect(q.userInfo["scheduledSeconds"] as? Int == 30 && q.userInfo["snoozable"] as? Bool == true)
        #expect(q.userInfo["habitID"] as? String == "6F1A" && q.userInfo["since"] as? Date == instant("2026-01-01T00:00:00Z"))
        #expect(q.userInfo["kind"] as? String == "milestone-count")
        let n = try await platform(center, "named").content
        #expect(n.sound?.standInSoundName == "named:chime.caf" && n.interruptionLevel == .timeSensitive)
        let p = try await platform(center, "plain").content
        #expect(p.sound == UNNotificationSound.default && p.interruptionLevel == .active && p.relevanceScore == 0 && p.subtitle == "")
        // pending() gives back exactly what was planned, presentation included.
        #expect(try await adapter.pending().first { $0.identifier == "quiet" } == quiet)
    }

    @Test("merge(_:) keeps the app's own categories and replaces those of the same identifier")
    func mergeCategories() async throws {
        let center = UNUserNotificationCenter()
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "APP_OWN", actions: [], intentIdentifiers: []),
            UNNotificationCategory(identifier: "TIMER_REMINDER", actions: [], intentIdentifiers: [])
        ])
        var timer = KindOptions()
        timer.category = KindCategory(
            identifier: "TIMER_REMINDER", actions: [NotificationActionSpec(identifier: "CONFIRM_ACTION", title: "OK", options: [.foreground, .destructive])])
        let specs = try CategoryRegistry.categories(locale: Locale(identifier: "en"), content: Self.content, kinds: [.intervalReminder: timer])
        await SystemNotificationCenter(center: center).merge(specs)
        let registered = await center.notificationCategories()
        let byID = Dictionary(uniqueKeysWithValues: registered.map { ($0.identifier, $0) })
        #expect(byID["APP_OWN"] != nil && registered.count == specs.count + 1)
        let action = try #require(byID["TIMER_REMINDER"]?.actions.first)
        #expect(action.identifier == "CONFIRM_ACTION" && action.options == [.foreground, .destructive])
    }

    @Test("pending() gives back the planned requests, equal and nearest first; removal by identifier")
    func pendingAndRemoval() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.before)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.before })
        let day = LocalDate(year: 2026, month: 11, day: 25)
        let later = request(
            "b-later", at: "2026-11-25T10:00:00+01:00", trigger: .calendar(date: day, time: TimeOfDay(hour: 10, minute: 0), second: 0, timeZone: nil))
        let sameTimeA = request(
            "a-same", at: "2026-11-24T10:00:00+01:00",
            trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 24), time: TimeOfDay(hour: 10, minute: 0), second: 0, timeZone: "Europe/Madrid"),
            kind: .milestoneStreak, badge: 7, userInfo: ["kind": "milestone-streak", "variant": "2", "streak": "7"])
        let sameTimeC = request(
            "c-same", at: "2026-11-24T10:00:00+01:00", trigger: .interval(seconds: 120), kind: .intervalReminder,
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

    @Test(
        "Authorization statuses are mapped",
        arguments: [
            (UNAuthorizationStatus.notDetermined, AuthorizationStatus.notDetermined),
            (.denied, .denied), (.authorized, .authorized), (.provisional, .provisional), (.ephemeral, .ephemeral)
        ])
    func authorizationStatus(_ platform: UNAuthorizationStatus, _ expected: AuthorizationStatus) async {
        let adapter = SystemNotificationCenter(center: UNUserNotificationCenter(standInAuthorizationStatus: platform))
        #expect(await adapter.authorization() == expected)
    }

    @Test("Requesting permission asks for alert, sound and badge and reports the answer", arguments: [true, false])
    func requestAuthorization(_ granted: Bool) async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .notDetermined, standInGrantsAuthorization: granted)
        let adapter = SystemNotificationCenter(center: center)
        #expect(try await adapter.requestAuthorization(AuthorizationRequest()) == granted)
        #expect(center.standInRequestedAuthorizationOptions == [[.alert, .sound, .badge]])
        #expect(await adapter.authorization() == (granted ? .authorized : .denied))
        _ = try await adapter.requestAuthorization([.alert])
        #expect(center.standInRequestedAuthorizationOptions.last == .alert)
    }

    @Test("Applying real plans leaves the centre holding exactly each plan's pending set")
    func applyPlans() async throws {
        let url = Repository.url("examples/schedule-config.json")
        var prefs = try JSONDecoder().decode(NotificationPreferences.self, from: Data(contentsOf: url))
        prefs.authorization = .authorized
        let events =
            [
                PlannerEvent(.appBackground, at: instant("2026-11-23T08:00:00+01:00")),
                PlannerEvent(.stepsUpdated(steps: 10_432, goal: nil), at: instant("2026-11-23T09:20:00+01:00")),
                PlannerEvent(.workoutCompleted(id: "9F1C", activity: "run", durationSeconds: 4800, distanceKm: 8.42), at: instant("2026-11-23T09:25:00+01:00")),
                PlannerEvent(.intervalSet(seconds: 45), at: instant("2026-11-23T09:29:50+01:00"))
            ] + (0..<10).map { PlannerEvent(.achievementRecorded(id: "a\($0)"), at: instant("2026-11-23T09:0\($0):00+01:00")) }
        let firstNow = instant("2026-11-23T09:30:00+01:00")
        let center = UNUserNotificationCenter(
            standInAuthorizationStatus: .authorized, standInNow: firstNow,
            standInTimeZone: try #require(TimeZone(identifier: prefs.timeZone)))
        let clock = TestClock(firstNow)
        let adapter = SystemNotificationCenter(center: center, clock: { [clock] in clock.now })
        #expect(await adapter.authorization() == .authorized)

        let first = try Planner.plan(preferences: prefs, state: SchedulerState(), events: events, now: firstNow, content: Self.content)
        #expect(first.pending.count > 10)
        let triggers = Set(
            first.pending.map { request -> String in
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
        clock.now = secondNow
        let delivered = center.standInDeliver(through: secondNow).map(\.identifier)
        #expect(delivered == nearestFirst(first.pending.filter { $0.fireDate <= secondNow }).map(\.identifier))
        #expect(delivered.contains("interval-reminder") && delivered.contains("workout-completion-9F1C"))

        // The habit is done and the tone changed: removals, replacements, additions.
        prefs.tone = prefs.tone == .cheerful ? .gentle : .cheerful
        let second = try Planner.plan(
            preferences: prefs, state: first.state,
            events: [PlannerEvent(.habitCompleted(habitID: "water"), at: instant("2026-11-23T12:00:00+01:00"))],
            now: secondNow, content: Self.content)
        #expect(!second.removed.isEmpty && !second.added.isEmpty)
        try await adapter.apply(second)
        #expect(try await adapter.pending() == nearestFirst(second.pending))
        #expect(Set(await center.pendingNotificationRequests().map(\.identifier)) == Set(second.pending.map(\.identifier)))
    }

    // MARK: iOS's trigger semantics, through the adapter

    static let madrid = TimeZone(identifier: "Europe/Madrid")!
    static let shanghai = TimeZone(identifier: "Asia/Shanghai")!

    @Test("A floating request fires at its wall time in the zone the device is in when it comes, after a flight east")
    func floatingFollowsTheDevice() async throws {
        let center = UNUserNotificationCenter(
            standInAuthorizationStatus: .authorized, standInNow: instant("2026-11-24T00:00:00Z"),
            standInTimeZone: Self.madrid)
        let adapter = SystemNotificationCenter(center: center, clock: { ISO8601Instant.date("2026-11-24T00:00:00Z")! })
        try await adapter.add([
            request(
                "daily-affirmation-2026-11-24", at: "2026-11-24T10:00:00+01:00",
                trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 24), time: TimeOfDay(hour: 10), second: 0, timeZone: nil))
        ])
        #expect(center.standInDeliver(through: instant("2026-11-24T01:00:00Z")).isEmpty)
        center.standInTimeZone = Self.shanghai  // landed: 09:00 in Shanghai
        let fired = center.standInDeliver(through: instant("2026-11-24T02:00:00Z"))
        #expect(fired.map(\.identifier) == ["daily-affirmation-2026-11-24"])
        #expect(await center.deliveredNotifications().map(\.date) == [instant("2026-11-24T10:00:00+08:00")])
    }

    @Test("A fixed request fires at its instant wherever the device goes")
    func fixedStaysPut() async throws {
        let center = UNUserNotificationCenter(
            standInAuthorizationStatus: .authorized, standInNow: instant("2026-11-23T12:00:00Z"),
            standInTimeZone: TimeZone(identifier: "America/New_York")!)
        let adapter = SystemNotificationCenter(center: center, clock: { ISO8601Instant.date("2026-11-23T12:00:00Z")! })
        try await adapter.add([
            request(
                "habit-reminder-water-2026-11-23", at: "2026-11-23T18:45:00-05:00",
                trigger: .calendar(
                    date: LocalDate(year: 2026, month: 11, day: 23), time: TimeOfDay(hour: 18, minute: 45), second: 0, timeZone: "America/New_York"),
                kind: .habitReminder, userInfo: ["kind": "habit-reminder", "variant": "0", "habitId": "water"])
        ])
        #expect(center.standInDeliver(through: instant("2026-11-23T13:00:00Z")).isEmpty)
        center.standInTimeZone = Self.madrid
        #expect(center.standInDeliver(through: instant("2026-11-23T23:44:59Z")).isEmpty)
        #expect(center.standInDeliver(through: instant("2026-11-23T23:45:00Z")).count == 1)
    }

    @Test("A calendar request whose fire date has passed when it is added is delivered at once, not left to never fire")
    func pastCalendarRequest() async throws {
        let now = instant("2026-11-23T09:05:00Z")
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: now, standInTimeZone: Self.madrid)
        let adapter = SystemNotificationCenter(center: center, clock: { ISO8601Instant.date("2026-11-23T09:05:00Z")! })
        let late = request(
            "daily-affirmation-2026-11-23", at: "2026-11-23T10:00:00+01:00",
            trigger: .calendar(date: LocalDate(year: 2026, month: 11, day: 23), time: TimeOfDay(hour: 10), second: 0, timeZone: nil))
        try await adapter.add([late])
        #expect(try await platform(center, late.identifier).trigger == nil)
        #expect(center.standInDeliver(through: now).map(\.identifier) == [late.identifier])
        // What it gives back is still the planned request.
        #expect(await center.deliveredNotifications().first?.request.content.userInfo[SystemNotificationCenter.requestKey] is String)
    }

    // MARK: The stand-in models iOS, so the tests above can fail

    enum CalendarKind: String, CaseIterable, Sendable { case none, pinnedMadrid, autoupdating, componentsZone, componentsAutoupdating, bothAutoupdating }

    @Test(
        "The stand-in reads a calendar trigger in its effective zone: components', else a pinned calendar's, else the device's",
        arguments: CalendarKind.allCases)
    func effectiveZone(_ kind: CalendarKind) async throws {
        let center = UNUserNotificationCenter(standInNow: instant("2026-11-24T00:00:00Z"), standInTimeZone: Self.madrid)
        var components = DateComponents(year: 2026, month: 11, day: 24, hour: 10, minute: 0, second: 0)
        var calendar = Calendar(identifier: .gregorian)
        switch kind {
        case .none: break
        case .pinnedMadrid: calendar.timeZone = Self.madrid; components.calendar = calendar
        case .autoupdating: calendar.timeZone = .autoupdatingCurrent; components.calendar = calendar
        case .componentsZone: components.timeZone = Self.madrid
        case .componentsAutoupdating: components.timeZone = .autoupdatingCurrent
        case .bothAutoupdating: calendar.timeZone = .autoupdatingCurrent; components.calendar = calendar; components.timeZone = .autoupdatingCurrent
        }
        try await center.add(
            UNNotificationRequest(
                identifier: "r", content: UNMutableNotificationContent(),
                trigger: UNCalendarNotificationTrigger(dateMatching: components, repeats: false)))
        #expect(center.standInDeliver(through: instant("2026-11-24T01:00:00Z")).isEmpty)
        center.standInTimeZone = Self.shanghai
        let follows = [.none, .autoupdating, .componentsAutoupdating, .bothAutoupdating].contains(kind)
        // 10:00 in Shanghai is 02:00Z; in Madrid 09:00Z.
        #expect(center.standInDeliver(through: instant("2026-11-24T02:00:00Z")).count == (follows ? 1 : 0))
        #expect(center.standInDeliver(through: instant("2026-11-24T09:00:00Z")).count == (follows ? 0 : 1))
    }

    @Test("The stand-in never fires a non-repeating calendar trigger whose date is past: when added, or after a zone change jumps over it")
    func pastNeverFires() async throws {
        let center = UNUserNotificationCenter(standInNow: instant("2026-11-24T12:00:00Z"), standInTimeZone: Self.madrid)
        func trigger(day: Int) -> UNCalendarNotificationTrigger {
            UNCalendarNotificationTrigger(dateMatching: DateComponents(year: 2026, month: 11, day: day, hour: 10, minute: 0, second: 0), repeats: false)
        }
        try await center.add(UNNotificationRequest(identifier: "past", content: UNMutableNotificationContent(), trigger: trigger(day: 24)))
        try await center.add(UNNotificationRequest(identifier: "jumped", content: UNMutableNotificationContent(), trigger: trigger(day: 25)))
        #expect(center.standInDeliver(through: instant("2026-11-25T05:00:00Z")).isEmpty)  // 06:00 in Madrid
        center.standInTimeZone = Self.shanghai  // 13:00 there: the 25th's 10:00 is behind the clock
        #expect(center.standInDeliver(through: instant("2026-11-30T00:00:00Z")).isEmpty)
        #expect(Set(await center.pendingNotificationRequests().map(\.identifier)) == ["past", "jumped"])
    }

    // MARK: Flights: the planner, the adapter and the modelled device together

    /// The time an app reads, settable by the test.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Date
        init(_ value: Date) { self.value = value }
        var now: Date {
            get { lock.lock(); defer { lock.unlock() }; return value }
            set { lock.lock(); value = newValue; lock.unlock() }
        }
    }

    /// A phone: the stand-in's centre as the device, the adapter, and the app's saved state.
    struct Phone {
        var prefs: NotificationPreferences
        var state = SchedulerState()
        let center: UNUserNotificationCenter
        let clock: TestClock
        let adapter: SystemNotificationCenter
        var zones: [(from: Date, zone: TimeZone)]

        init(_ prefs: NotificationPreferences, at start: Date) {
            self.prefs = prefs
            let zone = TimeZone(identifier: prefs.timeZone)!
            center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: start, standInTimeZone: zone)
            clock = TestClock(start)
            adapter = SystemNotificationCenter(center: center, clock: { [clock] in clock.now })
            zones = [(start, zone)]
        }

        /// The device runs to `instant` and changes zone there.
        mutating func fly(to zoneID: String, at instant: Date) {
            _ = center.standInDeliver(through: instant)
            center.standInTimeZone = TimeZone(identifier: zoneID)!
            zones.append((instant, TimeZone(identifier: zoneID)!))
        }

        /// The device runs to `now`; the app plans and applies the plan. Nothing the device then
        /// holds is beyond firing.
        @discardableResult
        mutating func launch(at now: Date, events: [PlannerEvent] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> PlanResult {
            _ = center.standInDeliver(through: now)
            clock.now = now
            let result = try Planner.plan(preferences: prefs, state: state, events: events, now: now, content: SystemNotificationCenterTests.content)
            try await adapter.apply(result)
            state = result.state
            #expect(center.standInUnfireable().isEmpty, "pending but never to fire: \(center.standInUnfireable())", sourceLocation: sourceLocation)
            #expect(Set(try await adapter.pending().map(\.identifier)) == Set(result.pending.map(\.identifier)), sourceLocation: sourceLocation)
            return result
        }

        /// The affirmations delivered: the date each names, and the device's local date and time then.
        func affirmations() async -> [String] {
            await center.deliveredNotifications().filter { $0.request.identifier.hasPrefix("daily-affirmation-") }.map { note in
                let zone = zones.last { $0.from <= note.date }!.zone
                let local = WallClock.components(of: note.date, in: zone)
                return "\(note.request.identifier.suffix(10)) \(local.date) \(local.time)"
            }
        }
    }

    static func affirmationPrefs(_ zoneID: String, hour: Int = 10, minute: Int = 0) -> NotificationPreferences {
        var p = NotificationPreferences(timeZone: zoneID)
        p.authorization = .authorized
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = TimeOfDay(hour: hour, minute: minute)
        return p
    }

    @Test("Madrid → Shanghai: the 25th, whose 10:00 the flight jumped over, fires on landing; then 10:00 Shanghai time")
    func madridToShanghai() async throws {
        var phone = Phone(Self.affirmationPrefs("Europe/Madrid"), at: instant("2026-11-23T08:00:00Z"))
        try await phone.launch(at: instant("2026-11-23T08:00:00Z"))
        phone.fly(to: "Asia/Shanghai", at: instant("2026-11-25T05:00:00Z"))  // 13:00 there
        #expect(phone.center.standInUnfireable() == ["daily-affirmation-2026-11-25"])  // dead until the app plans again
        try await phone.launch(
            at: instant("2026-11-25T06:00:00Z"),
            events: [PlannerEvent(.timeZoneChanged(timeZone: "Asia/Shanghai"), at: instant("2026-11-25T05:00:00Z"))])
        try await phone.launch(at: instant("2026-11-28T12:00:00Z"))
        #expect(
            await phone.affirmations() == [
                "2026-11-23 2026-11-23 10:00", "2026-11-24 2026-11-24 10:00", "2026-11-25 2026-11-25 14:00",
                "2026-11-26 2026-11-26 10:00", "2026-11-27 2026-11-27 10:00", "2026-11-28 2026-11-28 10:00"
            ])
    }

    @Test("Lord Howe → Madrid, the app passing the device's zone: the 3 April affirmation fires once, in Lord Howe")
    func lordHoweToMadrid() async throws {
        var phone = Phone(Self.affirmationPrefs("Australia/Lord_Howe"), at: instant("2026-04-02T09:00:00Z"))
        try await phone.launch(at: instant("2026-04-02T09:00:00Z"))  // 20:00 on 2 April there
        phone.fly(to: "Europe/Madrid", at: instant("2026-04-03T02:00:00Z"))  // 3 April 10:00 Lord Howe was 2 April 23:00Z
        phone.prefs.timeZone = "Europe/Madrid"
        try await phone.launch(at: instant("2026-04-03T05:00:00Z"))  // 07:00 in Madrid
        try await phone.launch(at: instant("2026-04-05T12:00:00Z"))
        #expect(await phone.affirmations() == ["2026-04-03 2026-04-03 10:00", "2026-04-04 2026-04-04 10:00", "2026-04-05 2026-04-05 10:00"])
    }

    @Test("Madrid → New York the day before its spring-forward: 02:30 (in the gap) fires at 03:30 EDT, the planned instant")
    func dstGapAfterFlight() async throws {
        var phone = Phone(Self.affirmationPrefs("Europe/Madrid", hour: 2, minute: 30), at: instant("2026-03-06T12:00:00Z"))
        try await phone.launch(at: instant("2026-03-06T12:00:00Z"))
        phone.fly(to: "America/New_York", at: instant("2026-03-07T12:00:00Z"))
        let landed = try await phone.launch(
            at: instant("2026-03-07T13:00:00Z"),
            events: [PlannerEvent(.timeZoneChanged(timeZone: "America/New_York"), at: instant("2026-03-07T12:00:00Z"))])
        #expect(landed.pending.first { $0.identifier == "daily-affirmation-2026-03-08" }?.fireDate == instant("2026-03-08T07:30:00Z"))
        try await phone.launch(at: instant("2026-03-09T12:00:00Z"))
        let fired = await phone.center.deliveredNotifications().filter { $0.request.identifier == "daily-affirmation-2026-03-08" }
        #expect(fired.map(\.date) == [instant("2026-03-08T07:30:00Z")])
    }
}
#endif
