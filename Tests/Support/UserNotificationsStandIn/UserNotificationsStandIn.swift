// A test-only stand-in for the part of Apple's UserNotifications framework that
// `SystemNotificationCenter` uses, so the adapter compiles and is tested on Linux.
//
// - Names, initializers, methods and properties are Apple's, as the iOS SDK documents them
//   (developer.apple.com/documentation/usernotifications). Everything that is NOT Apple's API is
//   named `standIn…` and marked "Not Apple's API".
// - It is a module of its own name (never `UserNotifications`), a dependency of the adapter on
//   Linux only, and its whole source is `#if os(Linux)`: on Apple platforms it is an empty module
//   and the real framework is always the one imported.
// - Like Apple's older SDKs, it declares no `Sendable` conformances on the content, request,
//   trigger and settings classes: the adapter must compile without relying on them. The centre
//   guards its state with a lock (Apple's centre is usable from any thread), but is not declared
//   `Sendable` either.
// - Pending requests stay in memory until removed or delivered by `standInDeliver(through:)`,
//   which runs the device's clock the way iOS fires triggers (see `UNUserNotificationCenter`).
#if os(Linux)
import Foundation

// MARK: - Options and statuses

/// Apple's `UNAuthorizationOptions` (same raw values; imported C options and enums are `Sendable`).
public struct UNAuthorizationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// Apple's `UNAuthorizationStatus`, as on iOS (where `ephemeral` exists; Apple marks it
/// unavailable on macOS, watchOS and tvOS).
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
    case ephemeral = 4
}

/// Apple's `UNNotificationActionOptions` (same raw values).
public struct UNNotificationActionOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// Apple's `UNNotificationPresentationOptions` (same raw values): how a notification that arrives
/// while the app is in the foreground is presented.
public struct UNNotificationPresentationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// Apple's `UNNotificationCategoryOptions` (same raw values).
public struct UNNotificationCategoryOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
}

// MARK: - Content

/// Apple's `UNNotificationSound`.
open class UNNotificationSound: NSObject {
    private let standInName: String

    init(standInName: String) { self.standInName = standInName }

    /// Apple's `class var default: UNNotificationSound`.
    open class var `default`: UNNotificationSound { UNNotificationSound(standInName: "default") }

    /// Apple's `init(named name: UNNotificationSoundName)`.
    public convenience init(named name: UNNotificationSoundName) { self.init(standInName: "named:" + name.rawValue) }

    /// Not Apple's API: the sound's name (`default`, or `named:` and the file).
    public var standInSoundName: String { standInName }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationSound)?.standInName == standInName
    }

    open override var hash: Int { standInName.hashValue }
}

/// Apple's `UNNotificationSoundName`.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Apple's `UNNotificationInterruptionLevel` (iOS 15; same raw values).
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3
}

/// Apple's `UNNotificationContent`: immutable; a request keeps a copy of the content it is given.
open class UNNotificationContent: NSObject {
    open internal(set) var title: String = ""
    open internal(set) var subtitle: String = ""
    open internal(set) var body: String = ""
    open internal(set) var badge: NSNumber?
    open internal(set) var sound: UNNotificationSound?
    open internal(set) var categoryIdentifier: String = ""
    open internal(set) var threadIdentifier: String = ""
    open internal(set) var userInfo: [AnyHashable: Any] = [:]
    open internal(set) var interruptionLevel: UNNotificationInterruptionLevel = .active
    open internal(set) var relevanceScore: Double = 0

    public override init() {}

    /// A snapshot of `content` (Apple: `-copy`).
    init(standInCopying content: UNNotificationContent) {
        title = content.title
        subtitle = content.subtitle
        body = content.body
        badge = content.badge
        sound = content.sound
        categoryIdentifier = content.categoryIdentifier
        threadIdentifier = content.threadIdentifier
        userInfo = content.userInfo
        interruptionLevel = content.interruptionLevel
        relevanceScore = content.relevanceScore
    }
}

/// Apple's `UNMutableNotificationContent`.
open class UNMutableNotificationContent: UNNotificationContent {
    open override var title: String {
        get { super.title }
        set { super.title = newValue }
    }
    open override var subtitle: String {
        get { super.subtitle }
        set { super.subtitle = newValue }
    }
    open override var body: String {
        get { super.body }
        set { super.body = newValue }
    }
    open override var badge: NSNumber? {
        get { super.badge }
        set { super.badge = newValue }
    }
    open override var sound: UNNotificationSound? {
        get { super.sound }
        set { super.sound = newValue }
    }
    open override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { super.categoryIdentifier = newValue }
    }
    open override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { super.threadIdentifier = newValue }
    }
    open override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { super.interruptionLevel }
        set { super.interruptionLevel = newValue }
    }
    open override var relevanceScore: Double {
        get { super.relevanceScore }
        set { super.relevanceScore = newValue }
    }

    public override init() { super.init() }
}

