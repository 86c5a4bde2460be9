import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

/// When a request fires, as the platform's trigger.
public enum NotificationTrigger: Sendable, Hashable {
    /// A wall-clock date. `timeZone` nil: the time floats with the device's zone (an iOS calendar
    /// trigger without a time zone); set: a fixed instant.
    case calendar(date: LocalDate, time: TimeOfDay, second: Int, timeZone: String?)
    /// A delay in seconds after the request is added.
    case interval(seconds: Int)
    /// Delivered as soon as it is added.
    case immediate
}

/// One pending local notification, in the Request shape of `msgtool schedule`'s JSON:
/// `{identifier, kind, fireDate, timeZone, trigger, title, body, categoryIdentifier,
/// threadIdentifier, userInfo, badge?, floating}`, plus, only when the app's options set them,
/// `subtitle`, `sound`, `interruptionLevel`, `relevanceScore` and `appUserInfo`, and
/// `plannerIdentifier` when the app's identifier scheme renamed the request; `fireDate` is
/// written ISO 8601 with the local UTC offset of `timeZone`.
public struct NotificationRequest: Sendable, Hashable {
    /// Stable and meaningful: `daily-affirmation-2026-11-23`, `workout-completion-<uuid>`.
    public var identifier: String
    /// What the request is for.
    public var kind: NotificationKind
    /// When it fires (for a floating request: when it fires if the zone stays `timeZone`).
    public var fireDate: Date
    /// The IANA zone the request was planned in.
    public var timeZone: String
    /// The platform trigger.
    public var trigger: NotificationTrigger
    /// The rendered title.
    public var title: String
    /// The rendered body.
    public var body: String
    /// The category (actions) from ``CategoryRegistry``.
    public var categoryIdentifier: String
    /// Groups notifications of one kind (or one habit) together.
    public var threadIdentifier: String
    /// Data for the app: always `kind` and `variant`, plus ids such as `workoutId`, `habitId`.
    public var userInfo: [String: String]
    /// The app icon badge to show, when the kind sets one (habit reminders).
    public var badge: Int?
    /// Whether the wall time floats with the device's time zone.
    public var floating: Bool
    /// The subtitle, when the app's content gives one.
    public var subtitle: String?
    /// The sound; nil plays the system's default sound.
    public var sound: NotificationSound?
    /// The interruption level (iOS 15+); nil is the system's `active`.
    public var interruptionLevel: InterruptionLevel?
    /// The relevance score (0…1, iOS 15+); nil leaves the system's 0.
    public var relevanceScore: Double?
    /// The app's own `userInfo` with property-list values (``KindOptions/userInfo`` and what an
    /// app's content source adds), handed to the platform next to ``userInfo``.
    public var appUserInfo: [String: UserInfoValue] = [:]
    /// The planner's own identifier of the request when the app's identifier scheme
    /// (``KindOptions/identifierTemplate``, ``PlannerConfiguration/identifierScheme``) gave it
    /// another ``identifier``; nil when they are the same. The planner recognizes its requests by
    /// it on the next run.
    public var plannerIdentifier: String?

    /// A request; see the properties.
    public init(
        identifier: String, kind: NotificationKind, fireDate: Date, timeZone: String, trigger: NotificationTrigger,
        title: String, body: String, categoryIdentifier: String, threadIdentifier: String,
        userInfo: [String: String], badge: Int? = nil, floating: Bool
    ) {
        self.identifier = identifier
        self.kind = kind
        self.fireDate = fireDate
        self.timeZone = timeZone
        self.trigger = trigger
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.userInfo = userInfo
        self.badge = badge
        self.floating = floating
    }

    /// The variant of the catalog's pools used for the text.
    public var variant: Int? { userInfo["variant"].flatMap(Int.init) }
}
