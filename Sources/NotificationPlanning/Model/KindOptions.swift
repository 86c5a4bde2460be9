import MessageCatalog
import Foundation
import AffirmationSelector

/// The sound a notification plays.
///
/// JSON: `"none"`, `"default"` or `{"named": "chime.caf"}` (a sound file in the app's bundle or
/// its `Library/Sounds`).
public enum NotificationSound: Sendable, Hashable {
    /// Silent.
    case none
    /// The system's default sound.
    case `default`
    /// A sound file of the app (`UNNotificationSound(named:)`).
    case named(String)

}

/// How much a notification may interrupt (iOS 15 and later; earlier systems deliver every
/// notification as `active`).
public enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Added to the notification list without lighting the screen or playing a sound: a quiet
    /// style.
    case passive
    /// The system's default: lights the screen, plays the sound.
    case active
    /// Breaks through a Focus and stays on the lock screen for an hour. The app needs the
    /// *Time Sensitive Notifications* capability (the `com.apple.developer.usernotifications.time-sensitive`
    /// entitlement); without it iOS delivers the notification as `active`.
    case timeSensitive = "time-sensitive"
}

/// Whether a kind's notifications set the app icon's badge.
public enum BadgePolicy: Sendable, Hashable {
    /// The kind's own rule: habit reminders show how many open habit periods have been reminded;
    /// other kinds leave the badge alone.
    case automatic
    /// Never set the badge.
    case none
    /// Always this number (0 clears the badge when the notification arrives).
    case value(Int)

}

/// A property-list value of a request's `userInfo` that the app reads back with its own type
/// (`userInfo["seconds"] as? Int`).
///
/// JSON: a string, an integer, `true`/`false`, or `{"date": "2026-11-23T10:00:00Z"}` for an
/// instant (a `Date` in `userInfo`).
public enum UserInfoValue: Sendable, Hashable {
    /// A `String`.
    case string(String)
    /// An `Int`.
    case int(Int)
    /// A `Bool`.
    case bool(Bool)
    /// A `Date`.
    case date(Date)

    /// The value as the platform's `userInfo` holds it (`String`, `Int`, `Bool` or `Date`).
    public var propertyListValue: any Sendable {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .bool(let value): value
        case .date(let value): value
        }
    }
}

/// An app's choices for one kind of notification: its shape (identifiers, category and actions,
/// delay, thread, extra `userInfo`) and its presentation (sound, interruption level, relevance,
/// badge). Every member is optional: what is left out keeps the package's default.
///
/// Set them per kind in ``NotificationPreferences/kinds`` (`"kinds": {"habit-reminder": {…}}` in
/// `msgtool schedule`'s config). The planner applies them when it builds each request, so the
/// state it returns holds exactly what the app hands to the notification centre.
///
/// ```swift
/// var prefs = NotificationPreferences(timeZone: "Europe/Madrid")
/// var quiet = KindOptions()
/// quiet.interruptionLevel = .passive
/// quiet.sound = NotificationSound.none
/// quiet.category = KindCategory(identifier: "JOURNAL_MILESTONE")
/// prefs.kinds[.milestoneCount] = quiet
/// try prefs.validate()
/// ```
public struct KindOptions: Sendable, Hashable {
    /// Replaces the kind's name at the start of its identifiers (`habit-reminder-read-2026-11-23`
    /// becomes `habitapp.reminder-read-2026-11-23` with `habitapp.reminder`); the rest of the
    /// identifier is kept, so a request of a date still ends with its date. ASCII letters, digits,
    /// `.`, `_` and `-`; no two kinds may share one.
    public var identifierPrefix: String?
    /// The app's own identifiers for the kind's requests: a template whose placeholders
    /// `{identifier}` (the planner's identifier), `{kind}`, `{date}` (the local date the request
    /// fires on, `YYYY-MM-DD`) and `{habitId}` are filled for each request added
    /// (`"{habitId}_{date}"` gives `read_2026-11-23`). The planner keeps its own identifier in the
    /// request's ``NotificationRequest/plannerIdentifier``; two requests of a plan may not get the
    /// same identifier. ``PlannerConfiguration/identifierScheme`` does the same in code, for any
    /// rule; a kind with a template uses the template.
    public var identifierTemplate: String?
    /// The category (and its actions) the kind's requests carry, instead of the registry's.
    public var category: KindCategory?
    /// The thread that groups the kind's notifications, instead of the planner's (per kind, or
    /// per habit for habit reminders).
    public var threadIdentifier: String?
    /// Seconds to wait before an event notification (goal reached, workout, milestone,
    /// retrieval, apps unlocked, halfway), 0…3600: the request gets an interval trigger instead
    /// of being delivered at once. Ignored for dated kinds.
    public var delaySeconds: Int?
    /// Extra `userInfo` with property-list values, next to the planner's own string values
    /// (`kind`, `variant`, ids). The keys `kind` and `variant` are the planner's.
    public var userInfo: [String: UserInfoValue]?
    /// The sound; the system's default sound when left out.
    public var sound: NotificationSound?
    /// The interruption level (iOS 15+); the system's `active` when left out.
    public var interruptionLevel: InterruptionLevel?
    /// The relevance score (0…1, iOS 15+) the system uses to pick the summary's highlight.
    public var relevanceScore: Double?
    /// The badge rule; ``BadgePolicy/automatic`` when left out.
    public var badge: BadgePolicy?

