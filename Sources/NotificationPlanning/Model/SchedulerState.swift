import MessageCatalog
import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

/// What the planner remembers between runs (the `--state` file). Every key may be absent in
/// JSON; an empty object `{}` is a fresh install.
///
/// Every part is bounded (docs/scheduling.md, "What the state keeps"): `pending` by the budget;
/// `processedEvents` and `workoutsNotified` to the events of the last ``Planner/eventMemoryDays``
/// days; `dailyMarkers` to today; `achievementDays` to 400 days; `monthlyCounts` to 13 months and
/// `yearlyCounts` to 2 years; `recentlyFired` to the last ``Planner/eventMemoryDays`` days; `habitCompletions` to 14 days per habit in the preferences;
/// `deletedHabits` to the habits still in the preferences; `milestonesSent` to the 15 milestones.
///
/// Its fields are read-only outside the planner: a run returns the next state in
/// ``PlanResult/state``; store it (``jsonData()``) and hand it to the next run.
public struct SchedulerState: Sendable, Hashable {
    /// The format version of this file.
    public package(set) var version = 1
    /// The requests pending on the device after the last plan, nearest first.
    public package(set) var pending: [NotificationRequest] = []
    /// The app was asked once to request permission (it is never asked again).
    public package(set) var permissionRequested = false
    /// The variant of the latest request of each kind (`NotificationKind.rawValue` → variant).
    public package(set) var lastVariants: [String: Int] = [:]
    /// Streak and count milestones already sent (`milestone-streak-7`), once ever each.
    public package(set) var milestonesSent: [String] = []
    /// Per-day markers of once-a-day event notifications (`goal-achievement-2026-11-23`),
    /// cleaned up after local midnight.
    public package(set) var dailyMarkers: [String] = []
    /// Workouts already announced (`workout-completion-<id>` → the event's timestamp), once per
    /// workout id; kept ``Planner/eventMemoryDays`` days (an older workout event can never notify:
    /// it is past the event horizon and the freshness window). An older file's array of ids reads
    /// as ids stamped with the event horizon.
    public package(set) var workoutsNotified: [String: Date] = [:]
    /// Local dates with at least one achievement (for streaks and "no reminder today").
    public package(set) var achievementDays: [LocalDate] = []
    /// Total achievements recorded.
    public package(set) var achievementCount = 0
    /// Achievements per month (`2026-11` → 12).
    public package(set) var monthlyCounts: [String: Int] = [:]
    /// Achievements per year (`2026` → 148).
    public package(set) var yearlyCounts: [String: Int] = [:]
    /// Periods done per habit: the local date that starts the period (the Monday for weekly habits).
    public package(set) var habitCompletions: [String: [LocalDate]] = [:]
    /// Habits deleted by an event: never reminded again.
    public package(set) var deletedHabits: [String] = []
    /// The app is in the foreground (from app foreground/background events).
    public package(set) var appInForeground = false
    /// The zone the device reported last (`timeZoneChanged`), overriding the config's zone until
    /// the config's zone itself changes.
    public package(set) var deviceTimeZone: String?
    /// The config's zone as last seen.
    public package(set) var configTimeZone: String?
    /// The zone of the last plan.
    public package(set) var plannedTimeZone: String?
    /// The achievement reminder's cycle: frequency and the day it was chosen.
    public package(set) var reminderAnchor: ReminderAnchor?
    /// The interval the user set last.
    public package(set) var intervalSeconds: Int?
    /// Fingerprints of the events already processed, with their timestamps (kept 8 days).
    public package(set) var processedEvents: [String: Date] = [:]
    /// Events at or before this instant count as processed.
    public package(set) var eventHorizon: Date?
    /// The latest local date whose daily affirmation has fired: no date up to it is planned again,
    /// even when a westward flight lives it a second time.
    public package(set) var affirmationsDeliveredThrough: LocalDate?
    /// Dated requests (affirmations, reminders, habit reminders, summaries) that have fired,
    /// identifier → fire date, kept ``Planner/eventMemoryDays`` days: one that fired is not
    /// planned again when a zone change makes its date or wall time come round a second time.
    public package(set) var recentlyFired: [String: Date] = [:]

    /// A fresh state.
    public init() {}

    /// The achievement reminder's cycle.
    public struct ReminderAnchor: Sendable, Hashable {
        /// The frequency the anchor was set for.
        public var frequency: ReminderFrequency
        /// The day the user chose it.
        public var date: LocalDate

        /// An anchor.
        public init(frequency: ReminderFrequency, date: LocalDate) {
            self.frequency = frequency
            self.date = date
        }
    }
}
