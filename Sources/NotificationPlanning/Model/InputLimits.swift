import Foundation
import ToolkitSupport
import ToolkitJSON

/// The ranges every number and string from outside (a config, the preferences, events, the state
/// file, a batch line) must respect, checked where the value is read, so that no arithmetic on
/// such a value can overflow and no string can balloon memory. `docs/scheduling.md` ("Limits")
/// lists them; an out-of-range value is an error naming the field (`events[0].steps: -9 is out
/// of range 0…10000000`).
public enum InputLimits {
    /// Ids (a batch user's `id`, habit ids, achievement and workout ids): UTF-8 bytes.
    public static let identifierBytes = 256
    /// Names shown in a notification (a habit's name, a workout's activity): UTF-8 bytes.
    public static let nameBytes = 256
    /// An achievement's text (shown in retrieval notifications): UTF-8 bytes.
    public static let textBytes = 2_000
    /// Any other string (zones, locales, the state's texts and keys): UTF-8 bytes.
    public static let anyStringBytes = 4_096
    /// Habits in one user's preferences (an app tracks a handful; each is a daily reminder).
    public static let habitsPerUser = 500
    /// Events in one planning run (`--events`, a batch line's `events`): a phone plans at
    /// every launch and background refresh, with the events since the last run.
    public static let eventsPerRun = 10_000
    /// Steps in an event (a day's count).
    public static let steps = 0...10_000_000
    /// A daily step goal (the preference and an event's `goal`).
    public static let stepGoal = 1...1_000_000
    /// A workout's duration in seconds (up to a week).
    public static let workoutSeconds = 0...604_800
    /// A workout's distance in kilometres.
    public static let distanceKm = 0.0...10_000.0
    /// Achievement counts in the state (the total, per month, per year).
    public static let achievementCount = 0...10_000_000
    /// `quietHours.spacingSeconds` (up to an hour).
    public static let spacingSeconds = 0...3_600
    /// A variant number in the state's `lastVariants`.
    public static let variant = 0...10_000
    /// A delay in seconds of an interval trigger in the state (up to a day).
    public static let triggerSeconds = 0...86_400

    /// The instants the planner accepts (`--now`, event timestamps, `recordedOn`): from
    /// 1970-01-01T00:00:00Z up to, not including, 3000-01-01T00:00:00Z. Everything the planner
    /// writes then stays within four-digit years, so the next run can read it back.
    public static let instants = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 32_503_680_000)

    /// The decoder of every JSON input of the scheduler: strict (duplicate and unknown keys are
    /// errors), every string at most ``anyStringBytes``.
    package static var decoder: JSONNodeDecoder { JSONNodeDecoder(maximumStringBytes: anyStringBytes) }

    /// Why the instant written `text` is outside ``instants`` (or not an instant), or nil when it is a supported instant.
    public static func instantProblem(_ text: String) -> String? {
        guard let instant = ISO8601Instant.date(text) else { return "'\(text)' is not an ISO 8601 instant with an offset (2026-11-23T18:05:00+01:00)" }
        return instants.contains(instant) ? nil : "\(text) is outside the supported instants, 1970-01-01T00:00:00Z to 2999-12-31T23:59:59Z"
    }
}