// MARK: - Triggers

/// Apple's `UNNotificationTrigger` (abstract; no public initializer).
open class UNNotificationTrigger: NSObject {
    open private(set) var repeats: Bool

    init(standInRepeats repeats: Bool) { self.repeats = repeats }
}

/// Apple's `UNCalendarNotificationTrigger`.
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    open private(set) var dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(standInRepeats: repeats)
    }

}

/// Apple's `UNTimeIntervalNotificationTrigger`.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    open private(set) var timeInterval: TimeInterval

    /// Apple raises an Objective-C exception (`NSInternalInconsistencyException`) for an interval
    /// that is not positive, or below 60 s when repeating; the stand-in stops the same way.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        precondition(timeInterval > 0, "time interval must be greater than 0")
        precondition(!repeats || timeInterval >= 60, "time interval must be at least 60 if repeating")
        self.timeInterval = timeInterval
        super.init(standInRepeats: repeats)
    }
}

// MARK: - Requests, actions, categories, settings

/// Apple's `UNNotificationRequest`.
open class UNNotificationRequest: NSObject {
    open private(set) var identifier: String
    open private(set) var content: UNNotificationContent
    open private(set) var trigger: UNNotificationTrigger?

    /// Apple's `convenience init(identifier:content:trigger:)`; the content is copied.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = UNNotificationContent(standInCopying: content)
        self.trigger = trigger
    }
}

/// Apple's `UNNotificationAction`.
open class UNNotificationAction: NSObject {
    open private(set) var identifier: String
    open private(set) var title: String
    open private(set) var options: UNNotificationActionOptions

    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
    }
}

/// Apple's `UNNotificationCategory`.
open class UNNotificationCategory: NSObject {
    open private(set) var identifier: String
    open private(set) var actions: [UNNotificationAction]
    open private(set) var intentIdentifiers: [String]
    open private(set) var options: UNNotificationCategoryOptions

    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
    }
}

/// Apple's `UNNotificationSettings` (no public initializer; the centre makes them).
open class UNNotificationSettings: NSObject {
    open private(set) var authorizationStatus: UNAuthorizationStatus

    init(standInAuthorizationStatus status: UNAuthorizationStatus) { authorizationStatus = status }
}

// MARK: - Responses (what the delegate receives)

/// Apple's `UNNotification`: a delivered notification and the request it came from.
open class UNNotification: NSObject {
    /// The request that was delivered.
    public let request: UNNotificationRequest
    /// When it was delivered.
    public let date: Date

    /// Not Apple's API (the system makes these): a delivered `request`.
    public init(standInRequest request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}

/// Apple's `UNNotificationResponse`: the user's action on a delivered notification.
open class UNNotificationResponse: NSObject {
    /// The notification acted on.
    public let notification: UNNotification
    /// The action's identifier, or `UNNotificationDefaultActionIdentifier` for a tap.
    public let actionIdentifier: String

    /// Not Apple's API (the system makes these): the user chose `actionIdentifier`.
    public init(standInNotification notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}

/// Apple's `UNNotificationDefaultActionIdentifier`: the user tapped the notification itself.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

/// Apple's `UNNotificationDismissActionIdentifier`: the user dismissed the notification (sent only
/// for a category with `customDismissAction`).
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// Apple's `UNUserNotificationCenterDelegate`, with its two methods in their completion-handler
/// form. Apple's are `@optional`; here the extension below supplies what iOS does when a conformer
/// leaves one out: a foreground notification is not presented, a response is dropped.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// A notification arrives while the app is in the foreground: the options say how to present
    /// it (none: not presented). iOS calls it only in the foreground.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    /// The user acted on a notification (an action button, or a tap); call `completionHandler`
    /// when done.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    /// What iOS does without the method: the notification is not presented.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([])
    }

    /// What iOS does without the method: nothing.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }
}

/// Not Apple's API: how the simulated device presented one delivered notification.
public struct StandInPresentation: Sendable, Hashable {
    /// The request's identifier.
    public var identifier: String
    /// Whether the app was in the foreground when it arrived.
    public var inForeground: Bool
    /// In the background: the system's full presentation (banner, list, sound, badge); in the
    /// foreground: what the delegate's `willPresent` answered (empty without a delegate, or when it
    /// answered nothing: the user sees nothing).
    public var options: UNNotificationPresentationOptions

