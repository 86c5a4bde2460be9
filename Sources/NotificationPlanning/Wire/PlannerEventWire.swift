import Foundation
import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import AffirmationSelector

// An event's JSON (`--events`, a batch line's `"events"`): its keys are the cases of
// `PlannerEvent.Field`; which of them an event has depends on its `type`.

extension PlannerEvent {
    /// An event object's keys: `type`, `timestamp` and those of each type.
    enum Field: String, JSONFields {
        case type, timestamp, id, text, recordedOn, steps, goal, activity, durationSeconds, distanceKm, habitId, seconds, timeZone
        case announce, remainingThatDay, counts, kind, date, subject, fireAt, title, body
    }

    static let fields = JSONFieldTable<Field>()
}

extension PlannerEvent: Codable {

    /// Reads an event object: `type`, `timestamp` (ISO 8601 with a UTC offset) and the keys of
    /// that type (`docs/scheduling.md`); a `workoutCompleted` without `activity` is `other`.
    /// - Throws: `DecodingError` for an unknown `type`, a missing key or a malformed instant.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        func instant(_ key: Field) throws -> Date {
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
                            codingPath: c.codingPath + [Field.counts, JSONCodingKey(stringValue: text)],
                            debugDescription: "'\(text)' is not a date YYYY-MM-DD"))
                }
                guard InputLimits.achievementCount.contains(count) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: c.codingPath + [Field.counts, JSONCodingKey(stringValue: text)],
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
        var c = encoder.container(keyedBy: Field.self)
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
}

