/// Every kind of notification the scheduler plans, with its place in the budget's priority order.
public enum NotificationKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The interval timer the user armed.
    case intervalReminder = "interval-reminder"
    /// A workout ended.
    case workoutCompletion = "workout-completion"
    /// The daily step goal was reached.
    case stepGoal = "goal-achievement"
    /// Step-gated apps were unlocked.
    case appsUnlocked = "apps-unlocked"
    /// Halfway to the daily step goal.
    case stepHalfway = "steps-halfway"
    /// A past achievement was brought back.
    case retrieval = "retrieval"
    /// A streak of N days.
    case milestoneStreak = "milestone-streak"
    /// The Nth achievement.
    case milestoneCount = "milestone-count"
    /// A habit's period is about to end.
    case habitReminder = "habit-reminder"
    /// The day's affirmation at 10:00.
    case dailyAffirmation = "daily-affirmation"
    /// The invitation to record an achievement.
    case achievementReminder = "achievement-reminder"
    /// Last month's summary, on the 1st.
    case milestoneMonthly = "milestone-monthly"
    /// Last year's summary, on 1 January.
    case milestoneYearly = "milestone-yearly"

    /// The budget's priority, 0 first. Within one local day the lower number wins a place;
    /// nearer days always win over later ones. The order: what the user asked for just now (the
    /// interval timer), then what reports something that just happened (workout, goal, unlock,
    /// halfway, retrieval, milestones), then what has a deadline (habits), then the daily rhythm
    /// (affirmation, achievement reminder), then the summaries.
    public var priority: Int {
        // The position in `allCases` (the declaration order), without building `allCases`: the
        // budget and the plan's order compare kinds for every pair of requests.
        switch self {
        case .intervalReminder: 0
        case .workoutCompletion: 1
        case .stepGoal: 2
        case .appsUnlocked: 3
        case .stepHalfway: 4
        case .retrieval: 5
        case .milestoneStreak: 6
        case .milestoneCount: 7
        case .habitReminder: 8
        case .dailyAffirmation: 9
        case .achievementReminder: 10
        case .milestoneMonthly: 11
        case .milestoneYearly: 12
        }
    }

    /// Whether the request's wall time floats with the device's time zone (an iOS calendar trigger
    /// without a time zone). Habit reminders are fixed instants: "X hours before the period
    /// ends" is elapsed time, which a floating wall time would break on 23- and 25-hour days; they
    /// are recomputed whenever the time zone changes.
    public var floats: Bool {
        switch self {
        case .dailyAffirmation, .achievementReminder, .milestoneMonthly, .milestoneYearly: true
        default: false
        }
    }

    /// At most one of this kind per local day.
    public var oncePerDay: Bool {
        switch self {
        case .dailyAffirmation, .achievementReminder, .stepGoal, .stepHalfway, .appsUnlocked: true
        default: false
        }
    }

    /// The catalog's name of the kind's settings toggle (`settings.kind_names`).
    public var settingsName: String {
        switch self {
        case .achievementReminder: "achievement_reminder"
        case .retrieval: "retrieval"
        case .milestoneStreak, .milestoneCount, .milestoneMonthly, .milestoneYearly: "milestone"
        case .habitReminder: "habit_reminder"
        case .dailyAffirmation: "daily_affirmation"
        case .intervalReminder: "interval_reminder"
        case .stepGoal: "step_goal"
        case .stepHalfway: "step_halfway"
        case .workoutCompletion: "workout"
        case .appsUnlocked: "apps_unlocked"
        }
    }

    /// The catalog messages this kind renders (what `msgtool preview` shows with its buttons).
    public var messageKeys: [String] {
        switch self {
        case .intervalReminder: [MessageKey.intervalReminder]
        case .workoutCompletion: [MessageKey.stepsWorkout]
        case .stepGoal: [MessageKey.stepsGoal]
        case .appsUnlocked: [MessageKey.stepsUnlock]
        case .stepHalfway: [MessageKey.stepsHalfway]
        case .retrieval: [MessageKey.retrievalPreview, MessageKey.retrievalNoPreview]
        case .milestoneStreak: [MessageKey.milestoneStreak]
        case .milestoneCount: [MessageKey.milestoneCount]
        case .habitReminder: [MessageKey.habitReminderDaily, MessageKey.habitReminderWeekly]
        case .dailyAffirmation: [MessageKey.affirmationDaily]
        case .achievementReminder: [MessageKey.reminderAchievement]
        case .milestoneMonthly: [MessageKey.milestoneMonthly]
        case .milestoneYearly: [MessageKey.milestoneYearly]
        }
    }

    /// The kind whose notifications render a catalog message, if any.
    public init?(messageKey: String) {
        guard let k = Self.allCases.first(where: { $0.messageKeys.contains(messageKey) }) else { return nil }
        self = k
    }

    /// Whether `a` comes before `b` in the budget's priority order (``priority``).
    public static func < (a: NotificationKind, b: NotificationKind) -> Bool { a.priority < b.priority }
}
