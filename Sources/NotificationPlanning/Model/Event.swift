import MessageCatalog
import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

/// Something that happened in the app, with the instant it happened. Events arrive as JSON Lines
/// (`--events FILE`), one object a line: `{"type": "achievementRecorded", "timestamp":
/// "2026-11-23T18:05:00+01:00", …}`; the other keys depend on the type (see `docs/scheduling.md`).
public struct PlannerEvent: Sendable, Hashable, Codable {
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

    private enum Keys: String, CodingKey {
        case type, timestamp, id, text, recordedOn, steps, goal, activity, durationSeconds, distanceKm, habitId, seconds, timeZone
        case announce, remainingThatDay, counts, kind, date, subject, fireAt, title, body
    }

    /// Reads an event object: `type`, `timestamp` (ISO 8601 with a UTC offset) and the keys of
    /// that type (`docs/scheduling.md`); a `workoutCompleted` without `activity` is `other`.
    /// - Throws: `DecodingError` for an unknown `type`, a missing key or a malformed instant.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func instant(_ key: Keys) throws -> Date {
            let text = try c.decode(String.self, forKey: key)
            if let problem = InputLimits.instantProblem(text) {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: problem)
            }
            return ISO8601Instant.date(text)!
        }
        timestamp = try instant(.timestamp)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "achievementRecorded":
            payload = .achievementRecorded(
                id: try c.decodeTextIfPresent(forKey: .id, maxBytes: InputLimits.identifierBytes),
                recordedOn: c.contains(.recordedOn) ? try instant(.recordedOn) : nil,
                announce: try c.decodeIfPresent(Bool.self, forKey: .announce) ?? true)
        case "achievementDeleted":
            payload = .achievementDeleted(
                id: try c.decodeTextIfPresent(forKey: .id, maxBytes: InputLimits.identifierBytes),
                recordedOn: try instant(.recordedOn),
                remainingThatDay: try c.decodeIfPresent(Int.self, forKey: .remainingThatDay, in: InputLimits.achievementCount))
        case "achievementHistory":
            var counts: [LocalDate: Int] = [:]
            for (text, count) in try c.decode([String: Int].self, forKey: .counts) {
                guard let date = LocalDate(string: text) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: c.codingPath + [Keys.counts, JSONCodingKey(stringValue: text)],
                            debugDescription: "'\(text)' is not a date YYYY-MM-DD"))
                }
                guard InputLimits.achievementCount.contains(count) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: c.codingPath + [Keys.counts, JSONCodingKey(stringValue: text)],
                            debugDescription: "\(count) is out of range \(InputLimits.achievementCount.lowerBound)…\(InputLimits.achievementCount.upperBound)"))
                }
                counts[date] = count
            }
            payload = .achievementHistory(counts: counts)
        case "habitUncompleted":
            payload = .habitUncompleted(habitID: try c.decodeText(forKey: .habitId, maxBytes: InputLimits.identifierBytes))
        case "notifiedElsewhere":
            let text = try c.decode(String.self, forKey: .date)
            guard let date = LocalDate(string: text) else {
                throw DecodingError.dataCorruptedError(forKey: .date, in: c, debugDescription: "'\(text)' is not a date YYYY-MM-DD")
            }
            payload = .notifiedElsewhere(
                kind: try c.decode(NotificationKind.self, forKey: .kind), date: date,
                subject: try c.decodeTextIfPresent(forKey: .subject, maxBytes: InputLimits.identifierBytes))
        case "notificationPlanned":
            payload = .notificationPlanned(
                kind: try c.decode(NotificationKind.self, forKey: .kind),
                id: try c.decodeText(forKey: .id, maxBytes: InputLimits.identifierBytes),
                fireAt: try instant(.fireAt),
                title: try c.decodeText(forKey: .title, maxBytes: InputLimits.textBytes),
                body: try c.decodeText(forKey: .body, maxBytes: InputLimits.textBytes))
        case "plannedCancelled":
            payload = .plannedCancelled(
                kind: try c.decode(NotificationKind.self, forKey: .kind),
                id: try c.decodeText(forKey: .id, maxBytes: InputLimits.identifierBytes))
        case "achievementRetrieved":
            payload = .achievementRetrieved(
                id: try c.decodeText(forKey: .id, maxBytes: InputLimits.identifierBytes),
                text: try c.decodeTextIfPresent(forKey: .text, maxBytes: InputLimits.textBytes),
                recordedOn: try instant(.recordedOn))
        case "stepsUpdated":
            payload = .stepsUpdated(
                steps: try c.decode(Int.self, forKey: .steps, in: InputLimits.steps),
                goal: try c.decodeIfPresent(Int.self, forKey: .goal, in: InputLimits.stepGoal))
        case "workoutCompleted":
            payload = .workoutCompleted(
                id: try c.decodeText(forKey: .id, maxBytes: InputLimits.identifierBytes),
                activity: try c.decodeTextIfPresent(forKey: .activity, maxBytes: InputLimits.nameBytes) ?? "other",
                durationSeconds: try c.decode(Int.self, forKey: .durationSeconds, in: InputLimits.workoutSeconds),
                distanceKm: try c.decodeIfPresent(Double.self, forKey: .distanceKm, in: InputLimits.distanceKm))
        case "appsUnlocked":
            payload = .appsUnlocked(
                steps: try c.decode(Int.self, forKey: .steps, in: InputLimits.steps),
                goal: try c.decodeIfPresent(Int.self, forKey: .goal, in: InputLimits.stepGoal))
        case "habitCompleted":
            payload = .habitCompleted(habitID: try c.decodeText(forKey: .habitId, maxBytes: InputLimits.identifierBytes))
        case "habitDeleted":
            payload = .habitDeleted(habitID: try c.decodeText(forKey: .habitId, maxBytes: InputLimits.identifierBytes))
        case "intervalSet":
            payload = .intervalSet(seconds: try c.decodeIfPresent(Int.self, forKey: .seconds))
        case "intervalCancelled":
            payload = .intervalCancelled
        case "appForeground":
            payload = .appForeground
        case "appBackground":
            payload = .appBackground
        case "timeZoneChanged":
            payload = .timeZoneChanged(timeZone: try c.decode(String.self, forKey: .timeZone))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "Unknown event type '\(type)'.")
        }
    }

    /// Writes the event object that ``init(from:)`` reads (instants in UTC, ISO 8601).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(type, forKey: .type)
        try c.encode(ISO8601Instant.string(timestamp), forKey: .timestamp)
        switch payload {
        case let .achievementRecorded(id, recordedOn, announce):
            try c.encodeIfPresent(id, forKey: .id)
            try c.encodeIfPresent(recordedOn.map { ISO8601Instant.string($0) }, forKey: .recordedOn)
            if !announce { try c.encode(false, forKey: .announce) }
        case let .achievementDeleted(id, recordedOn, remaining):
            try c.encodeIfPresent(id, forKey: .id)
            try c.encode(ISO8601Instant.string(recordedOn), forKey: .recordedOn)
            try c.encodeIfPresent(remaining, forKey: .remainingThatDay)
        case let .achievementHistory(counts):
            try c.encode(Dictionary(uniqueKeysWithValues: counts.map { ($0.key.description, $0.value) }), forKey: .counts)
        case let .habitUncompleted(id):
            try c.encode(id, forKey: .habitId)
        case let .notifiedElsewhere(kind, date, subject):
            try c.encode(kind, forKey: .kind)
            try c.encode(date.description, forKey: .date)
            try c.encodeIfPresent(subject, forKey: .subject)
        case let .notificationPlanned(kind, id, fireAt, title, body):
            try c.encode(kind, forKey: .kind)
            try c.encode(id, forKey: .id)
            try c.encode(ISO8601Instant.string(fireAt), forKey: .fireAt)
            try c.encode(title, forKey: .title)
            try c.encode(body, forKey: .body)
        case let .plannedCancelled(kind, id):
            try c.encode(kind, forKey: .kind)
            try c.encode(id, forKey: .id)
        case let .achievementRetrieved(id, text, recordedOn):
            try c.encode(id, forKey: .id)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encode(ISO8601Instant.string(recordedOn), forKey: .recordedOn)
        case let .stepsUpdated(steps, goal), let .appsUnlocked(steps, goal):
            try c.encode(steps, forKey: .steps)
            try c.encodeIfPresent(goal, forKey: .goal)
        case let .workoutCompleted(id, activity, duration, distance):
            try c.encode(id, forKey: .id)
            try c.encode(activity, forKey: .activity)
            try c.encode(duration, forKey: .durationSeconds)
            try c.encodeIfPresent(distance, forKey: .distanceKm)
        case let .habitCompleted(id), let .habitDeleted(id):
            try c.encode(id, forKey: .habitId)
        case let .intervalSet(seconds):
            try c.encodeIfPresent(seconds, forKey: .seconds)
        case .intervalCancelled, .appForeground, .appBackground:
            break
        case let .timeZoneChanged(zone):
            try c.encode(zone, forKey: .timeZone)
        }
    }

    /// A stable fingerprint of the event (its canonical JSON, hashed), used to process each
    /// event once even when the same events file is given again.
    public var fingerprint: String {
        // A workout's distance is a Double: JSONEncoder's own number text. Everything else is
        // written by JSONStreamWriter, whose bytes are JSONEncoder's (a test compares them).
        if case .workoutCompleted(_, _, _, .some) = payload { return encodedFingerprint }
        switch payload {
        case .achievementRecorded(_, .some, _), .achievementRecorded(_, _, false), .achievementDeleted, .achievementHistory, .habitUncompleted,
            .notifiedElsewhere, .notificationPlanned, .plannedCancelled:
            // Kinds of events added later: JSONEncoder's bytes (what the stream writer would write).
            return encodedFingerprint
        default: break
        }
        var w = JSONStreamWriter()
        var members: [(key: String, value: Member)] = [("type", .text(type)), ("timestamp", .instant(timestamp))]
        switch payload {
        case let .achievementRecorded(id, _, _):
            if let id { members.append(("id", .text(id))) }
        case let .achievementRetrieved(id, text, recordedOn):
            members.append(("id", .text(id)))
            if let text { members.append(("text", .text(text))) }
            members.append(("recordedOn", .instant(recordedOn)))
        case let .stepsUpdated(steps, goal), let .appsUnlocked(steps, goal):
            members.append(("steps", .number(steps)))
            if let goal { members.append(("goal", .number(goal))) }
        case let .workoutCompleted(id, activity, duration, _):
            members += [("id", .text(id)), ("activity", .text(activity)), ("durationSeconds", .number(duration))]
        case let .habitCompleted(id), let .habitDeleted(id):
            members.append(("habitId", .text(id)))
        case let .intervalSet(seconds):
            if let seconds { members.append(("seconds", .number(seconds))) }
        case .intervalCancelled, .appForeground, .appBackground, .achievementDeleted, .achievementHistory, .habitUncompleted,
            .notifiedElsewhere, .notificationPlanned, .plannedCancelled:
            break
        case let .timeZoneChanged(zone):
            members.append(("timeZone", .text(zone)))
        }
        members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        w.beginObject()
        for (key, value) in members {
            w.key(key)
            switch value {
            case .text(let text): w.string(text)
            case .number(let number): w.int(number)
            case .instant(let instant): w.instant(instant, in: nil)
            }
        }
        w.endObject()
        return StableKey.hex(String(decoding: w.bytes, as: UTF8.self))
    }

    /// A member's value in ``fingerprint``.
    private enum Member {
        case text(String), number(Int), instant(Date)
    }

    /// ``fingerprint`` of the event's `JSONEncoder` encoding (sorted keys, slashes unescaped).
    var encodedFingerprint: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return StableKey.hex(String(decoding: data, as: UTF8.self))
    }

    /// Reads JSON Lines: one event per non-empty line.
    /// - Parameter text: the file's text.
    /// - Returns: the events with their 1-based line numbers, in file order.
    /// - Throws: `Diagnostic` with the line and column of the first bad line.
    public static func parseJSONLines(_ text: String) throws(Diagnostic) -> [(line: Int, event: PlannerEvent)] {
        try parseJSONLines(bytes: Array(text.utf8))
    }

    /// Reads JSON Lines from the file's bytes: one event per non-empty line. Invalid UTF-8,
    /// duplicate or unknown keys and out-of-range values are errors (``InputLimits``).
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the events with their 1-based line numbers, in file order.
    /// - Throws: `Diagnostic` with the line (and column, for invalid JSON) and the field of
    ///   the first bad line.
    public static func parseJSONLines(bytes: [UInt8]) throws(Diagnostic) -> [(line: Int, event: PlannerEvent)] {
        var out: [(Int, PlannerEvent)] = []
        let decoder = InputLimits.decoder
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard UTF8Validation.isValid(line) else {
                throw Diagnostic(.invalidEvent, "the line is not valid UTF-8", line: index + 1, column: 1)
            }
            do {
                out.append((index + 1, try decoder.decode(PlannerEvent.self, from: Array(line))))
            } catch let error as JSONSyntaxError {
                throw Diagnostic(.invalidEvent, "invalid JSON: \(error.message)", line: index + 1, column: error.position.column)
            } catch {
                throw Diagnostic(.invalidEvent, Diagnostic.describe(error), path: Diagnostic.field(of: error), line: index + 1, column: 1)
            }
        }
        return out
    }
}