    /// A presentation (tests compare with what the centre recorded).
    public init(identifier: String, inForeground: Bool, options: UNNotificationPresentationOptions) {
        self.identifier = identifier
        self.inForeground = inForeground
        self.options = options
    }
}

// MARK: - The centre

/// Apple's `UNUserNotificationCenter`: the methods the adapter uses, plus
/// `notificationCategories()` to read the categories back.
///
/// Not Apple's API: a simulated device runs it (``standInNow``, ``standInTimeZone``,
/// ``standInDeliver(through:)``), and fires triggers as iOS does:
/// - a calendar trigger at the next date matching its components, read in its effective zone:
///   the components' `timeZone`; else its calendar's zone when that calendar pins one (a
///   `Calendar` value carries the zone it was made with; one whose zone is
///   `TimeZone.autoupdatingCurrent` follows the device); else the device's zone at each moment.
///   A non-repeating trigger whose fully specified date is already past, when it is added or
///   when a zone change moves its wall time behind the clock, never fires (it stays pending).
///   The date is read in the zone of each moment, so a later westward change that brings it
///   ahead of the clock again lets it fire: Apple documents neither way, and the planner judges
///   a request in the zone the device is in when it plans, as this model does;
/// - a time-interval trigger that many seconds after it was added;
/// - a request without a trigger when it is added.
///
/// Like iOS, it keeps only the 64 soonest pending requests: adding a 65th drops the one that fires
/// last (the new one itself when it is the last), silently. A delivery while the app is in the
/// foreground (``standInAppInForeground``) is presented only as the delegate's `willPresent`
/// answers; in the background, fully (``standInPresentations``). A delivered request's badge becomes
/// the app's badge (``standInBadgeCount``).
open class UNUserNotificationCenter: NSObject {
    /// Not Apple's API: the most pending requests iOS keeps.
    public static let standInPendingLimit = 64

    private let lock = NSLock()
    private var pending: [(request: UNNotificationRequest, added: Date)] = []
    private var delivered: [UNNotification] = []
    private var clock: Date
    /// The device's clock has run up to here: what was due up to it was delivered.
    private var ranThrough: Date
    private var zone: TimeZone
    private var categories: Set<UNNotificationCategory> = []
    private var status: UNAuthorizationStatus
    private var grants: Bool
    private var requestedOptions: [UNAuthorizationOptions] = []
    private var foreground = false
    private var presentations: [StandInPresentation] = []
    private var badgeCount = 0
    private var prompts = 0

    /// Not Apple's API: Apple's centre is the singleton `current()`; tests make a fresh one.
    /// - Parameters:
    ///   - standInAuthorizationStatus: what `notificationSettings()` reports.
    ///   - standInGrantsAuthorization: the user's answer to `requestAuthorization(options:)`.
    ///   - standInNow: the simulated clock (see ``standInNow``).
    ///   - standInTimeZone: the device's zone (see ``standInTimeZone``).
    public init(
        standInAuthorizationStatus: UNAuthorizationStatus = .notDetermined, standInGrantsAuthorization: Bool = true,
        standInNow: Date = Date(), standInTimeZone: TimeZone = .current
    ) {
        status = standInAuthorizationStatus
        grants = standInGrantsAuthorization
        clock = standInNow
        ranThrough = standInNow
        zone = standInTimeZone
    }

    // The lock guards its state; Apple's centre is likewise shared across threads.
    nonisolated(unsafe) private static let shared = UNUserNotificationCenter()

    /// Apple's `weak var delegate: (any UNUserNotificationCenterDelegate)?`.
    open weak var delegate: (any UNUserNotificationCenterDelegate)?

    /// Apple's `class func current() -> UNUserNotificationCenter`.
    open class func current() -> UNUserNotificationCenter { shared }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Apple's `func add(_ request: UNNotificationRequest) async throws`: a request with a pending
    /// identifier replaces it. Like Apple, the user info must be property-list values.
    open func add(_ request: UNNotificationRequest) async throws {
        guard Self.isPropertyList(request.content.userInfo) else {
            throw NSError(domain: "UNErrorDomain", code: 1, userInfo: [NSLocalizedDescriptionKey: "userInfo is not a property list"])
        }
        locked {
            pending.removeAll { $0.request.identifier == request.identifier }
            pending.append((request, clock))
            if pending.count > Self.standInPendingLimit {
                // The soonest 64 stay, in the order they were added; the latest to fire goes (one
                // that never fires counts as the latest).
                let order = pending.enumerated().map {
                    ($0.offset, fireDate(of: $0.element.request.trigger, added: $0.element.added, after: ranThrough) ?? .distantFuture)
                }
                let keep = Set(order.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(Self.standInPendingLimit).map(\.0))
                pending = pending.enumerated().filter { keep.contains($0.offset) }.map(\.element)
            }
        }
    }

