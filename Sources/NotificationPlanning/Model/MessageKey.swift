/// The catalog messages the planner renders, by key: one name for each key the package's own
/// code uses (`MessageKeyTests` checks that the bundled source catalog has every one).
///
/// An internal enum rather than the generated `Messages` accessors: generating those inside
/// this module would put the MessageAccessors build-tool plugin (and the generator it builds
/// for the host) on every app's build of the runtime.
enum MessageKey {
    static let intervalReminder = "interval.reminder"
    static let stepsWorkout = "steps.workout"
    static let stepsGoal = "steps.goal"
    static let stepsUnlock = "steps.unlock"
    static let stepsHalfway = "steps.halfway"
    static let retrievalPreview = "retrieval.preview"
    static let retrievalNoPreview = "retrieval.no_preview"
    static let milestoneStreak = "milestone.streak"
    static let milestoneCount = "milestone.count"
    static let habitReminderDaily = "habit.reminder.daily"
    static let habitReminderWeekly = "habit.reminder.weekly"
    static let affirmationDaily = "affirmation.daily"
    static let affirmationPool = "affirmation.pool"
    static let reminderAchievement = "reminder.achievement"
    static let milestoneMonthly = "milestone.monthly"
    static let milestoneYearly = "milestone.yearly"
    static let actionQuickAdd = "action.quick_add"
    static let actionViewAchievement = "action.view_achievement"
    static let actionMarkDone = "action.mark_done"
    static let actionSetNext = "action.set_next"
    static let actionViewSteps = "action.view_steps"
    static let actionViewWorkout = "action.view_workout"

    /// Every key above.
    static let all = [
        intervalReminder, stepsWorkout, stepsGoal, stepsUnlock, stepsHalfway, retrievalPreview, retrievalNoPreview, milestoneStreak, milestoneCount,
        habitReminderDaily, habitReminderWeekly, affirmationDaily, affirmationPool, reminderAchievement, milestoneMonthly, milestoneYearly, actionQuickAdd,
        actionViewAchievement, actionMarkDone, actionSetNext, actionViewSteps, actionViewWorkout
    ]
}
