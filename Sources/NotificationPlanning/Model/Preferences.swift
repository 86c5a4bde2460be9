import Foundation
import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import AffirmationSelector

/// The notification permission, as the platform reports it.
public enum AuthorizationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Never asked: nothing is scheduled; the plan asks the app to request permission (once), unless
    /// ``NotificationPreferences/permissionPrompt`` leaves the moment to the app.
    case notDetermined
    /// Refused in the system settings: nothing is scheduled.
    case denied
    /// Full permission: everything enabled is scheduled.
    case authorized
    /// Quiet delivery to the notification centre only: nothing is scheduled, unless
    /// ``NotificationPreferences/scheduleWhenProvisional`` (iOS then delivers quietly).
    case provisional
    /// App Clip permission: nothing is scheduled, unless
    /// ``NotificationPreferences/scheduleWhenProvisional``.
    case ephemeral
}

/// Who chooses the moment to ask for notification permission.
public enum PermissionPrompt: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first plan with notifications on and permission not determined carries an
    /// ``AuthorizationRequest`` (once); the app shows it. Nothing asks unless the app does.
    case plan
    /// The plan never carries one: the app asks on its own user action (a "Turn on reminders"
    /// button) through the adapter's `requestAuthorization`, then plans again.
    case app
}

/// How often achievement reminders come (the achievement journal's picker).
public enum ReminderFrequency: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every day.
    case daily
    /// Every third day, counted from the anchor day.
    case everyThreeDays = "every_3_days"
    /// Every seventh day, counted from the anchor day.
    case weekly

    /// Days between two reminders.
    public var step: Int {
        switch self {
        case .daily: 1
        case .everyThreeDays: 3
        case .weekly: 7
        }
    }
}

/// What happens to a request that falls inside the quiet hours.
public enum QuietHoursPolicy: String, Sendable, Hashable, Codable {
    /// Moved to the end of the quiet hours (staggered when several land there).
    case `defer`
    /// Not delivered.
    case drop
    /// Delivered anyway.
    case deliver
}

/// Everything the user (or the app) chose. Decoded from the `--config` JSON, where every key but
/// `timeZone` may be left out and takes the default shown in `docs/scheduling.md`.
public struct NotificationPreferences: Sendable, Hashable {
    /// BCP 47 locale of the texts (`en`, `es-MX`, `zh-Hans`).
    public var locale: String = "en"
    /// The user's IANA time zone (`Europe/Madrid`).
    public var timeZone: String
    /// The notification style.
    public var tone: Tone = .gentle
    /// The user's term of address (feminine, masculine, neutral), which every text is rendered
    /// for; unspecified (the default) shows the neutral texts.
    public var termOfAddress: AddressTerm = .unspecified
    /// The platform's permission status: read it from the centre before each plan
    /// (`PendingNotificationCenter.authorization()`); `NotificationDriver` does.
    public var authorization: AuthorizationStatus = .authorized
    /// Who asks for permission: the plan (once, ``PermissionPrompt/plan``) or only the app.
    public var permissionPrompt: PermissionPrompt = .plan
    /// Under ``AuthorizationStatus/provisional`` or ``AuthorizationStatus/ephemeral`` permission:
    /// `true` schedules everything enabled (iOS delivers it quietly, to Notification Center only);
    /// `false`, the default, schedules nothing until full permission.
    public var scheduleWhenProvisional: Bool = false
    /// The master switch ("disable all notifications").
    public var notificationsEnabled: Bool = true
    /// Seeds the variant choices of this user.
    public var userSeed: UInt64 = 0
    /// At most this many pending requests across kinds (1…64; iOS keeps only 64).
    public var budget: Int = 60
    /// Optional quiet hours.
    public var quietHours: QuietHours?
    /// The day's affirmation, in a rolling window of dated requests.
    public var dailyAffirmation = DailyAffirmationSettings()
    /// Reminders to record an achievement.
    public var achievementReminder = AchievementReminderSettings()
    /// Notifications that bring back a past achievement.
    public var retrieval = RetrievalSettings()
    /// Milestone celebrations (streaks, counts) and monthly and yearly summaries.
    public var milestones = MilestoneSettings()
    /// The habits, each with its reminder before its period ends.
    public var habits: [HabitSettings] = []
    /// The interval timer.
    public var interval = IntervalSettings()
    /// The step counter's notifications (goal, halfway, workouts, unlocked apps).
    public var steps = StepSettings()
    /// The app's choices per kind: identifiers, category, delay, thread, extra `userInfo`,
    /// sound, interruption level, relevance, badge (`"kinds": {"habit-reminder": {…}}`).
    public var kinds: [NotificationKind: KindOptions] = [:]
    /// How the budget is shared when there are more candidates than places.
    public var budgetSharing = BudgetSharing.nearestFirst
    /// How far ahead the reminders are planned (`"horizons": {"reminderHorizonDays": 3}`); a
    /// member left out keeps the ``PlannerConfiguration``'s.
    public var horizons = PlanningHorizons()