    /// Apple's `func setBadgeCount(_ newBadgeCount: Int) async throws` (iOS 16, macOS 13; not watchOS).
    open func setBadgeCount(_ newBadgeCount: Int) async throws { locked { badgeCount = newBadgeCount } }

    /// Apple's `func pendingNotificationRequests() async -> [UNNotificationRequest]`.
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { locked { pending.map(\.request) } }

    /// Apple's `func removePendingNotificationRequests(withIdentifiers identifiers: [String])`.
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        let ids = Set(identifiers)
        locked { pending.removeAll { ids.contains($0.request.identifier) } }
    }

    /// Apple's `func deliveredNotifications() async -> [UNNotification]`: what the system has
    /// delivered (never dismissed here), in delivery order.
    open func deliveredNotifications() async -> [UNNotification] { locked { delivered } }

    /// Apple's `func removeAllPendingNotificationRequests()`.
    open func removeAllPendingNotificationRequests() { locked { pending.removeAll() } }

    /// Apple's `func setNotificationCategories(_ categories: Set<UNNotificationCategory>)`: replaces
    /// every registered category.
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { locked { self.categories = categories } }

    /// Apple's `func notificationCategories() async -> Set<UNNotificationCategory>`.
    open func notificationCategories() async -> Set<UNNotificationCategory> { locked { categories } }

    /// Apple's `func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool`.
    /// The first answer sticks, as on a device (the prompt is shown once). With `.provisional` no
    /// prompt is shown: quiet delivery is granted at once (and the user may later choose).
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        locked {
            requestedOptions.append(options)
            if status == .notDetermined {
                if options.contains(.provisional) {
                    status = .provisional
                } else {
                    prompts += 1
                    status = grants ? .authorized : .denied
                }
            }
            return status == .authorized || status == .provisional
        }
    }

    /// Not Apple's API: how many times the system showed the permission prompt (at most once).
    public var standInPromptsShown: Int { locked { prompts } }

    /// Apple's `func notificationSettings() async -> UNNotificationSettings`.
    open func notificationSettings() async -> UNNotificationSettings {
        locked { UNNotificationSettings(standInAuthorizationStatus: status) }
    }

    /// Not Apple's API: the simulated clock: when a request is added (a time-interval trigger
    /// counts from it; a calendar date before it never fires). ``standInDeliver(through:)``
    /// moves it forward.
    public var standInNow: Date {
        get { locked { clock } }
        set { locked { clock = newValue } }
    }

    /// Not Apple's API: the device's time zone from the instant the device has run to (the last
    /// ``standInDeliver(through:)``, or the centre's creation): the zone a floating calendar
    /// trigger is read in. To fly, deliver through the instant of the change, then set it.
    public var standInTimeZone: TimeZone {
        get { locked { zone } }
        set { locked { zone = newValue } }
    }

    /// Not Apple's API: the device's clock runs from where it last stopped to `instant`, in
    /// ``standInTimeZone``, and the system delivers each pending request whose trigger fires on
    /// the way (see the type's overview), removing it from the pending ones unless it repeats.
    /// ``standInNow`` becomes `instant` if it was earlier. (A repeating trigger fires at most
    /// once a call.)
    /// - Returns: the delivered requests, in firing order.
    public func standInDeliver(through instant: Date) -> [UNNotificationRequest] {
        let (fired, inForeground) = locked { () -> ([UNNotification], Bool) in
            let from = ranThrough
            var firing: [(request: UNNotificationRequest, at: Date)] = []
            for entry in pending {
                if let at = fireDate(of: entry.request.trigger, added: entry.added, after: from), at <= instant {
                    firing.append((entry.request, at))
                }
            }
            firing.sort { ($0.at, $0.request.identifier) < ($1.at, $1.request.identifier) }
            let done = Set(firing.filter { !($0.request.trigger?.repeats ?? false) }.map(\.request.identifier))
            pending.removeAll { done.contains($0.request.identifier) }
            let notifications = firing.map { UNNotification(standInRequest: $0.request, date: $0.at) }
            if instant > ranThrough { ranThrough = instant }
            if instant > clock { clock = instant }
            return (notifications, foreground)
        }
        for notification in fired { present(notification, inForeground: inForeground) }
        return fired.map(\.request)
    }

    /// How iOS presents a delivery: in the foreground, only as the delegate's `willPresent` says
    /// (called outside the lock, as Apple calls it on a queue of its own); in the background, fully.
    private func present(_ notification: UNNotification, inForeground: Bool) {
        let identifier = notification.request.identifier
        let badge = notification.request.content.badge?.intValue
        guard inForeground else {
            locked {
                presentations.append(StandInPresentation(identifier: identifier, inForeground: false, options: [.banner, .list, .sound, .badge]))
                delivered.append(notification)
                if let badge { badgeCount = badge }
            }
            return
        }
        guard let delegate else {
            locked { presentations.append(StandInPresentation(identifier: identifier, inForeground: true, options: [])) }
            return
        }
        delegate.userNotificationCenter(self, willPresent: notification) { [self] options in
            locked {
                presentations.append(StandInPresentation(identifier: identifier, inForeground: true, options: options))
                // In the list only when the answer says so (Apple: `.list`).
                if options.contains(.list) { delivered.append(notification) }
                if options.contains(.badge), let badge { badgeCount = badge }
            }
        }
    }

    /// Not Apple's API: whether the app is in the foreground (the user is in it): a delivery then
    /// goes to the delegate's `willPresent`.
    public var standInAppInForeground: Bool {
        get { locked { foreground } }
        set { locked { foreground = newValue } }
    }

    /// Not Apple's API: every delivery and how it was presented, in delivery order.
    public var standInPresentations: [StandInPresentation] { locked { presentations } }

    /// Not Apple's API: the number on the app's icon (a delivered request's badge, or
    /// `setBadgeCount(_:)`).
    public var standInBadgeCount: Int { locked { badgeCount } }

    /// Not Apple's API: the identifiers of the pending requests that will never fire from where
    /// the device's clock is, in its current zone (a calendar date behind the clock).
    public func standInUnfireable() -> [String] {
        locked {
            pending.filter { fireDate(of: $0.request.trigger, added: $0.added, after: ranThrough) == nil }.map(\.request.identifier).sorted()
        }
    }

    /// When `trigger` fires after `from` (the device's clock has run through `from` already), read
    /// in the device's current zone; nil when it never does.
    private func fireDate(of trigger: UNNotificationTrigger?, added: Date, after from: Date) -> Date? {
        switch trigger {
        case nil:
            return added
        case let interval as UNTimeIntervalNotificationTrigger:
            return added.addingTimeInterval(interval.timeInterval)
        case let calendarTrigger as UNCalendarNotificationTrigger:
            var components = calendarTrigger.dateComponents
            var calendar = components.calendar ?? Calendar(identifier: .gregorian)
            // The effective zone: the components' (the device's when it is autoupdatingCurrent),
            // else the calendar's unless it follows the device, else the device's.
            if let pinned = components.timeZone, pinned != TimeZone.autoupdatingCurrent {
                calendar.timeZone = pinned
            } else if components.timeZone != nil {
                // `TimeZone.autoupdatingCurrent` in the components: the device's zone of each moment.
                calendar.timeZone = zone
            } else if components.calendar == nil || calendar.timeZone == TimeZone.autoupdatingCurrent {
                calendar.timeZone = zone
            }
            components.calendar = nil
            components.timeZone = nil
            // The first match not before the later of when it was added and where the clock is.
            let start = max(added, from)
            if let year = components.year, let month = components.month, let day = components.day,
                let hour = components.hour, let minute = components.minute
            {
                guard
                    let date = calendar.date(
                        from: DateComponents(
                            year: year, month: month, day: day, hour: hour, minute: minute,
                            second: components.second ?? 0))
                else { return nil }
                // A fully specified date: it fires when the clock reaches it; once behind the
                // clock (past when added, or jumped over by a zone change) it never fires.
                return date > from && date >= added ? date : nil
            }
            return calendar.nextDate(after: start, matching: components, matchingPolicy: .nextTime)
        default:
            return nil
        }
    }

    /// Not Apple's API: the options of every `requestAuthorization(options:)` call, in order.
    public var standInRequestedAuthorizationOptions: [UNAuthorizationOptions] { locked { requestedOptions } }

    /// Not Apple's API: the user changes the permission in the Settings app.
    public func standInSetAuthorizationStatus(_ status: UNAuthorizationStatus) { locked { self.status = status } }

    private static func isPropertyList(_ value: Any) -> Bool {
        switch value {
        case is String, is Int, is Double, is Bool, is Date, is Data, is NSNumber: return true
        case let array as [Any]: return array.allSatisfy(isPropertyList)
        case let dictionary as [AnyHashable: Any]: return dictionary.allSatisfy { $0.key.base is String && isPropertyList($0.value) }
        default: return false
        }
    }
}
#endif
