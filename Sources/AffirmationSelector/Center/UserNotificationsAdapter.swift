#if canImport(UserNotifications) && !os(tvOS)
import Foundation
@preconcurrency import UserNotifications

/// The platform centre (`UNUserNotificationCenter`) behind the ``PendingNotificationCenter`` protocol,
/// on iOS and macOS.
///
/// Each request's full JSON travels in its `userInfo` under ``requestKey``, so ``pending()``
/// gives back exactly what was planned. Floating requests use a calendar trigger without a
/// time zone; fixed ones carry their zone; interval requests use a time-interval trigger;
/// immediate ones have no trigger.
///
/// Sendable notes: `UNUserNotificationCenter` is documented as safe to use from any thread;
/// this type stores only the centre.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
public final class UserNotificationsAdapter: PendingNotificationCenter, @unchecked Sendable {
    /// The `userInfo` key holding the planned request's JSON.
    public static let requestKey = "notificationToolkit.request"

    private let center: UNUserNotificationCenter

    /// An adapter over `center`.
    /// - Parameter center: usually `UNUserNotificationCenter.current()`.
    public init(center: UNUserNotificationCenter) { self.center = center }

    /// Registers the categories and actions of ``CategoryRegistry``.
    /// - Parameter categories: from ``CategoryRegistry/categories(locale:content:)``.
    public func register(_ categories: [NotificationCategorySpec]) {
        let platform = categories.map { spec in
            UNNotificationCategory(
                identifier: spec.identifier,
                actions: spec.actions.map { action in
                    UNNotificationAction(identifier: action.identifier, title: action.title,
                                         options: action.options.contains("foreground") ? [.foreground] : [])
                },
                intentIdentifiers: [], options: [])
        }
        center.setNotificationCategories(Set(platform))
    }

    /// Asks the user for permission with the plan's options.
    /// - Parameter request: the plan's ``AuthorizationRequest``.
    /// - Returns: whether permission was granted.
    public func requestAuthorization(_ request: AuthorizationRequest) async throws -> Bool {
        var options: UNAuthorizationOptions = []
        if request.options.contains("alert") { options.insert(.alert) }
        if request.options.contains("sound") { options.insert(.sound) }
        if request.options.contains("badge") { options.insert(.badge) }
        return try await center.requestAuthorization(options: options)
    }

    public func add(_ requests: [NotificationRequest]) async throws {
        let encoder = JSONEncoder()
        for request in requests {
            let content = UNMutableNotificationContent()
            content.title = request.title
            content.body = request.body
            content.categoryIdentifier = request.categoryIdentifier
            content.threadIdentifier = request.threadIdentifier
            var info: [String: Any] = request.userInfo
            info[Self.requestKey] = String(decoding: try encoder.encode(request), as: UTF8.self)
            content.userInfo = info
            if let badge = request.badge { content.badge = NSNumber(value: badge) }
            content.sound = .default
            try await center.add(UNNotificationRequest(identifier: request.identifier, content: content, trigger: Self.trigger(for: request)))
        }
    }

    static func trigger(for request: NotificationRequest) -> UNNotificationTrigger? {
        switch request.trigger {
        case .immediate:
            return nil
        case let .interval(seconds):
            return UNTimeIntervalNotificationTrigger(timeInterval: TimeInterval(max(1, seconds)), repeats: false)
        case let .calendar(date, time, second, zone):
            var components = DateComponents()
            components.calendar = Calendar(identifier: .gregorian)
            components.year = date.year
            components.month = date.month
            components.day = date.day
            components.hour = time.hour
            components.minute = time.minute
            components.second = second
            if let zone { components.timeZone = TimeZone(identifier: zone) }
            return UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        }
    }

    public func removePending(withIdentifiers identifiers: [String]) async throws {
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func pending() async throws -> [NotificationRequest] {
        let decoder = JSONDecoder()
        let requests = await center.pendingNotificationRequests()
        return nearestFirst(requests.compactMap { request in
            (request.content.userInfo[Self.requestKey] as? String).flatMap { try? decoder.decode(NotificationRequest.self, from: Data($0.utf8)) }
        })
    }

    public func authorization() async -> AuthorizationStatus {
        switch await center.notificationSettings().authorizationStatus {
        case .authorized: return .authorized
        case .denied: return .denied
        case .provisional: return .provisional
        case .notDetermined: return .notDetermined
        #if os(iOS)
        case .ephemeral: return .ephemeral
        #endif
        @unknown default: return .denied
        }
    }
}
#endif
