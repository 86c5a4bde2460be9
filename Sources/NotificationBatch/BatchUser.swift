import MessageCatalog
import NotificationPlanning
import Foundation
import ToolkitSupport
import ToolkitJSON

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
public struct BatchUser: Sendable, Hashable, Decodable {
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

    private enum Keys: String, CodingKey { case id, state, events }

    /// Reads the user from one JSON object holding the preferences' keys and `id`, `state`, `events`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        id = try c.decodeText(forKey: .id, maxBytes: InputLimits.identifierBytes)
        preferences = try NotificationPreferences(from: decoder)
        state = try c.decodeIfPresent(SchedulerState.self, forKey: .state) ?? SchedulerState()
        events = try c.decodeIfPresent([PlannerEvent].self, forKey: .events) ?? []
    }

    /// Reads a user from one JSON object (a line of `msgtool batch`'s input).
    /// - Parameters:
    ///   - json: the UTF-8 JSON object.
    /// - Returns: the user, or the error: `invalidPreferences` (`id` or a preference),
    ///   `invalidState` (under `state`) or `invalidEvent` (under `events`), with the diagnostic's `location.keyPath`
    ///   naming the field (`habits[0].hoursBefore`, `events[2].timestamp`).
    public static func decode(json: Data) -> Result<BatchUser, Diagnostic> {
        decode(bytes: [UInt8](json))
    }

    /// Reads a user from one JSON object's UTF-8 bytes; as ``decode(json:)``.
    public static func decode(bytes: [UInt8]) -> Result<BatchUser, Diagnostic> {
        // The plain form of a line is read straight from its bytes; anything else (and every
        // error) goes through the strict decoder, which words the diagnostic.
        if let user = read(bytes: bytes) { return .success(user) }
        do {
            return .success(try InputLimits.decoder.decode(BatchUser.self, from: bytes))
        } catch let error as JSONSyntaxError {
            return .failure(Diagnostic(.invalidPreferences, "invalid JSON: \(error.message)", line: error.position.line, column: error.position.column))
        } catch {
            let field = Diagnostic.field(of: error)
            let code: Diagnostic.Code =
                switch field?.prefix(while: { $0 != "." && $0 != "[" }) {
                case "state": .invalidState
                case "events": .invalidEvent
                default: .invalidPreferences
                }
            return .failure(Diagnostic(code, Diagnostic.describe(error), path: field))
        }
    }
}