    /// Preferences with defaults for everything but the zone.
    /// - Parameter timeZone: the user's IANA zone.
    public init(timeZone: String) { self.timeZone = timeZone }

    /// The largest budget iOS honours.
    public static let maximumBudget = 64

    /// The identifier of a request of `kind`: the kind's prefix (its name, or the app's
    /// ``KindOptions/identifierPrefix``), a dash and `rest` (nothing after the prefix when
    /// `rest` is empty).
    func requestIdentifier(_ kind: NotificationKind, _ rest: String) -> String {
        let prefix = kinds[kind]?.identifierPrefix ?? kind.rawValue
        return rest.isEmpty ? prefix : "\(prefix)-\(rest)"
    }

    /// The daily affirmations' source: the app's own list when it gives one.
    var appAffirmations: [String]? { dailyAffirmation.affirmations }

    /// Checks every range rule; the planner calls it first.
    /// - Throws: `Diagnostic` naming the setting, the value and the allowed range.
    public func validate() throws(Diagnostic) {
        guard TimeZone(identifier: timeZone) != nil else {
            throw Diagnostic(.invalidPreferences, "Unknown time zone '\(timeZone)': use an IANA name such as Europe/Madrid.", path: "timeZone")
        }
        guard habits.count <= InputLimits.habitsPerUser else {
            throw Diagnostic(
                .invalidPreferences,
                "\(habits.count) habits, over the limit of \(InputLimits.habitsPerUser) per user: remove the ones the user no longer tracks.", path: "habits")
        }
        guard (1...Self.maximumBudget).contains(budget) else {
            throw Diagnostic(
                .invalidPreferences, "budget \(budget) is out of range: 1 to \(Self.maximumBudget) pending requests (iOS keeps only 64).", path: "budget")
        }
        guard (1...30).contains(dailyAffirmation.windowDays),
            dailyAffirmation.refillBelow.map({ (1...dailyAffirmation.windowDays).contains($0) }) ?? true
        else {
            throw Diagnostic(
                .invalidPreferences, "dailyAffirmation.windowDays must be 1 to 30 and refillBelow (when set) 1 to windowDays.", path: "dailyAffirmation")
        }
        guard IntervalSettings.range.contains(interval.seconds) else {
            throw Diagnostic(
                .intervalOutOfRange, "interval.seconds \(interval.seconds) is out of range: the interval is 10 to 300 seconds.", path: "interval.seconds")
        }
        guard steps.goal > 0 else {
            throw Diagnostic(.invalidPreferences, "steps.goal must be a positive number of steps, not \(steps.goal).", path: "steps.goal")
        }
        var seen: Set<String> = []
        for (i, habit) in habits.enumerated() {
            guard !habit.id.isEmpty, seen.insert(habit.id).inserted else {
                throw Diagnostic(.invalidPreferences, "habits[\(i)]: every habit needs a unique, non-empty id ('\(habit.id)').", path: "habits[\(i)].id")
            }
            guard HabitSettings.hoursRange.contains(habit.hoursBefore) else {
                throw Diagnostic(
                    .invalidPreferences, "habits[\(i)].hoursBefore \(habit.hoursBefore) is out of range: 1 to 23 hours before the period ends.",
                    path: "habits[\(i)].hoursBefore")
            }
        }
        for (name, value, range) in [
            ("reminderHorizonDays", horizons.reminderHorizonDays, PlanningHorizons.dayRange),
            ("dailyHabitHorizon", horizons.dailyHabitHorizon, PlanningHorizons.dayRange),
            ("weeklyHabitHorizon", horizons.weeklyHabitHorizon, PlanningHorizons.weekRange)
        ] {
            if let value, !range.contains(value) {
                throw Diagnostic(
                    .invalidPreferences,
                    "horizons.\(name) \(value) is out of range: \(range.lowerBound) to \(range.upperBound) \(range == PlanningHorizons.weekRange ? "weeks" : "days").",
                    path: "horizons.\(name)")
            }
        }
        var prefixes: [String: NotificationKind] = [:]
        for kind in NotificationKind.allCases {
            guard let options = kinds[kind] else { continue }
            try options.validate(at: "kinds.\(kind.rawValue)")
            if let prefix = options.identifierPrefix {
                if let other = prefixes[prefix] ?? NotificationKind(rawValue: prefix).flatMap({ $0 != kind && kinds[$0]?.identifierPrefix == nil ? $0 : nil }) {
                    throw Diagnostic(
                        .invalidPreferences, "identifierPrefix '\(prefix)' is also the prefix of \(other.rawValue): give each kind its own.",
                        path: "kinds.\(kind.rawValue).identifierPrefix")
                }
                prefixes[prefix] = kind
            }
        }
        if let list = dailyAffirmation.affirmations {
            guard !list.isEmpty, list.count <= 10_000 else {
                throw Diagnostic(
                    .invalidPreferences,
                    "dailyAffirmation.affirmations has \(list.count) entries: give 1 to 10000 affirmations, or leave it out for the catalogs' pool.",
                    path: "dailyAffirmation.affirmations")
            }
            if let i = list.firstIndex(where: { $0.isEmpty || $0.utf8.count > InputLimits.textBytes }) {
                throw Diagnostic(
                    .invalidPreferences,
                    "dailyAffirmation.affirmations[\(i)] is empty or longer than \(InputLimits.textBytes) bytes: give the affirmation's text.",
                    path: "dailyAffirmation.affirmations[\(i)]")
            }
        }
        for (name, list) in [("streakDays", milestones.streakDays), ("countThresholds", milestones.countThresholds)] {
            guard list.allSatisfy({ $0 >= 1 && $0 <= InputLimits.achievementCount.upperBound }), Set(list).count == list.count, list.count <= 100 else {
                throw Diagnostic(
                    .invalidPreferences,
                    "milestones.\(name) must be at most 100 different positive numbers (\(list.map(String.init).joined(separator: ", "))).",
                    path: "milestones.\(name)")
            }
        }
    }
}

