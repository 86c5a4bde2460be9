// The delegate side of the adapter: how a notification is shown while the app is open, and what a
// user's response means to the planner. Same platforms as SystemNotificationCenter.swift.
#if canImport(UserNotifications) && !os(tvOS)
import UserNotifications
#elseif os(Linux) && canImport(UserNotificationsStandIn)
import UserNotificationsStandIn
#endif

#if (canImport(UserNotifications) && !os(tvOS)) || (os(Linux) && canImport(UserNotificationsStandIn))
import NotificationPlanning
import Foundation

/// How a notification that arrives while the app is in the foreground is shown, per kind.
///
/// iOS presents such a notification only as the centre delegate's
/// `userNotificationCenter(_:willPresent:withCompletionHandler:)` answers; without that method
/// (or with an empty answer) the user sees nothing, though the interval timer's reminders, for
/// one, mostly come while the user is in the app. ``standard`` shows every kind as it would be
/// shown in the background: a banner, in the notification list, with its sound and badge. An app
/// chooses per kind, for example nothing for the interval reminder while its timer screen shows
/// the countdown, or only the list for the daily affirmation its home card already shows:
///
/// ```swift
/// import NotificationPlanning
/// import UserNotificationsAdapter
///
/// var presentation = ForegroundPresentation.standard
/// presentation[.dailyAffirmation] = [.list]          // in the list, no banner, no sound
/// presentation[.intervalReminder] = [.banner, .sound]
/// presentation[.milestoneStreak] = []                // not shown while the app is open
/// ```
///
/// A request this package did not plan (no ``SystemNotificationCenter/requestKey``) gets
/// ``otherRequests``.
public struct ForegroundPresentation: Sendable, Hashable {
    /// One way of presenting a notification: `UNNotificationPresentationOptions` without Apple's
    /// types, so the choice can live in the app's settings code.
    public struct Style: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// A style from its raw bits.
        /// - Parameter rawValue: the bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A banner at the top of the screen (`UNNotificationPresentationOptions.banner`).
        public static let banner = Style(rawValue: 1 << 0)
        /// Kept in Notification Center's list (`.list`).
        public static let list = Style(rawValue: 1 << 1)
        /// The request's sound (`.sound`).
        public static let sound = Style(rawValue: 1 << 2)
        /// The request's badge on the app's icon (`.badge`).
        public static let badge = Style(rawValue: 1 << 3)
        /// As in the background: banner, list, sound and badge.
        public static let full: Style = [.banner, .list, .sound, .badge]
    }

    private var styles: [NotificationKind: Style]
    /// The style of every kind without its own.
    public var defaultStyle: Style
    /// The style of a notification this package did not plan (the app's own requests).
    public var otherRequests: Style

    /// A policy that shows every kind with `defaultStyle`.
    /// - Parameters:
    ///   - defaultStyle: the style of every kind until one is set with the subscript.
    ///   - otherRequests: the style of the app's own requests.
    public init(defaultStyle: Style = .full, otherRequests: Style = .full) {
        styles = [:]
        self.defaultStyle = defaultStyle
        self.otherRequests = otherRequests
    }

    /// Every kind as in the background: banner, list, sound and badge.
    public static let standard = ForegroundPresentation()

    /// The style of `kind`.
    /// - Parameter kind: a notification kind.
    public subscript(kind: NotificationKind) -> Style {
        get { styles[kind] ?? defaultStyle }
        set { styles[kind] = newValue }
    }

    /// The style of a delivered request: its kind's, or ``otherRequests``.
    /// - Parameter request: the planned request (nil: not this package's).
    /// - Returns: the style to present it with.
    public func style(for request: NotificationRequest?) -> Style {
        request.map { self[$0.kind] } ?? otherRequests
    }

    /// The answer to `userNotificationCenter(_:willPresent:withCompletionHandler:)` for
    /// `notification`.
    /// - Parameter notification: the notification arriving in the foreground.
    /// - Returns: its presentation options (empty: not shown).
    public func options(for notification: UNNotification) -> UNNotificationPresentationOptions {
        Self.options(style(for: NotificationToolkitAdapterSupport.plannedRequest(of: notification.request)))
    }

    /// The platform options of a style.
    static func options(_ style: Style) -> UNNotificationPresentationOptions {
        var options: UNNotificationPresentationOptions = []
        if style.contains(.banner) { options.insert(.banner) }
        if style.contains(.list) { options.insert(.list) }
        if style.contains(.sound) { options.insert(.sound) }
        if style.contains(.badge) { options.insert(.badge) }
        return options
    }
}

