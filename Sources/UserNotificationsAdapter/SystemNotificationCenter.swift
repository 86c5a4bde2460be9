// Apple's UserNotifications on iOS, iPadOS, Mac Catalyst, macOS, visionOS and watchOS (tvOS has no
// notification categories, sounds or alerts, so the module is empty there).
//
// On Linux the adapter is compiled against `UserNotificationsStandIn`, a test-only module that
// mirrors the part of Apple's API used here (Tests/Support/UserNotificationsStandIn). It is a
// dependency of this target on Linux only, and it is never imported where the real framework can
// be: the first branch below always wins on Apple platforms.
#if canImport(UserNotifications) && !os(tvOS)
import UserNotifications
#elseif os(Linux) && canImport(UserNotificationsStandIn)
import UserNotificationsStandIn
#endif

#if (canImport(UserNotifications) && !os(tvOS)) || (os(Linux) && canImport(UserNotificationsStandIn))
import NotificationPlanning
import Foundation
import AffirmationSelector

/// The platform centre (`UNUserNotificationCenter`) behind the `PendingNotificationCenter`
/// protocol.
///
/// Each request's full JSON travels in its `userInfo` under ``requestKey`` (next to the request's
/// own string `userInfo`), so ``pending()`` gives back exactly what was planned. Floating requests
/// use a calendar trigger in a Gregorian calendar whose zone is `TimeZone.autoupdatingCurrent`,
/// with `TimeZone.autoupdatingCurrent` in the components' `timeZone` too (the wall time follows the
/// device's zone, also after a flight); fixed ones carry their zone (UTC for an instant in the
/// second pass of a repeated hour, which a wall time and a named zone cannot tell from the first
/// pass: components with a fixed-offset zone name one instant); interval requests use a
/// time-interval trigger; immediate ones have no trigger (delivered as soon as they are added).
/// A calendar request due within ``calendarMargin`` of the adapter's clock when it is added gets a
/// time-interval trigger for the seconds left (at least 1), and one whose fire date has passed is
/// delivered at once: iOS never fires a non-repeating calendar trigger whose date is past, and a
/// date a second ahead can be past by the time the system reads it (`apply` adds up to 64 requests
/// one after another).
///
/// The foreground: iOS presents a notification that arrives while the app is open only through the
/// delegate's `userNotificationCenter(_:willPresent:withCompletionHandler:)`;
/// ``UserNotificationsDelegate`` answers it per kind (``ForegroundPresentation``) and turns a
/// response into planner events (``NotificationResponse``).
///
/// ## Wiring it in an app
///
/// At launch (before `application(_:didFinishLaunchingWithOptions:)` returns, so that a tap on a
/// notification that launched the app is not lost): set the centre's delegate, register the
/// categories of `CategoryRegistry`, then plan and apply. Plan again on every launch and
/// foreground, after every event the planner knows (`PlannerEvent`), and after each notification
/// action: the delegate's `didReceive` records the matching event, plans again and applies the
/// plan. Read the real permission from the centre (``authorization()``) before each plan; ask for
/// it (``requestAuthorization(_:)-(AuthorizationOptions)``) when the app decides, e.g. when the user turns a reminder on,
/// and plan again with the answer. Keep `PlanResult.state` (`SchedulerState.jsonData()`) between
/// runs: `NotificationDriver` does the load, plan, apply and save in one call, under a lock the
/// app and its extensions share.
///
/// ```swift
/// import NotificationPlanning
/// import MessageCatalog
/// import UserNotifications
/// import UserNotificationsAdapter
///
/// @MainActor
/// final class Notifications: NSObject, UNUserNotificationCenterDelegate {
///     let center = SystemNotificationCenter(center: .current())
///     let content: ContentGenerator
///     var preferences: NotificationPreferences
///     var state: SchedulerState        // SchedulerState.from(json:) of the saved file
///     var events: [PlannerEvent] = []  // what happened since the last plan
///
///     init(content: ContentGenerator, preferences: NotificationPreferences, state: SchedulerState) {
///         self.content = content
///         self.preferences = preferences
///         self.preferences.permissionPrompt = .app   // the app asks: userTurnedRemindersOn()
///         self.state = state
///     }
///
///     // From application(_:didFinishLaunchingWithOptions:). The delegate is set before it
///     // returns (a tap that launched the app goes to it); the app keeps `self` alive (the
///     // centre's delegate is weak). (`UserNotificationsDelegate` is a ready-made delegate.)
///     func launch() {
///         UNUserNotificationCenter.current().delegate = self
///         Task {
///             center.register(try CategoryRegistry.categories(for: preferences, content: content))
///             try await plan()
///         }
///     }
///
///     func record(_ event: PlannerEvent) async throws {
///         events.append(event)
///         try await plan()
///     }
///
///     // The user turned a reminder on: the app's moment to ask (never the planner's).
///     func userTurnedRemindersOn() async throws {
///         if await center.authorization() == .notDetermined {
///             _ = try await center.requestAuthorization()
///         }
///         try await plan()
///     }
///
///     // One plan at a time (the awaits let another call start: chain them in a real app).
///     func plan() async throws {
///         let batch = events
///         preferences.authorization = await center.authorization()   // the real status, every time
///         let result = try Planner.plan(preferences: preferences, state: state, events: batch, now: Date(), content: content)
///         try await center.apply(result)                   // removes, then adds
///         state = result.state                             // save state.jsonData()
///         events.removeFirst(batch.count)                  // later ones wait for the next plan
///     }
///
///     // A notification that arrives while the app is open: without this method iOS shows nothing.
///     nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
///                                             willPresent notification: UNNotification,
///                                             withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
///         completionHandler(ForegroundPresentation.standard.options(for: notification))
///     }
///
///     // A notification action (or a tap on the notification): record the event, plan, apply.
///     // The completion-handler form: the system may call it on a queue of its choosing, so it
///     // is nonisolated, reads the response there and hands only Sendable values to the main
///     // actor. (The `async` form on a `@MainActor` class is the one with crash reports.)
///     nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
///                                             didReceive response: UNNotificationResponse,
///                                             withCompletionHandler completionHandler: @escaping () -> Void) {
///         // Every action of every category; the timer's slider seconds come from the
///         // content extension (`NotificationResponse(response, intervalSeconds:at:)` there).
///         let events = NotificationResponse(response, at: Date()).events
///         if !events.isEmpty {
///             Task { @MainActor in for event in events { try? await self.record(event) } }
///         }
///         completionHandler()
///     }
/// }
/// ```
///
/// Sendable: the adapter stores the centre, which Apple's framework lets apps use from any
/// thread, and a `Sendable` clock; it is `@unchecked Sendable` because older SDKs do not declare
/// `UNUserNotificationCenter` `Sendable`. No non-`Sendable` framework value crosses an isolation
/// boundary here (every method is nonisolated and awaits the centre directly), so the import
/// needs no `@preconcurrency`.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
public final class SystemNotificationCenter: SharedPendingNotificationCenter, @unchecked Sendable {
    /// The `userInfo` key holding the planned request's JSON.
    public static let requestKey = plannedRequestKey

