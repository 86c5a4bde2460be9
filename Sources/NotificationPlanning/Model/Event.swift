import MessageCatalog
import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

/// Something that happened in the app, with the instant it happened. Events arrive as JSON Lines
/// (`--events FILE`), one object a line: `{"type": "achievementRecorded", "timestamp":
/// "2026-11-23T18:05:00+01:00", …}`; the other keys depend on the type (see `docs/scheduling.md`).
public struct PlannerEvent: Sendable, Hashable {
    /// What happened.
    public enum Payload: Sendable, Hashable {
        /// The user recorded an achievement (counts, streaks, "no reminder today"), dated
        /// `recordedOn` when it belongs to an earlier day than the event (a back-dated entry:
        /// any past date counts); `announce` false counts it without any milestone notification.
        case achievementRecorded(id: String?, recordedOn: Date? = nil, announce: Bool = true)
        /// The user deleted an achievement recorded on `recordedOn`: the counts go down;
        /// `remainingThatDay` 0 also clears that day (no streak, the reminder comes back). A
        /// milestone already celebrated stays celebrated.
        case achievementDeleted(id: String?, recordedOn: Date, remainingThatDay: Int?)
        /// The app's whole achievement history (achievements per local date), replacing the
        /// planner's days and counts: an import or a correction. Nothing it reaches is announced:
        /// every milestone at or below it counts as celebrated.
        case achievementHistory(counts: [LocalDate: Int])
        /// The app brought back a past achievement; `text` is its text, `recordedOn` when it was written.
        case achievementRetrieved(id: String, text: String?, recordedOn: Date)
        /// Today's step count changed (the goal is the preference's unless given).
        case stepsUpdated(steps: Int, goal: Int?)
        /// A workout ended.
        case workoutCompleted(id: String, activity: String, durationSeconds: Int, distanceKm: Double?)
        /// Step-gated app blocking was lifted.
        case appsUnlocked(steps: Int, goal: Int?)
        /// A habit was done for its current period.
        case habitCompleted(habitID: String)
        /// A habit's completion of the period of the event was undone: its reminder comes back
        /// while the period is open.
        case habitUncompleted(habitID: String)
        /// The kind's notification of `date` was already given elsewhere (another device, the
        /// app's own screen): the planner does not send it. `subject` names the habit of a habit
        /// reminder.
        case notifiedElsewhere(kind: NotificationKind, date: LocalDate, subject: String?)
        /// A notification of an event kind (retrieval, workout, goal, halfway, apps unlocked,
        /// milestones) the app plans for `fireAt` with its own text; `id` is the app's (the
        /// request's identifier is the kind's prefix, `-planned-` and `id`). Planned again with
        /// the same `id`, it is replaced.
        case notificationPlanned(kind: NotificationKind, id: String, fireAt: Date, title: String, body: String)
        /// The planned notification `id` of `kind` is cancelled.
        case plannedCancelled(kind: NotificationKind, id: String)
        /// A habit was deleted: its reminders are cancelled for good.
        case habitDeleted(habitID: String)
        /// The user armed the interval timer (or re-armed it from the notification's action);
        /// without `seconds`, the preference's interval.
        case intervalSet(seconds: Int?)
        /// The user stopped the interval timer.
        case intervalCancelled
        /// The app came to the foreground.
        case appForeground
        /// The app went to the background.
        case appBackground
        /// The device's time zone changed.
        case timeZoneChanged(timeZone: String)
    }

    /// When it happened.
    public var timestamp: Date
    /// What happened.
    public var payload: Payload

    /// An event.
    public init(_ payload: Payload, at timestamp: Date) {
        self.payload = payload
        self.timestamp = timestamp
    }

    /// The `type` string of the payload.
    public var type: String {
        switch payload {
        case .achievementRecorded: "achievementRecorded"
        case .achievementRetrieved: "achievementRetrieved"
        case .stepsUpdated: "stepsUpdated"
        case .workoutCompleted: "workoutCompleted"
        case .appsUnlocked: "appsUnlocked"
        case .habitCompleted: "habitCompleted"
        case .habitDeleted: "habitDeleted"
        case .achievementDeleted: "achievementDeleted"
        case .achievementHistory: "achievementHistory"
        case .habitUncompleted: "habitUncompleted"
        case .notifiedElsewhere: "notifiedElsewhere"
        case .notificationPlanned: "notificationPlanned"
        case .plannedCancelled: "plannedCancelled"
        case .intervalSet: "intervalSet"
        case .intervalCancelled: "intervalCancelled"
        case .appForeground: "appForeground"
        case .appBackground: "appBackground"
        case .timeZoneChanged: "timeZoneChanged"
        }
    }
}