/// What a user's response to a notification means: the action, and the planner events to record.
///
/// It covers every action of every category of `CategoryRegistry`: a tap and the foreground actions
/// open the app (`appForeground`), "Mark done" completes the request's habit, "Set next reminder"
/// sets the interval timer, and a dismissal records nothing. The interval's seconds are those the
/// user chose on the notification content extension's slider (`intervalSeconds`); without them, the
/// seconds of the reminder that was answered (the user kept the interval).
public struct NotificationResponse: Sendable, Hashable {
    /// The user's action.
    public enum Action: Sendable, Hashable {
        /// A tap on the notification itself: the app opens.
        case open
        /// "Mark done" on a habit reminder (`MARK_DONE_ACTION`).
        case markDone(habitID: String)
        /// "Set next reminder" on an interval reminder (`SET_NEXT_REMINDER_ACTION`), with the seconds.
        case setNextReminder(seconds: Int?)
        /// "Quick add" on an achievement reminder (`QUICK_ADD_ACTION`, opens the app).
        case quickAdd
        /// "View achievement" on a retrieval (`VIEW_ACHIEVEMENT_ACTION`, opens the app).
        case viewAchievement(id: String?)
        /// "View steps" on a step notification (`VIEW_STEPS_ACTION`, opens the app).
        case viewSteps
        /// "View workout" on a workout notification (`VIEW_WORKOUT_ACTION`, opens the app).
        case viewWorkout(id: String?)
        /// The notification was dismissed (`UNNotificationDismissActionIdentifier`, sent only for a
        /// category with `customDismissAction`).
        case dismiss
        /// An action this package did not register (the app's own), by identifier.
        case other(String)
    }

    /// The request the user answered, as planned (nil: not a request of this package).
    public var request: NotificationRequest?
    /// The action.
    public var action: Action
    /// The planner events to record (empty for a dismissal or an unknown action).
    public var events: [PlannerEvent]

    /// The meaning of `response`.
    /// - Parameters:
    ///   - response: what the delegate (or the content extension's `didReceive(_:completionHandler:)`)
    ///     received.
    ///   - intervalSeconds: the interval the user chose on the content extension's slider, for
    ///     "Set next reminder"; nil keeps the answered reminder's interval.
    ///   - at: when the user answered (the events' timestamp).
    public init(_ response: UNNotificationResponse, intervalSeconds: Int? = nil, at: Date) {
        let platform = response.notification.request
        let info = platform.content.userInfo
        self.init(
            actionIdentifier: response.actionIdentifier, request: NotificationToolkitAdapterSupport.plannedRequest(of: platform),
            habitID: info["habitId"] as? String, intervalSeconds: intervalSeconds, at: at)
    }

    /// The meaning of an action on a planned request, without the platform's response (what
    /// ``init(_:intervalSeconds:at:)`` reads from it).
    /// - Parameters:
    ///   - actionIdentifier: the response's `actionIdentifier`.
    ///   - request: the planned request (nil: not this package's).
    ///   - habitID: the habit of a habit reminder (its `userInfo["habitId"]`).
    ///   - intervalSeconds: the slider's seconds for "Set next reminder".
    ///   - at: when the user answered.
    public init(actionIdentifier: String, request: NotificationRequest?, habitID: String? = nil, intervalSeconds: Int? = nil, at: Date) {
        self.request = request
        let habit = habitID ?? request?.userInfo["habitId"]
        var plannedSeconds: Int? = nil
        if case let .interval(seconds)? = request?.trigger { plannedSeconds = seconds }
        switch actionIdentifier {
        case UNNotificationDefaultActionIdentifier: action = .open
        case UNNotificationDismissActionIdentifier: action = .dismiss
        case "MARK_DONE_ACTION": action = habit.map { .markDone(habitID: $0) } ?? .other(actionIdentifier)
        case "SET_NEXT_REMINDER_ACTION": action = .setNextReminder(seconds: intervalSeconds ?? plannedSeconds)
        case "QUICK_ADD_ACTION": action = .quickAdd
        case "VIEW_ACHIEVEMENT_ACTION": action = .viewAchievement(id: request?.userInfo["achievementId"])
        case "VIEW_STEPS_ACTION": action = .viewSteps
        case "VIEW_WORKOUT_ACTION": action = .viewWorkout(id: request?.userInfo["workoutId"])
        default: action = .other(actionIdentifier)
        }
        switch action {
        case .open, .quickAdd, .viewAchievement, .viewSteps, .viewWorkout:
            events = [PlannerEvent(.appForeground, at: at)]
        case let .markDone(habitID):
            events = [PlannerEvent(.habitCompleted(habitID: habitID), at: at)]
        case let .setNextReminder(seconds):
            events = [PlannerEvent(.intervalSet(seconds: seconds), at: at)]
        case .dismiss, .other:
            events = []
        }
    }
}

