import Foundation
import ToolkitSupport
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

extension NotificationTrigger: Codable {
    private enum Keys: String, CodingKey { case type, dateComponents, timeZone, seconds, repeats }
    private struct Components: Codable, Hashable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    /// Reads a trigger object: `{"type": "calendar", "dateComponents": {year, month, day, hour,
    /// minute, second}, "timeZone"?}`, `{"type": "interval", "seconds"}` or `{"type": "immediate"}`.
    /// - Throws: `DecodingError` for an unknown `type` or a missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        // Written for the platform (always false): read so that it is a known key.
        guard try c.decodeIfPresent(Bool.self, forKey: .repeats) ?? false == false else {
            throw DecodingError.dataCorruptedError(forKey: .repeats, in: c, debugDescription: "repeating triggers are not planned: write false or leave it out")
        }
        switch try c.decode(String.self, forKey: .type) {
        case "calendar":
            let d = try c.decode(Components.self, forKey: .dateComponents)
            let fields = [
                ("year", d.year, 1...9999), ("month", d.month, 1...12),
                ("day", d.day, 1...LocalDate.daysInMonth(year: max(1, d.year), month: min(max(d.month, 1), 12))),
                ("hour", d.hour, 0...23), ("minute", d.minute, 0...59), ("second", d.second, 0...59)
            ]
            if let bad = fields.first(where: { !$0.2.contains($0.1) }) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: c.codingPath + [Keys.dateComponents, JSONCodingKey(stringValue: bad.0)],
                        debugDescription: "\(bad.1) is out of range \(bad.2.lowerBound)…\(bad.2.upperBound)"))
            }
            self = .calendar(
                date: LocalDate(year: d.year, month: d.month, day: d.day),
                time: TimeOfDay(hour: d.hour, minute: d.minute), second: d.second,
                timeZone: try c.decodeIfPresent(String.self, forKey: .timeZone))
        case "interval":
            self = .interval(seconds: try c.decode(Int.self, forKey: .seconds, in: InputLimits.triggerSeconds))
        case "immediate":
            self = .immediate
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "Unknown trigger type '\(other)' (calendar, interval or immediate).")
        }
    }

    /// Writes the object that ``init(from:)`` reads; calendar and interval triggers also carry
    /// `"repeats": false`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case let .calendar(date, time, second, zone):
            try c.encode("calendar", forKey: .type)
            try c.encode(
                Components(year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, second: second), forKey: .dateComponents)
            try c.encodeIfPresent(zone, forKey: .timeZone)
            try c.encode(false, forKey: .repeats)
        case let .interval(seconds):
            try c.encode("interval", forKey: .type)
            try c.encode(seconds, forKey: .seconds)
            try c.encode(false, forKey: .repeats)
        case .immediate:
            try c.encode("immediate", forKey: .type)
        }
    }
}

/// One pending local notification, in the Request shape of `msgtool schedule`'s JSON:
/// `{identifier, kind, fireDate, timeZone, trigger, title, body, categoryIdentifier,
/// threadIdentifier, userInfo, badge?, floating}`, plus, only when the app's options set them,
/// `subtitle`, `sound`, `interruptionLevel`, `relevanceScore` and `appUserInfo`, and
/// `plannerIdentifier` when the app's identifier scheme renamed the request; `fireDate` is
/// written ISO 8601 with the local UTC offset of `timeZone`.
public struct NotificationRequest: Sendable, Hashable, Codable {
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

    private enum Keys: String, CodingKey {
        case identifier, kind, fireDate, timeZone, trigger, title, body, categoryIdentifier, threadIdentifier, userInfo, badge, floating
        case subtitle, sound, interruptionLevel, relevanceScore, appUserInfo, plannerIdentifier
    }

    /// Reads a request in the Request shape; `userInfo` and `appUserInfo` default to empty,
    /// `badge`, `subtitle`, `sound`, `interruptionLevel`, `relevanceScore` and
    /// `plannerIdentifier` to none and
    /// `floating` to the kind's ``NotificationKind/floats``.
    /// - Throws: `DecodingError` for a missing key, an unknown kind or a `fireDate` that is not an
    ///   ISO 8601 instant.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        identifier = try c.decode(String.self, forKey: .identifier)
        kind = try c.decode(NotificationKind.self, forKey: .kind)
        let text = try c.decode(String.self, forKey: .fireDate)
        guard let date = ISO8601Instant.date(text) else {
            throw DecodingError.dataCorruptedError(forKey: .fireDate, in: c, debugDescription: "'\(text)' is not an ISO 8601 instant.")
        }
        fireDate = date
        timeZone = try c.decode(String.self, forKey: .timeZone)
        trigger = try c.decode(NotificationTrigger.self, forKey: .trigger)
        title = try c.decode(String.self, forKey: .title)
        body = try c.decode(String.self, forKey: .body)
        categoryIdentifier = try c.decode(String.self, forKey: .categoryIdentifier)
        threadIdentifier = try c.decode(String.self, forKey: .threadIdentifier)
        userInfo = try c.decodeIfPresent([String: String].self, forKey: .userInfo) ?? [:]
        badge = try c.decodeIfPresent(Int.self, forKey: .badge, in: 0...10_000)
        floating = try c.decodeIfPresent(Bool.self, forKey: .floating) ?? kind.floats
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        sound = try c.decodeIfPresent(NotificationSound.self, forKey: .sound)
        interruptionLevel = try c.decodeIfPresent(InterruptionLevel.self, forKey: .interruptionLevel)
        relevanceScore = try c.decodeIfPresent(Double.self, forKey: .relevanceScore, in: 0...1)
        appUserInfo = try c.decodeIfPresent([String: UserInfoValue].self, forKey: .appUserInfo) ?? [:]
        plannerIdentifier = try c.decodeIfPresent(String.self, forKey: .plannerIdentifier)
    }

    /// Writes the request in the Request shape, `fireDate` with the UTC offset of `timeZone`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(kind, forKey: .kind)
        try c.encode(ISO8601Instant.string(fireDate, in: TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!), forKey: .fireDate)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(trigger, forKey: .trigger)
        try c.encode(title, forKey: .title)
        try c.encode(body, forKey: .body)
        try c.encode(categoryIdentifier, forKey: .categoryIdentifier)
        try c.encode(threadIdentifier, forKey: .threadIdentifier)
        try c.encode(userInfo, forKey: .userInfo)
        try c.encodeIfPresent(badge, forKey: .badge)
        try c.encode(floating, forKey: .floating)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        try c.encodeIfPresent(sound, forKey: .sound)
        try c.encodeIfPresent(interruptionLevel, forKey: .interruptionLevel)
        try c.encodeIfPresent(relevanceScore, forKey: .relevanceScore)
        if !appUserInfo.isEmpty { try c.encode(appUserInfo, forKey: .appUserInfo) }
        try c.encodeIfPresent(plannerIdentifier, forKey: .plannerIdentifier)
    }
}
