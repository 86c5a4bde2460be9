import MessageCatalog
import NotificationPlanning
import Foundation

/// One user of a batch: an id, the preferences, the state the previous run returned and the
/// events since.
///
/// In JSON (a line of `msgtool batch`'s input) it is the `msgtool schedule` config of the user
/// with three more keys: `"id"` (required, a string), `"state"` (optional, the state object of
/// `--state`; absent is a fresh install) and `"events"` (optional, an array of event objects as in
/// `--events`):
///
/// ```json
/// {"id": "u-1", "timeZone": "Europe/Madrid", "locale": "es", "dailyAffirmation": {"enabled": true},
///  "events": [{"type": "achievementRecorded", "timestamp": "2026-11-23T09:12:00+01:00"}]}
/// ```
public struct BatchUser: Sendable, Hashable {
    /// The user's id: echoed in the output and used for sharding (``BatchShard``).
    public var id: String
    /// The user's choices.
    public var preferences: NotificationPreferences
    /// What the previous run returned (`SchedulerState()` on a fresh install).
    public var state: SchedulerState
    /// What happened since the previous run.
    public var events: [PlannerEvent]

    /// A user.
    /// - Parameters:
    ///   - id: the user's id.
    ///   - preferences: the user's choices.
    ///   - state: the previous run's state.
    ///   - events: the events since.
    public init(id: String, preferences: NotificationPreferences, state: SchedulerState = SchedulerState(), events: [PlannerEvent] = []) {
        self.id = id
        self.preferences = preferences
        self.state = state
        self.events = events
    }
}