/// A ready-made `UNUserNotificationCenterDelegate`: presents foreground notifications per kind
/// (``ForegroundPresentation``) and hands each response, as a ``NotificationResponse``, to the app.
///
/// Set it as the centre's delegate before `application(_:didFinishLaunchingWithOptions:)` returns
/// (a tap that launched the app goes to it) and keep it alive (the centre's delegate is weak):
///
/// ```swift
/// import Foundation
/// import NotificationPlanning
/// import UserNotifications
/// import UserNotificationsAdapter
///
/// @MainActor final class AppNotifications {
///     let delegate = UserNotificationsDelegate { response in
///         // Record response.events and plan again (NotificationDriver.run(preferences:events:)).
///         print(response.action)
///     }
///     func launch() { UNUserNotificationCenter.current().delegate = delegate }
/// }
/// ```
///
/// Sendable: ``presentation`` is behind a lock; the handler is `@Sendable`.
public final class UserNotificationsDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var presentationValue: ForegroundPresentation
    private let clock: @Sendable () -> Date
    private let onResponse: @Sendable (NotificationResponse) async -> Void

    /// A delegate that presents with `presentation` and calls `onResponse` for each response.
    /// - Parameters:
    ///   - presentation: how each kind is shown in the foreground.
    ///   - clock: when a response happened (the events' timestamp); the system clock by default.
    ///   - onResponse: records the response's events and plans again; the system's completion
    ///     handler is called when it returns (iOS keeps the app running until then).
    public init(
        presentation: ForegroundPresentation = .standard, clock: @escaping @Sendable () -> Date = { Date() },
        onResponse: @escaping @Sendable (NotificationResponse) async -> Void
    ) {
        presentationValue = presentation
        self.clock = clock
        self.onResponse = onResponse
    }

    /// How each kind is shown in the foreground; change it when a setting or a screen changes.
    public var presentation: ForegroundPresentation {
        get { lock.lock(); defer { lock.unlock() }; return presentationValue }
        set { lock.lock(); defer { lock.unlock() }; presentationValue = newValue }
    }

    /// Answers with ``presentation``'s options for the notification's kind.
    /// - Parameters:
    ///   - center: the notification centre.
    ///   - notification: the notification arriving while the app is in the foreground.
    ///   - completionHandler: receives the options.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler(presentation.options(for: notification))
    }

    /// Reads the response (on the system's queue), then awaits the handler and calls
    /// `completionHandler`.
    /// - Parameters:
    ///   - center: the notification centre.
    ///   - response: the user's response.
    ///   - completionHandler: called once the handler returns.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let meaning = NotificationResponse(response, at: clock())
        let done = CompletionBox(completionHandler)
        let handler = onResponse
        Task {
            await handler(meaning)
            done.call()
        }
    }
}

/// The system's completion handler, carried into the task that calls it once (Apple calls the
/// delegate on a queue of its own and accepts the call from any thread).
private final class CompletionBox: @unchecked Sendable {
    private let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    func call() { body() }
}

/// The `userInfo` key of a planned request's JSON (``SystemNotificationCenter/requestKey``).
let plannedRequestKey = "notificationToolkit.request"

@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
extension SystemNotificationCenter {
    /// The request this package planned, from a platform request's ``requestKey`` (nil for a
    /// request of the app's own).
    /// - Parameter request: a pending or delivered platform request.
    /// - Returns: the planned request.
    public static func plannedRequest(of request: UNNotificationRequest) -> NotificationRequest? {
        NotificationToolkitAdapterSupport.plannedRequest(of: request)
    }
}

/// The module's helpers.
enum NotificationToolkitAdapterSupport {
    /// The request this package planned, from a platform request's `userInfo` (nil for the app's own).
    static func plannedRequest(of request: UNNotificationRequest) -> NotificationRequest? {
        (request.content.userInfo[plannedRequestKey] as? String).flatMap { try? JSONDecoder().decode(NotificationRequest.self, from: Data($0.utf8)) }
    }
}
#endif