    /// The seconds before a calendar request's fire date within which ``add(_:)`` gives it a
    /// time-interval trigger instead of a calendar one, unless the initializer sets another margin.
    public static let defaultCalendarMargin: TimeInterval = 60

    private let center: UNUserNotificationCenter
    private let clock: @Sendable () -> Date
    /// A calendar request due within this many seconds of the clock when it is added gets a
    /// time-interval trigger for the seconds left: the date might be past when the system reads it.
    public let calendarMargin: TimeInterval

    /// An adapter over `center`.
    /// - Parameters:
    ///   - center: `UNUserNotificationCenter.current()` in an app.
    ///   - calendarMargin: a calendar request due within this many seconds when it is added gets a
    ///     time-interval trigger (``defaultCalendarMargin``, 60 s: far more than adding 64 requests
    ///     takes, far less than any planned spacing).
    ///   - clock: the current instant, read when requests are added (a calendar request whose
    ///     fire date is not after it is delivered at once); the system clock unless a test
    ///     simulates one.
    public init(
        center: UNUserNotificationCenter, calendarMargin: TimeInterval = defaultCalendarMargin,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.center = center
        self.calendarMargin = max(0, calendarMargin)
        self.clock = clock
    }

    /// Registers the categories and actions of `CategoryRegistry`, replacing every category the
    /// app registered before (`setNotificationCategories(_:)` replaces the whole set); ``merge(_:)``
    /// keeps the app's own.
    /// - Parameter categories: from `CategoryRegistry/categories(locale:content:)`.
    public func register(_ categories: [NotificationCategorySpec]) {
        center.setNotificationCategories(Set(categories.map(Self.category(for:))))
    }