/// How far ahead the planner plans the reminders of each kind: the config JSON's `horizons`.
///
/// Each member left out (nil) keeps the value of the ``PlannerConfiguration`` the plan is made
/// with (by default 7 days of achievement reminders, 7 days of daily habit reminders, 2 weeks of
/// weekly ones). A shorter horizon leaves more of the 64 pending requests to the other kinds: nine
/// daily habits planned 7 days ahead fill the whole budget, planned 3 days ahead they take 27.
public struct PlanningHorizons: Sendable, Hashable {
    /// Days of achievement reminders planned ahead (1…31).
    public var reminderHorizonDays: Int?
    /// Days of daily habit reminders planned ahead (1…31).
    public var dailyHabitHorizon: Int?
    /// Weeks of weekly habit reminders planned ahead (1…8).
    public var weeklyHabitHorizon: Int?

    /// The allowed day horizons.
    public static let dayRange = 1...31
    /// The allowed week horizon.
    public static let weekRange = 1...8

    /// Horizons; nil keeps the configuration's.
    public init(reminderHorizonDays: Int? = nil, dailyHabitHorizon: Int? = nil, weeklyHabitHorizon: Int? = nil) {
        self.reminderHorizonDays = reminderHorizonDays
        self.dailyHabitHorizon = dailyHabitHorizon
        self.weeklyHabitHorizon = weeklyHabitHorizon
    }