extension PlannerEvent {
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
        var members: [(key: Field, value: Member)] = [(.type, .text(type)), (.timestamp, .instant(timestamp))]
        switch payload {
        case let .achievementRecorded(id, _, _):
            if let id { members.append((.id, .text(id))) }
        case let .achievementRetrieved(id, text, recordedOn):
            members.append((.id, .text(id)))
            if let text { members.append((.text, .text(text))) }
            members.append((.recordedOn, .instant(recordedOn)))
        case let .stepsUpdated(steps, goal), let .appsUnlocked(steps, goal):
            members.append((.steps, .number(steps)))
            if let goal { members.append((.goal, .number(goal))) }
        case let .workoutCompleted(id, activity, duration, _):
            members += [(.id, .text(id)), (.activity, .text(activity)), (.durationSeconds, .number(duration))]
        case let .habitCompleted(id), let .habitDeleted(id):
            members.append((.habitId, .text(id)))
        case let .intervalSet(seconds):
            if let seconds { members.append((.seconds, .number(seconds))) }
        case .intervalCancelled, .appForeground, .appBackground, .achievementDeleted, .achievementHistory, .habitUncompleted,
            .notifiedElsewhere, .notificationPlanned, .plannedCancelled:
            break
        case let .timeZoneChanged(zone):
            members.append((.timeZone, .text(zone)))
        }
        members.sort { JSONStreamWriter.utf8Precedes($0.key.rawValue, $1.key.rawValue) }
        w.beginObject()
        for (key, value) in members {
            w.key(key.rawValue)
            switch value {
            case .text(let text): w.string(text)
            case .number(let number): w.int(number)
            case .instant(let instant): w.instant(instant, in: nil)
            }
        }
        w.endObject()
        // The writer's bytes are valid UTF-8 (written from strings): hashed as they are, the
        // same value as StableKey.hex of their text.
        return FNV1a.hex(bytes: w.bytes)
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

extension PlannerEvent {
    /// Reads an event object in its plain form (the byte reader of batch lines): the types
    /// added after the first ones (a deletion, a history, a planned notification…) are left to
    /// the strict decoder.
    /// - Throws: ``JSONCursor/Failure`` for anything the strict decoder must read.
    package init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        var type: String?, timestamp: Date?
        var id: String?, text: String?, recordedOn: Date?, activity: String?, habitID: String?, zone: String?
        var steps: Int?, goal: Int?, duration: Int?, seconds: Int?, distance: Double?
        // The keys other than type and timestamp that the line has.
        var present: FieldSet = []
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .type: type = try r.string()
            case .timestamp: timestamp = try r.eventInstant()
            case .id: id = try r.string(maxBytes: InputLimits.identifierBytes)
            case .text: text = try r.string(maxBytes: InputLimits.textBytes)
            case .recordedOn: recordedOn = try r.eventInstant()
            case .steps: steps = try r.int(in: InputLimits.steps)
            case .goal: goal = try r.int(in: InputLimits.stepGoal)
            case .activity: activity = try r.string(maxBytes: InputLimits.nameBytes)
            case .durationSeconds: duration = try r.int(in: InputLimits.workoutSeconds)
            case .distanceKm: distance = try r.double(in: InputLimits.distanceKm)
            case .habitId: habitID = try r.string(maxBytes: InputLimits.identifierBytes)
            case .seconds: seconds = try r.int()
            case .timeZone: zone = try r.string()
            case .announce, .remainingThatDay, .counts, .kind, .date, .subject, .fireAt, .title, .body: throw JSONCursor.Failure.unsupported
            }
            if field != .type && field != .timestamp { present.insert(FieldSet(field)) }
        }
        guard let type, let timestamp else { throw JSONCursor.Failure.unsupported }
        /// The payload's keys: each one it needs present, no other one.
        func only(_ allowed: FieldSet, requiring required: FieldSet = []) throws(JSONCursor.Failure) {
            guard present.isSubset(of: allowed), required.isSubset(of: present) else { throw JSONCursor.Failure.unsupported }
        }
        let payload: Payload
        switch type {
        case "achievementRecorded":
            try only([.id])
            payload = .achievementRecorded(id: id)
        case "achievementRetrieved":
            try only([.id, .text, .recordedOn], requiring: [.id, .recordedOn])
            payload = .achievementRetrieved(id: id!, text: text, recordedOn: recordedOn!)
        case "stepsUpdated":
            try only([.steps, .goal], requiring: [.steps])
            payload = .stepsUpdated(steps: steps!, goal: goal)
        case "workoutCompleted":
            try only([.id, .activity, .durationSeconds, .distanceKm], requiring: [.id, .durationSeconds])
            payload = .workoutCompleted(id: id!, activity: activity ?? "other", durationSeconds: duration!, distanceKm: distance)
        case "appsUnlocked":
            try only([.steps, .goal], requiring: [.steps])
            payload = .appsUnlocked(steps: steps!, goal: goal)
        case "habitCompleted":
            try only([.habitId], requiring: [.habitId])
            payload = .habitCompleted(habitID: habitID!)
        case "habitDeleted":
            try only([.habitId], requiring: [.habitId])
            payload = .habitDeleted(habitID: habitID!)
        case "intervalSet":
            try only([.seconds])
            payload = .intervalSet(seconds: seconds)
        case "intervalCancelled":
            try only([])
            payload = .intervalCancelled
        case "appForeground":
            try only([])
            payload = .appForeground
        case "appBackground":
            try only([])
            payload = .appBackground
        case "timeZoneChanged":
            try only([.timeZone], requiring: [.timeZone])
            payload = .timeZoneChanged(timeZone: zone!)
        default:
            throw JSONCursor.Failure.unsupported
        }
        self.init(payload, at: timestamp)
    }

    /// A set of an event's fields, as bits (the byte reader's check of a type's keys).
    private struct FieldSet: OptionSet {
        let rawValue: UInt32
        init(rawValue: UInt32) { self.rawValue = rawValue }
        init(_ field: Field) { rawValue = 1 << field.bit }
        static let id = FieldSet(.id)
        static let text = FieldSet(.text)
        static let recordedOn = FieldSet(.recordedOn)
        static let steps = FieldSet(.steps)
        static let goal = FieldSet(.goal)
        static let activity = FieldSet(.activity)
        static let durationSeconds = FieldSet(.durationSeconds)
        static let distanceKm = FieldSet(.distanceKm)
        static let habitId = FieldSet(.habitId)
        static let seconds = FieldSet(.seconds)
        static let timeZone = FieldSet(.timeZone)
    }
}

extension PlannerEvent.Field {
    /// The field's bit in a set of fields.
    fileprivate var bit: UInt32 {
        switch self {
        case .type: 0
        case .timestamp: 1
        case .id: 2
        case .text: 3
        case .recordedOn: 4
        case .steps: 5
        case .goal: 6
        case .activity: 7
        case .durationSeconds: 8
        case .distanceKm: 9
        case .habitId: 10
        case .seconds: 11
        case .timeZone: 12
        case .announce: 13
        case .remainingThatDay: 14
        case .counts: 15
        case .kind: 16
        case .date: 17
        case .subject: 18
        case .fireAt: 19
        case .title: 20
        case .body: 21
        }
    }
}