    /// Registers the package's categories next to the app's own: the categories already
    /// registered stay, except those with an identifier of `categories`, which these replace.
    /// - Parameter categories: from `CategoryRegistry/categories(locale:content:kinds:)`.
    public func merge(_ categories: [NotificationCategorySpec]) async {
        let ours = Set(categories.map(\.identifier))
        let kept = await center.notificationCategories().filter { !ours.contains($0.identifier) }
        center.setNotificationCategories(kept.union(categories.map(Self.category(for:))))
    }

    /// The platform category of a registry entry.
    static func category(for spec: NotificationCategorySpec) -> UNNotificationCategory {
        UNNotificationCategory(
            identifier: spec.identifier,
            actions: spec.actions.map { action in
                let typed = action.actionOptions
                var options: UNNotificationActionOptions = []
                if typed.contains(.foreground) { options.insert(.foreground) }
                if typed.contains(.destructive) { options.insert(.destructive) }
                if typed.contains(.authenticationRequired) { options.insert(.authenticationRequired) }
                return UNNotificationAction(identifier: action.identifier, title: action.title, options: options)
            },
            intentIdentifiers: [], options: [])
    }

    /// Asks the user for permission (the system shows its prompt only the first time; later calls
    /// return the recorded answer). Call it when the app decides, on the user's own action (a
    /// "Turn on reminders" button), or with a plan's `authorizationRequest` when the preferences
    /// let the plan ask (`NotificationPreferences.PermissionPrompt`).
    /// - Parameter requested: `alert`, `sound`, `badge`, and `provisional` (no prompt: iOS grants
    ///   quiet delivery to the notification centre at once); alert, sound and badge by default.
    /// - Returns: whether permission was granted (provisional counts: `true`).
    public func requestAuthorization(_ requested: AuthorizationOptions = .standard) async throws -> Bool {
        var options: UNAuthorizationOptions = []
        if requested.contains(.alert) { options.insert(.alert) }
        if requested.contains(.sound) { options.insert(.sound) }
        if requested.contains(.badge) { options.insert(.badge) }
        if requested.contains(.provisional) { options.insert(.provisional) }
        return try await center.requestAuthorization(options: options)
    }

    /// Asks for what a plan's `AuthorizationRequest` holds (`PlanResult.authorizationRequest`,
    /// when the preferences let the plan ask), as ``requestAuthorization(_:)-(AuthorizationOptions)``.
    /// - Parameter request: the plan's request.
    /// - Returns: whether permission was granted (provisional counts: `true`).
    public func requestAuthorization(_ request: AuthorizationRequest) async throws -> Bool {
        try await requestAuthorization(request.authorizationOptions)
    }