    /// Options that change nothing.
    public init() {}

    /// The `userInfo` keys only the planner writes.
    public static let reservedUserInfoKeys: Set<String> = ["kind", "variant"]
    /// The allowed ``delaySeconds``.
    public static let delayRange = 0...3_600

    /// Checks the identifier prefix and template, the delay, the relevance score and the `userInfo` keys.
    /// - Parameter path: where the options are (`kinds.habit-reminder`), for the error.
    /// - Throws: `Diagnostic` (`invalidPreferences`) naming the member and how to fix it.
    func validate(at path: String) throws(Diagnostic) {
        if let prefix = identifierPrefix {
            guard !prefix.isEmpty, prefix.utf8.allSatisfy({ Self.identifierBytes.contains($0) }) else {
                throw Diagnostic(
                    .invalidPreferences, "identifierPrefix '\(prefix)' must be non-empty ASCII letters, digits, '.', '_' or '-'.",
                    path: "\(path).identifierPrefix")
            }
        }
        if let template = identifierTemplate {
            guard !template.isEmpty else {
                throw Diagnostic(
                    .invalidPreferences, "identifierTemplate is empty: write the app's identifier with placeholders, such as \"{habitId}_{date}\".",
                    path: "\(path).identifierTemplate")
            }
            if let unknown = IdentifierTemplate.unknownPlaceholder(in: template) {
                throw Diagnostic(
                    .invalidPreferences,
                    unknown == "{"
                        ? "identifierTemplate '\(template)' has a '{' without its '}'."
                        : "identifierTemplate '\(template)' has an unknown placeholder {\(unknown)}: use \(IdentifierTemplate.placeholders.map { "{\($0)}" }.joined(separator: ", ")).",
                    path: "\(path).identifierTemplate")
            }
        }
        if let delay = delaySeconds, !Self.delayRange.contains(delay) {
            throw Diagnostic(.invalidPreferences, "delaySeconds \(delay) is out of range: 0 to 3600 seconds.", path: "\(path).delaySeconds")
        }
        if let score = relevanceScore, !(0...1).contains(score) {
            throw Diagnostic(.invalidPreferences, "relevanceScore \(score) is out of range: 0 to 1.", path: "\(path).relevanceScore")
        }
        if let reserved = userInfo?.keys.filter(Self.reservedUserInfoKeys.contains).sorted().first {
            throw Diagnostic(.invalidPreferences, "userInfo key '\(reserved)' is the planner's own: choose another key.", path: "\(path).userInfo.\(reserved)")
        }
        if case .value(let n)? = badge, !(0...10_000).contains(n) {
            throw Diagnostic(.invalidPreferences, "badge \(n) is out of range: 0 to 10000.", path: "\(path).badge")
        }
        if let category {
            guard !category.identifier.isEmpty else {
                throw Diagnostic(
                    .invalidPreferences, "the category identifier is empty: name the category the app's delegate or extension expects.",
                    path: "\(path).category.identifier")
            }
            for (i, action) in (category.actions ?? []).enumerated() {
                if let bad = action.options.first(where: { !NotificationActionSpec.knownOptions.contains($0) }) {
                    throw Diagnostic(
                        .invalidPreferences, "unknown action option '\(bad)': use \(NotificationActionSpec.knownOptions.sorted().joined(separator: ", ")).",
                        path: "\(path).category.actions[\(i)].options")
                }
            }
        }
    }

    private static let identifierBytes: Set<UInt8> = Set(Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A) + [0x2D, 0x2E, 0x5F])
}

/// A kind's own category: the identifier its requests carry and, optionally, its actions.
///
/// JSON: `{"identifier": "TIMER_CATEGORY", "actions"?: [{"identifier", "title", "options"?: ["foreground"]}]}`.
public struct KindCategory: Sendable, Hashable {
    /// The category identifier (the one the app's delegate, watch interface or content extension
    /// is bound to).
    public var identifier: String
    /// Its actions with the app's own titles; nil keeps the registry's actions of the kind (with
    /// the catalog's titles).
    public var actions: [NotificationActionSpec]?

    /// A category.
    /// - Parameters:
    ///   - identifier: the category identifier.
    ///   - actions: the actions, or nil for the kind's registry actions.
    public init(identifier: String, actions: [NotificationActionSpec]? = nil) {
        self.identifier = identifier
        self.actions = actions
    }
}