    /// `configuration` with these horizons where they are set.
    func applied(to configuration: PlannerConfiguration) -> PlannerConfiguration {
        var out = configuration
        if let reminderHorizonDays { out.reminderHorizonDays = reminderHorizonDays }
        if let dailyHabitHorizon { out.dailyHabitHorizon = dailyHabitHorizon }
        if let weeklyHabitHorizon { out.weeklyHabitHorizon = weeklyHabitHorizon }
        return out
    }
}

/// How the budget is shared when the candidates outnumber the places.
public enum BudgetSharing: String, Sendable, Hashable, Codable {
    /// The nearest local days win; within a day, the kind's priority (the default).
    case nearestFirst
    /// Each group (a kind; each habit on its own) keeps an equal share of the places, nearest
    /// first, and places a group cannot use go to the nearest of the others: nine daily habits
    /// leave room for the affirmations and reminders.
    case fair
}

/// Quiet hours: wall times in the user's zone; `start` after `end` spans midnight.
public struct QuietHours: Sendable, Hashable {
    /// Start of the quiet period (inclusive).
    public var start: TimeOfDay
    /// End of the quiet period (exclusive); deferred requests move here.
    public var end: TimeOfDay
    /// Seconds between requests deferred to the same end, so a backlog never arrives in a burst.
    public var spacingSeconds: Int = 120
    /// Per-kind policy, overriding ``defaultPolicy(for:)``.
    public var policies: [NotificationKind: QuietHoursPolicy] = [:]

    /// Quiet hours from `start` to `end`.
    public init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// The policy of a kind when the config does not say: reminders and summaries wait for the
    /// end of the quiet hours (a habit reminder only while its period is still open); step-count
    /// news and retrievals that would be stale by morning are dropped; the interval timer the
    /// user just armed is delivered.
    public static func defaultPolicy(for kind: NotificationKind) -> QuietHoursPolicy {
        switch kind {
        case .intervalReminder: .deliver
        case .stepGoal, .stepHalfway, .appsUnlocked, .retrieval: .drop
        default: .defer
        }
    }

    /// The policy in force for a kind.
    public func policy(for kind: NotificationKind) -> QuietHoursPolicy { policies[kind] ?? Self.defaultPolicy(for: kind) }

    /// Whether the wall time `time` falls inside the quiet hours.
    public func contains(_ time: TimeOfDay) -> Bool {
        if start == end { return false }
        return start < end ? (time >= start && time < end) : (time >= start || time < end)
    }
}

/// The day's affirmation at a fixed time, in a rolling window of dated requests.
public struct DailyAffirmationSettings: Sendable, Hashable {
    /// On or off.
    public var enabled = false
    /// The time of day (default 10:00).
    public var time = TimeOfDay(hour: 10)
    /// How many dated requests the window holds (default 7).
    public var windowDays = 7
    /// nil (the default): every run tops the window up to `windowDays`, so no day is missed
    /// however rarely the app is opened. Set: the window is topped up only when fewer than this
    /// many remain (2, say: fewer updates, but a user who opens the app every
    /// few days misses days). After a time-zone change the whole window is planned again either way.
    public var refillBelow: Int?
    /// The app's own affirmations, in the user's language; nil (the default) draws from the
    /// catalogs' pool. Each date shows the entry `AffirmationSelector.dailyAffirmation(for:from:locale:tone:timeZone:termOfAddress:seed:content:)`
    /// picks for it with its default `seed: 0`, so the notification, the home screen and the widget agree; the
    /// request's `userInfo` names it (`affirmationIndex`, `affirmationSource` = `app`).
    public var affirmations: [String]?

    /// Defaults: off, 10:00, 7 days, kept full.
    public init() {}
}