    /// Clears the number on the app's icon (a user who opened the app has seen what the badge
    /// counted): `setBadgeCount(0)` from iOS 16 and macOS 13. Below iOS 16, the application's
    /// `applicationIconBadgeNumber`, set on the main actor and reached through the Objective-C
    /// runtime so that the adapter stays usable in an app extension (where `UIApplication.shared`
    /// must not be named): an extension (`.appex`) below iOS 16 leaves the badge to its app.
    /// watchOS has no icon badge: nothing to do.
    /// - Throws: the error of `setBadgeCount(_:)`.
    public func clearBadge() async throws {
        #if os(watchOS)
        return
        #else
        if #available(iOS 16.0, macOS 13.0, tvOS 16.0, *) {
            try await center.setBadgeCount(0)
        } else {
            #if os(iOS)
            guard !Bundle.main.bundlePath.hasSuffix(".appex") else { return }
            await MainActor.run {
                let application = (NSClassFromString("UIApplication") as? NSObject.Type)?.value(forKey: "sharedApplication") as? NSObject
                application?.setValue(0, forKey: "applicationIconBadgeNumber")
            }
            #endif
        }
        #endif
    }

    /// Schedules each request with `UNUserNotificationCenter`: its title, subtitle, body,
    /// category, thread, `userInfo` (the planner's strings, the app's property-list values, and
    /// the request's JSON under ``requestKey``), badge, sound, interruption level and relevance
    /// (iOS 15+), and
    /// its trigger (a calendar trigger in the Gregorian calendar, an interval of at least 1 s, or
    /// none for an immediate request, and for a calendar request whose fire date is not after the
    /// adapter's clock: iOS would never fire it; a calendar request due within ``calendarMargin``
    /// gets an interval trigger for the seconds left). A request with an identifier already
    /// pending replaces it.
    /// - Parameter requests: the requests to add.
    /// - Throws: the error of `UNUserNotificationCenter.add(_:)`; requests before the failing one
    ///   stay added.
    public func add(_ requests: [NotificationRequest]) async throws {
        let encoder = JSONEncoder()
        let now = clock()
        for request in requests {
            let content = UNMutableNotificationContent()
            Self.fill(content, from: request)
            content.userInfo[Self.requestKey] = String(decoding: try encoder.encode(request), as: UTF8.self)
            try await center.add(
                UNNotificationRequest(
                    identifier: request.identifier, content: content,
                    trigger: Self.trigger(for: request, now: now, margin: calendarMargin)))
        }
    }

    /// Sets `content` from `request`: title, subtitle, body, category, thread, `userInfo` (the
    /// planner's strings, then the app's property-list values), badge, sound (the default one
    /// unless the request says; a named sound is the default one on watchOS), and on iOS 15, macOS 12 and watchOS 8 the interruption level and
    /// relevance score (earlier systems have neither: their notifications are all `active`).
    static func fill(_ content: UNMutableNotificationContent, from request: NotificationRequest) {
        content.title = request.title
        if let subtitle = request.subtitle { content.subtitle = subtitle }
        content.body = request.body
        content.categoryIdentifier = request.categoryIdentifier
        content.threadIdentifier = request.threadIdentifier
        var info: [AnyHashable: Any] = [:]
        for (key, value) in request.userInfo { info[key] = value }
        for (key, value) in request.appUserInfo { info[key] = value.propertyListValue }
        content.userInfo = info
        if let badge = request.badge { content.badge = NSNumber(value: badge) }
        switch request.sound {
        case nil, .default?: content.sound = .default
        case .none?: content.sound = nil
        case .named(let name)?:
            // watchOS has no sound files of the app (`soundNamed:` is unavailable there): the
            // watch plays its default notification sound and haptic.
            #if os(watchOS)
            _ = name
            content.sound = .default
            #else
            content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
            #endif
        }
        if #available(tvOS 15.0, *) {  // the type needs iOS 15, macOS 12, watchOS 8 already
            switch request.interruptionLevel {
            case nil: break
            case .passive?: content.interruptionLevel = .passive
            case .active?: content.interruptionLevel = .active
            case .timeSensitive?: content.interruptionLevel = .timeSensitive
            }
            if let score = request.relevanceScore { content.relevanceScore = score }
        }
    }

    /// The platform trigger of a request added at `now`: nil (deliver now) for an immediate one,
    /// and for a calendar one whose fire date is not after `now`; an interval for a calendar one
    /// due within `margin` seconds.
    static func trigger(for request: NotificationRequest, now: Date, margin: TimeInterval) -> UNNotificationTrigger? {
        switch request.trigger {
        case .immediate:
            return nil
        case let .interval(seconds):
            // Apple requires a positive interval (the planner's are 10…300 s).
            return UNTimeIntervalNotificationTrigger(timeInterval: TimeInterval(max(1, seconds)), repeats: false)
        case let .calendar(date, time, second, zone):
            // iOS fires a non-repeating calendar trigger at the next date matching its
            // components: a fully specified date already past never fires. A plan applied after
            // a fire date delivers that request now instead.
            guard request.fireDate > now else { return nil }
            let left = request.fireDate.timeIntervalSince(now)
            if left <= margin {
                // Due while `apply` may still be adding: an interval counts from when the system
                // takes the request, so it cannot be past then (a second or so late at most).
                return UNTimeIntervalNotificationTrigger(timeInterval: max(1, left.rounded(.up)), repeats: false)
            }
            return UNCalendarNotificationTrigger(dateMatching: components(date: date, time: time, second: second, zone: zone), repeats: false)
        }
    }

    /// The date components of a calendar trigger.
    ///
    /// The year, month and day are the planner's Gregorian ones, so the components carry a
    /// Gregorian calendar: without one iOS reads them in the user's calendar (Buddhist,
    /// Japanese…); Apple's own examples leave it out only for an hour and a minute. But a
    /// `Calendar` value carries the zone it was made in (`TimeZone.current` then), and components
    /// without a `timeZone` are read in their calendar's zone: a floating trigger made with
    /// `Calendar(identifier: .gregorian)` stays pinned to the zone of the day it was scheduled
    /// (reports on Apple's forums). A test on iOS 13 (the "Understanding UILocalNotification
    /// timeZone" answer, UNCalendarNotificationTrigger part) found that a trigger in
    /// `TimeZone.autoupdatingCurrent` keeps its wall time when the device changes zone, while any
    /// other zone, `TimeZone.current` included, is a fixed instant. That experiment put the
    /// autoupdating zone in the components' `timeZone`; a calendar's zone is read only when the
    /// components have none. So: floating → Gregorian in `autoupdatingCurrent`, and
    /// `autoupdatingCurrent` in the components' `timeZone` as well (both slots, as the evidence
    /// shows and whichever iOS reads); fixed → Gregorian in the request's zone, which the components
    /// also carry.
    static func components(date: LocalDate, time: TimeOfDay, second: Int, zone: String?) -> DateComponents {
        var gregorian = Calendar(identifier: .gregorian)
        var components = DateComponents(
            year: date.year, month: date.month, day: date.day,
            hour: time.hour, minute: time.minute, second: second)
        if let zone, let fixed = TimeZone(identifier: zone) {
            gregorian.timeZone = fixed
            components.timeZone = fixed
        } else {
            gregorian.timeZone = .autoupdatingCurrent
            components.timeZone = .autoupdatingCurrent
        }
        components.calendar = gregorian
        return components
    }

    /// Removes pending requests (unknown identifiers are ignored).
    /// - Parameter identifiers: the identifiers to remove.
    public func removePending(withIdentifiers identifiers: [String]) async throws {
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    /// The pending requests this package scheduled (others, without ``requestKey``, are left
    /// out), nearest first: fire date, then identifier.
    public func pending() async throws -> [NotificationRequest] {
        let decoder = JSONDecoder()
        let requests = await center.pendingNotificationRequests().compactMap { request in
            (request.content.userInfo[Self.requestKey] as? String).flatMap { try? decoder.decode(NotificationRequest.self, from: Data($0.utf8)) }
        }
        return requests.sorted { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }
    }

    /// How many pending requests the app scheduled itself (without ``requestKey``): the room
    /// `NotificationDriver` leaves them in the 64 iOS keeps.
    public func othersPendingCount() async throws -> Int {
        await center.pendingNotificationRequests().filter { $0.content.userInfo[Self.requestKey] == nil }.count
    }

    /// The system's authorization status; a status this package does not know maps to
    /// `AuthorizationStatus.denied`.
    public func authorization() async -> AuthorizationStatus {
        switch await center.notificationSettings().authorizationStatus {
        case .authorized: return .authorized
        case .denied: return .denied
        case .provisional: return .provisional
        case .notDetermined: return .notDetermined
        // App Clips: iOS, iPadOS, Mac Catalyst and visionOS; Apple marks the case unavailable elsewhere.
        #if !os(macOS) && !os(watchOS)
        case .ephemeral: return .ephemeral
        #endif
        @unknown default: return .denied
        }
    }
}

/// The former name of ``SystemNotificationCenter``: a type named like its module hid the module in
/// qualified names (`UserNotificationsAdapter.NotificationResponse` did not resolve). It goes in
/// the next minor version.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
@available(*, deprecated, renamed: "SystemNotificationCenter")
public typealias UserNotificationsAdapter = SystemNotificationCenter
#endif
