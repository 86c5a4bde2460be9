// What a user sees on the modelled device: foreground presentation through the delegate, the
// meaning of every action, the 64-request cap, the margin before a calendar date, the badge.
#if os(Linux) && canImport(UserNotificationsStandIn)
import NotificationPlanning
import Foundation
import MessageCatalog
import AffirmationSelector
import Testing
import UserNotificationsAdapter
import UserNotificationsStandIn

@Suite("What the user sees: foreground, responses, the 64 cap, the badge")
struct ForegroundAndResponseTests {
    static let start = ISO8601Instant.date("2026-11-23T09:00:00Z")!
    static let content: ContentGenerator = {
        do { return try ContentGenerator.bundled() } catch { fatalError("bundled catalogs: \(error)") }
    }()

    func request(
        _ id: String, kind: NotificationKind, after seconds: Int, trigger: NotificationTrigger? = nil,
        userInfo: [String: String] = [:], badge: Int? = nil
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: id, kind: kind, fireDate: Self.start.addingTimeInterval(TimeInterval(seconds)), timeZone: "UTC",
            trigger: trigger ?? .interval(seconds: seconds), title: "title \(id)", body: "body \(id)",
            categoryIdentifier: CategoryRegistry.categoryIdentifier(for: kind), threadIdentifier: kind.rawValue,
            userInfo: ["kind": kind.rawValue].merging(userInfo) { $1 }, badge: badge, floating: false)
    }

    /// A calendar request firing `seconds` after the start, fixed in UTC.
    func calendarRequest(_ id: String, after seconds: Int) -> NotificationRequest {
        let date = Self.start.addingTimeInterval(TimeInterval(seconds))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return request(
            id, kind: .dailyAffirmation, after: seconds,
            trigger: .calendar(
                date: LocalDate(year: c.year!, month: c.month!, day: c.day!), time: TimeOfDay(hour: c.hour!, minute: c.minute!),
                second: c.second!, timeZone: "UTC"))
    }

    // MARK: Foreground presentation

    @Test("In the foreground iOS shows a notification only through willPresent: without a delegate the user sees nothing")
    func foregroundWithoutDelegate() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        center.standInAppInForeground = true
        try await adapter.add([request("timer", kind: .intervalReminder, after: 30)])
        #expect(center.standInDeliver(through: Self.start.addingTimeInterval(30)).map(\.identifier) == ["timer"])
        #expect(center.standInPresentations == [StandInPresentation(identifier: "timer", inForeground: true, options: [])])
        #expect(await center.deliveredNotifications().isEmpty)  // not even in the list
    }

    @Test("The ready-made delegate presents each kind as the policy says; in the background the system shows everything")
    func foregroundPerKind() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        var policy = ForegroundPresentation.standard
        policy[.dailyAffirmation] = [.list]
        policy[.milestoneStreak] = []
        let delegate = UserNotificationsDelegate(presentation: policy) { _ in }
        center.delegate = delegate
        center.standInAppInForeground = true
        try await adapter.add([
            request("timer", kind: .intervalReminder, after: 10, badge: 4),
            request("affirmation", kind: .dailyAffirmation, after: 20),
            request("streak", kind: .milestoneStreak, after: 30)
        ])
        try await center.add(
            UNNotificationRequest(
                identifier: "apps-own", content: UNMutableNotificationContent(),
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 40, repeats: false)))
        _ = center.standInDeliver(through: Self.start.addingTimeInterval(40))
        #expect(
            center.standInPresentations == [
                StandInPresentation(identifier: "timer", inForeground: true, options: [.banner, .list, .sound, .badge]),
                StandInPresentation(identifier: "affirmation", inForeground: true, options: [.list]),
                StandInPresentation(identifier: "streak", inForeground: true, options: []),
                StandInPresentation(identifier: "apps-own", inForeground: true, options: [.banner, .list, .sound, .badge])
            ])
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["timer", "affirmation", "apps-own"])
        #expect(center.standInBadgeCount == 4)
        // The app goes to the background: the system presents fully, the delegate is not asked.
        delegate.presentation = ForegroundPresentation(defaultStyle: [])
        center.standInAppInForeground = false
        try await adapter.add([request("later", kind: .intervalReminder, after: 60)])  // the clock is at +40
        _ = center.standInDeliver(through: Self.start.addingTimeInterval(100))
        #expect(center.standInPresentations.last == StandInPresentation(identifier: "later", inForeground: false, options: [.banner, .list, .sound, .badge]))
    }

    // MARK: Responses

    @Test("Every action of every registered category means something to the planner; a tap opens the app; a dismissal records nothing")
    func everyAction() throws {
        let at = Self.start
        for category in try CategoryRegistry.categories(locale: "en", content: Self.content) {
            for kind in category.kinds {
                let planned = request("r-\(kind.rawValue)", kind: kind, after: 120, userInfo: kind == .habitReminder ? ["habitId": "water"] : [:])
                let tap = NotificationResponse(actionIdentifier: UNNotificationDefaultActionIdentifier, request: planned, at: at)
                #expect(tap.action == .open && tap.events == [PlannerEvent(.appForeground, at: at)])
                #expect(NotificationResponse(actionIdentifier: UNNotificationDismissActionIdentifier, request: planned, at: at).events.isEmpty)
                for action in category.actions {
                    let meaning = NotificationResponse(actionIdentifier: action.identifier, request: planned, at: at)
                    if case .other = meaning.action { Issue.record("\(action.identifier) of \(category.identifier) is not understood") }
                    #expect(meaning.events.count == 1, "\(action.identifier)")
                    if action.options.contains("foreground") {
                        #expect(meaning.events == [PlannerEvent(.appForeground, at: at)], "\(action.identifier) opens the app")
                    }
                }
            }
        }
        let habit = request("h", kind: .habitReminder, after: 60, userInfo: ["habitId": "water"])
        #expect(
            NotificationResponse(actionIdentifier: "MARK_DONE_ACTION", request: habit, at: at).events == [
                PlannerEvent(.habitCompleted(habitID: "water"), at: at)
            ])
        #expect(NotificationResponse(actionIdentifier: "SOMETHING_ELSE", request: habit, at: at).action == .other("SOMETHING_ELSE"))
    }

    @Test("Set next reminder carries the slider's seconds; without them, the answered reminder's interval")
    func sliderSeconds() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        try await adapter.add([request("interval-reminder", kind: .intervalReminder, after: 45)])
        let delivered = try #require(center.standInDeliver(through: Self.start.addingTimeInterval(45)).first)
        let response = UNNotificationResponse(
            standInNotification: UNNotification(standInRequest: delivered, date: Self.start),
            actionIdentifier: "SET_NEXT_REMINDER_ACTION")
        let chosen = NotificationResponse(response, intervalSeconds: 180, at: Self.start)
        #expect(chosen.action == .setNextReminder(seconds: 180))
        #expect(chosen.events == [PlannerEvent(.intervalSet(seconds: 180), at: Self.start)])
        #expect(chosen.request?.identifier == "interval-reminder")
        #expect(NotificationResponse(response, at: Self.start).events == [PlannerEvent(.intervalSet(seconds: 45), at: Self.start)])
    }

    @Test("The ready-made delegate hands the response's events to the app, then calls the system's completion handler")
    func delegateResponse() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        try await adapter.add([request("habit-reminder-water", kind: .habitReminder, after: 5, userInfo: ["habitId": "water"])])
        let delivered = try #require(center.standInDeliver(through: Self.start.addingTimeInterval(5)).first)
        let received = AsyncStream<[PlannerEvent]>.makeStream()
        let delegate = UserNotificationsDelegate(clock: { Self.start }) { response in received.continuation.yield(response.events) }
        let completed = AsyncStream<Void>.makeStream()
        delegate.userNotificationCenter(
            center,
            didReceive: UNNotificationResponse(
                standInNotification: UNNotification(standInRequest: delivered, date: Self.start),
                actionIdentifier: "MARK_DONE_ACTION")
        ) { completed.continuation.yield() }
        var events = received.stream.makeAsyncIterator()
        #expect(await events.next() == [PlannerEvent(.habitCompleted(habitID: "water"), at: Self.start)])
        var done = completed.stream.makeAsyncIterator()
        #expect(await done.next() != nil)
    }

    // MARK: The device's limits

    @Test("Like iOS, the stand-in keeps only the soonest 64 pending requests and drops the rest silently")
    func sixtyFourCap() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        try await adapter.add((1...70).map { request(String(format: "r%02d", $0), kind: .intervalReminder, after: $0 * 100) })
        var pending = await center.pendingNotificationRequests().map(\.identifier).sorted()
        #expect(pending.count == 64)
        #expect(pending.last == "r64")
        // A sooner one pushes out the latest; a later one is itself dropped.
        try await adapter.add([request("soon", kind: .intervalReminder, after: 50), request("late", kind: .intervalReminder, after: 99_999)])
        pending = await center.pendingNotificationRequests().map(\.identifier)
        #expect(pending.count == 64 && pending.contains("soon") && !pending.contains("late") && !pending.contains("r64"))
    }

    @Test("A calendar request due within the margin gets an interval trigger, so a slow apply cannot leave it in the past")
    func marginBeforeCalendarDate() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        let soon = calendarRequest("soon", after: 3), later = calendarRequest("later", after: 61)
        // The adapter read its clock at the start; the system takes the requests 5 s later.
        center.standInNow = Self.start.addingTimeInterval(5)
        try await adapter.add([soon, later])
        let soonTrigger = try #require(
            await center.pendingNotificationRequests().first { $0.identifier == "soon" }?.trigger as? UNTimeIntervalNotificationTrigger)
        #expect(soonTrigger.timeInterval == 3)
        #expect(await center.pendingNotificationRequests().first { $0.identifier == "later" }?.trigger is UNCalendarNotificationTrigger)
        #expect(center.standInUnfireable().isEmpty)
        #expect(center.standInDeliver(through: Self.start.addingTimeInterval(8)).map(\.identifier) == ["soon"])
        // Without the margin the same slow apply leaves a calendar date behind the clock: it never fires.
        let strict = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start.addingTimeInterval(5))
        try await SystemNotificationCenter(center: strict, calendarMargin: 0, clock: { Self.start }).add([soon])
        #expect(strict.standInUnfireable() == ["soon"])
    }

    @Test("clearBadge sets the icon's number to 0 (setBadgeCount)")
    func clearBadge() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .authorized, standInNow: Self.start)
        let adapter = SystemNotificationCenter(center: center, clock: { Self.start })
        try await adapter.add([request("streak", kind: .milestoneStreak, after: 1, badge: 3)])
        _ = center.standInDeliver(through: Self.start.addingTimeInterval(1))
        #expect(center.standInBadgeCount == 3)
        try await adapter.clearBadge()
        #expect(center.standInBadgeCount == 0)
    }

    @Test("The app asks on its own action: default options alert, sound, badge; provisional asks without a prompt")
    func authorizationOnTheAppsAction() async throws {
        let center = UNUserNotificationCenter(standInAuthorizationStatus: .notDetermined)
        let adapter = SystemNotificationCenter(center: center)
        #expect(try await adapter.requestAuthorization())
        #expect(center.standInRequestedAuthorizationOptions == [[.alert, .sound, .badge]])
        let quiet = UNUserNotificationCenter(standInAuthorizationStatus: .notDetermined)
        _ = try await SystemNotificationCenter(center: quiet).requestAuthorization(AuthorizationRequest(options: ["alert", "provisional"]))
        #expect(quiet.standInRequestedAuthorizationOptions == [[.alert, .provisional]])
        #expect(await SystemNotificationCenter(center: quiet).authorization() == .provisional)
    }
}
#endif