/// Reminders to record an achievement.
public struct AchievementReminderSettings: Sendable, Hashable {
    /// On or off.
    public var enabled = false
    /// The time of day (default 20:00); milestone summaries use it too.
    public var time = TimeOfDay(hour: 20)
    /// Daily, every 3 days or weekly.
    public var frequency = ReminderFrequency.daily
    /// The day the user chose the setting: the cycle counts from it. When absent, the planner
    /// takes the local date of the run that first sees this frequency and keeps it in the state.
    public var anchorDate: LocalDate?

    /// Defaults: off, 20:00, daily.
    public init() {}
}

/// Notifications about a retrieved past achievement.
public struct RetrievalSettings: Sendable, Hashable {
    /// On or off.
    public var enabled = false
    /// The user allows the achievement's text in the notification.
    public var includePreview = false
    /// The system shows previews (iOS "Show Previews" not set to Never).
    public var systemAllowsPreviews = true

    /// Defaults: off, no preview.
    public init() {}
}

/// Milestone celebrations and summaries.
public struct MilestoneSettings: Sendable, Hashable {
    /// The section's toggle.
    public var enabled = false
    /// Streaks of 3, 7, 14, 30, 50, 100, 200 and 365 days.
    public var streaks = true
    /// The 10th, 25th, 50th, 100th, 250th, 500th and 1000th achievement.
    public var counts = true
    /// Last month's count on the 1st, at the reminder time.
    public var monthlySummary = true
    /// Last year's count on 1 January, at the reminder time.
    public var yearlySummary = true

    /// The streak lengths celebrated by default.
    public static let streakDays = [3, 7, 14, 30, 50, 100, 200, 365]
    /// The totals celebrated by default.
    public static let countMilestones = [10, 25, 50, 100, 250, 500, 1000]
    /// The streak lengths this app celebrates (default ``streakDays``).
    public var streakDays = MilestoneSettings.streakDays
    /// The totals this app celebrates (default ``countMilestones``; a journal may want 10, 50, 100).
    public var countThresholds = MilestoneSettings.countMilestones

    /// Defaults: off; every sub-toggle on.
    public init() {}
}

/// A habit and its reminder.
public struct HabitSettings: Sendable, Hashable {
    /// A daily or weekly habit.
    public enum Period: String, Sendable, Hashable, Codable {
        /// Ends at the start of the next local day.
        case daily
        /// Ends at the start of Monday (the habit tracker's "Sunday midnight").
        case weekly
    }

    /// Stable id (used in identifiers: keep it ASCII).
    public var id: String
    /// The name shown in the notification.
    public var name: String
    /// Daily or weekly.
    public var period: Period = .daily
    /// The habit's reminder toggle.
    public var reminderEnabled = true
    /// Hours of elapsed time before the period ends (1…23, default 5).
    public var hoursBefore = 5

    /// The allowed `hoursBefore`.
    public static let hoursRange = 1...23

    /// A habit with a reminder 5 hours before its period ends.
    public init(id: String, name: String, period: Period = .daily, reminderEnabled: Bool = true, hoursBefore: Int = 5) {
        self.id = id
        self.name = name
        self.period = period
        self.reminderEnabled = reminderEnabled
        self.hoursBefore = hoursBefore
    }
}

/// The interval timer.
public struct IntervalSettings: Sendable, Hashable {
    /// On or off.
    public var enabled = false
    /// The interval in seconds (10…300) used when an `intervalSet` event gives none.
    public var seconds = 60

    /// The allowed interval.
    public static let range = 10...300

    /// Defaults: off, 60 s.
    public init() {}
}

/// The step counter's notifications.
public struct StepSettings: Sendable, Hashable {
    /// Goal achieved.
    public var goalEnabled = false
    /// Halfway to the goal.
    public var halfwayEnabled = false
    /// Workout completed.
    public var workoutEnabled = false
    /// Step-gated apps unlocked.
    public var unlockEnabled = false
    /// The daily step goal.
    public var goal = 10_000

    /// Defaults: everything off, goal 10 000.
    public init() {}
}
