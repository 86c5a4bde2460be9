import Foundation
import ToolkitSupport
import MessageCatalog
import ToolkitJSON
import AffirmationSelector

// The state file's JSON (`--state`, a batch line's `"state"`): its keys are the cases of
// `SchedulerState.Field`, and the decoder, the byte reader and both writers switch over them.

extension SchedulerState {
    /// The state object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields {
        case version, pending, permissionRequested, lastVariants, milestonesSent, dailyMarkers
        case achievementDays, achievementCount, monthlyCounts, yearlyCounts, habitCompletions, deletedHabits
        case appInForeground, deviceTimeZone, configTimeZone, plannedTimeZone, reminderAnchor, intervalSeconds
        case processedEvents, eventHorizon, workoutsNotified, affirmationsDeliveredThrough, recentlyFired
    }

    static let fields = JSONFieldTable<Field>()
}

extension SchedulerState: Codable {
    /// Reads a state file's object; every key may be absent (`{}` is a fresh install). Instants
    /// are ISO 8601 strings; `workoutsNotified` may also be the older list of ids.
    /// - Throws: `DecodingError` when a value has the wrong type or an instant is malformed.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Field.self)
        func instant(_ text: String, _ key: Field) throws -> Date {
            guard let date = ISO8601Instant.date(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "'\(text)' is not an ISO 8601 instant.")
            }
            return date
        }
        func instants(_ key: Field) throws -> [String: Date] {
            var out: [String: Date] = [:]
            for (name, text) in try c.decodeIfPresent([String: String].self, forKey: key) ?? [:] { out[name] = try instant(text, key) }
            return out
        }
        func counts(_ key: Field, _ range: ClosedRange<Int>) throws -> [String: Int] {
            let counts = try c.decodeIfPresent([String: Int].self, forKey: key) ?? [:]
            if let bad = counts.first(where: { !range.contains($0.value) }) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: c.codingPath + [key, JSONCodingKey(stringValue: bad.key)],
                        debugDescription: "\(bad.value) is out of range \(range.lowerBound)…\(range.upperBound)"))
            }
            return counts
        }
        var omitted: [NotificationRequest.Omitted] = []
        for field in Field.allCases {
            switch field {
            case .version:
                version = try c.decodeIfPresent(Int.self, forKey: field) ?? 1
                guard Self.readableVersions.contains(version) else {
                    throw DecodingError.dataCorruptedError(forKey: field, in: c, debugDescription: Self.unknownVersionMessage(version))
                }
            case .pending:
                if version == Self.compactVersion {
                    let compact = try c.decodeIfPresent([CompactRequestWire].self, forKey: field) ?? []
                    pending = compact.map(\.request)
                    omitted = compact.map(\.omitted)
                } else {
                    pending = try c.decodeIfPresent([NotificationRequest].self, forKey: field) ?? []
                }
            case .permissionRequested: permissionRequested = try c.decodeIfPresent(Bool.self, forKey: field) ?? false
            case .lastVariants: lastVariants = try counts(field, InputLimits.variant)
            case .milestonesSent: milestonesSent = try c.decodeIfPresent([String].self, forKey: field) ?? []
            case .dailyMarkers: dailyMarkers = try c.decodeIfPresent([String].self, forKey: field) ?? []
            case .achievementDays: achievementDays = try c.decodeIfPresent([LocalDate].self, forKey: field) ?? []
            case .achievementCount: achievementCount = try c.decodeIfPresent(Int.self, forKey: field, in: InputLimits.achievementCount) ?? 0
            case .monthlyCounts: monthlyCounts = try counts(field, InputLimits.achievementCount)
            case .yearlyCounts: yearlyCounts = try counts(field, InputLimits.achievementCount)
            case .habitCompletions: habitCompletions = try c.decodeIfPresent([String: [LocalDate]].self, forKey: field) ?? [:]
            case .deletedHabits: deletedHabits = try c.decodeIfPresent([String].self, forKey: field) ?? []
            case .appInForeground: appInForeground = try c.decodeIfPresent(Bool.self, forKey: field) ?? false
            case .deviceTimeZone: deviceTimeZone = try c.decodeIfPresent(String.self, forKey: field)
            case .configTimeZone: configTimeZone = try c.decodeIfPresent(String.self, forKey: field)
            case .plannedTimeZone: plannedTimeZone = try c.decodeIfPresent(String.self, forKey: field)
            case .reminderAnchor: reminderAnchor = try c.decodeIfPresent(ReminderAnchor.self, forKey: field)
            case .intervalSeconds: intervalSeconds = try c.decodeIfPresent(Int.self, forKey: field, in: IntervalSettings.range)
            case .processedEvents: processedEvents = try instants(field)
            case .eventHorizon:
                if let text = try c.decodeIfPresent(String.self, forKey: field) { eventHorizon = try instant(text, field) }
            case .workoutsNotified:
                // After eventHorizon: the older list of ids is stamped with it.
                if let stamped = try? c.decodeIfPresent([String: String].self, forKey: field) {
                    for (key, text) in stamped { workoutsNotified[key] = try instant(text, field) }
                } else if let ids = try c.decodeIfPresent([String].self, forKey: field) {
                    let stamp = eventHorizon ?? Date(timeIntervalSince1970: 0)
                    for id in ids { workoutsNotified[id] = stamp }
                }
            case .affirmationsDeliveredThrough: affirmationsDeliveredThrough = try c.decodeIfPresent(LocalDate.self, forKey: field)
            case .recentlyFired: recentlyFired = try instants(field)
            }
        }
        if version == Self.compactVersion, let index = expandCompact(omitted) {
            throw DecodingError.keyNotFound(
                NotificationRequest.Field.timeZone,
                .init(
                    codingPath: c.codingPath + [Field.pending, JSONCodingKey(intValue: index)],
                    debugDescription: "a request of a version 2 state without a timeZone takes the state's plannedTimeZone, which is missing"))
        }
    }

    /// Writes every key that ``init(from:)`` reads (optional ones only when set), instants as
    /// ISO 8601 in UTC. Use ``jsonData()`` for byte-stable output.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .version: try c.encode(version, forKey: field)
            case .pending: try c.encode(pending, forKey: field)
            case .permissionRequested: try c.encode(permissionRequested, forKey: field)
            case .lastVariants: try c.encode(lastVariants, forKey: field)
            case .milestonesSent: try c.encode(milestonesSent, forKey: field)
            case .dailyMarkers: try c.encode(dailyMarkers, forKey: field)
            case .achievementDays: try c.encode(achievementDays, forKey: field)
            case .achievementCount: try c.encode(achievementCount, forKey: field)
            case .monthlyCounts: try c.encode(monthlyCounts, forKey: field)
            case .yearlyCounts: try c.encode(yearlyCounts, forKey: field)
            case .habitCompletions: try c.encode(habitCompletions, forKey: field)
            case .deletedHabits: try c.encode(deletedHabits, forKey: field)
            case .appInForeground: try c.encode(appInForeground, forKey: field)
            case .deviceTimeZone: try c.encodeIfPresent(deviceTimeZone, forKey: field)
            case .configTimeZone: try c.encodeIfPresent(configTimeZone, forKey: field)
            case .plannedTimeZone: try c.encodeIfPresent(plannedTimeZone, forKey: field)
            case .reminderAnchor: try c.encodeIfPresent(reminderAnchor, forKey: field)
            case .intervalSeconds: try c.encodeIfPresent(intervalSeconds, forKey: field)
            case .processedEvents: try c.encode(processedEvents.mapValues { ISO8601Instant.string($0) }, forKey: field)
            case .eventHorizon: try c.encodeIfPresent(eventHorizon.map { ISO8601Instant.string($0) }, forKey: field)
            case .workoutsNotified: try c.encode(workoutsNotified.mapValues { ISO8601Instant.string($0) }, forKey: field)
            case .affirmationsDeliveredThrough: try c.encodeIfPresent(affirmationsDeliveredThrough, forKey: field)
            case .recentlyFired: try c.encode(recentlyFired.mapValues { ISO8601Instant.string($0) }, forKey: field)
            }
        }
    }
}

extension SchedulerState {
    /// The state as JSON (sorted keys, so equal states give equal bytes).
    /// - Returns: UTF-8 JSON.
    public func jsonData() throws -> Data {
        var writer = JSONStreamWriter(pretty: true)
        write(to: &writer)
        return Data(writer.bytes)
    }

    /// Reads a state file's JSON.
    /// - Parameter data: UTF-8 JSON (an empty file is a fresh state).
    /// - Returns: the state.
    /// - Throws: `Diagnostic` (`invalidState`) with the coding path.
    public static func from(json data: Data) throws(Diagnostic) -> SchedulerState {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return SchedulerState() }
        do {
            return try InputLimits.decoder.decode(SchedulerState.self, from: [UInt8](data))
        } catch let error as JSONSyntaxError {
            throw Diagnostic(.invalidState, "invalid JSON: \(error.message)", line: error.position.line, column: error.position.column)
        } catch {
            throw Diagnostic(.invalidState, Diagnostic.describe(error), path: Diagnostic.field(of: error))
        }
    }

    /// Reads a state object in its plain form (the byte reader of batch lines).
    /// - Throws: ``JSONCursor/Failure`` for anything the strict decoder must read.
    package init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        var omitted: [NotificationRequest.Omitted] = []
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .version:
                version = try r.int()
                guard Self.readableVersions.contains(version) else { throw r.invalid(.dataCorrupted(Self.unknownVersionMessage(version))) }
            case .pending:
                // A request's errors are worded by its decoder. A compact state writes its
                // version first; a compact request before it is read by the strict decoder.
                if version == Self.compactVersion {
                    let compact = try r.wordedByStrictDecoder { r throws(JSONCursor.Failure) in
                        try r.array { r throws(JSONCursor.Failure) in try NotificationRequest.readCompact(&r) }
                    }
                    pending = compact.map(\.0)
                    omitted = compact.map(\.1)
                } else {
                    pending = try r.wordedByStrictDecoder { r throws(JSONCursor.Failure) in
                        try r.array { r throws(JSONCursor.Failure) in try NotificationRequest(reading: &r) }
                    }
                }
            case .permissionRequested: permissionRequested = try r.bool()
            case .lastVariants: lastVariants = try r.dictionary { r throws(JSONCursor.Failure) in try r.int(in: InputLimits.variant) }
            case .milestonesSent: milestonesSent = try r.array { r throws(JSONCursor.Failure) in try r.string() }
            case .dailyMarkers: dailyMarkers = try r.array { r throws(JSONCursor.Failure) in try r.string() }
            case .achievementDays: achievementDays = try r.array { r throws(JSONCursor.Failure) in try r.date() }
            case .achievementCount: achievementCount = try r.int(in: InputLimits.achievementCount)
            case .monthlyCounts: monthlyCounts = try r.dictionary { r throws(JSONCursor.Failure) in try r.int(in: InputLimits.achievementCount) }
            case .yearlyCounts: yearlyCounts = try r.dictionary { r throws(JSONCursor.Failure) in try r.int(in: InputLimits.achievementCount) }
            case .habitCompletions:
                habitCompletions = try r.dictionary { r throws(JSONCursor.Failure) in try r.array { r throws(JSONCursor.Failure) in try r.date() } }
            case .deletedHabits: deletedHabits = try r.array { r throws(JSONCursor.Failure) in try r.string() }
            case .appInForeground: appInForeground = try r.bool()
            case .deviceTimeZone: deviceTimeZone = try r.string()
            case .configTimeZone: configTimeZone = try r.string()
            case .plannedTimeZone: plannedTimeZone = try r.string()
            case .reminderAnchor: reminderAnchor = try r.object(ReminderAnchor.self)
            case .intervalSeconds: intervalSeconds = try r.int(in: IntervalSettings.range)
            case .processedEvents: processedEvents = try r.dictionary { r throws(JSONCursor.Failure) in try r.instant() }
            case .eventHorizon: eventHorizon = try r.instant()
            case .workoutsNotified:
                // The older list of ids is read by the strict decoder.
                workoutsNotified = try r.wordedByStrictDecoder { r throws(JSONCursor.Failure) in
                    try r.dictionary { r throws(JSONCursor.Failure) in try r.instant() }
                }
            case .affirmationsDeliveredThrough: affirmationsDeliveredThrough = try r.date()
            case .recentlyFired: recentlyFired = try r.dictionary { r throws(JSONCursor.Failure) in try r.instant() }
            }
        }
        if version == Self.compactVersion {
            if omitted.count != pending.count { omitted = Array(repeating: [], count: pending.count) }
            // A request without a zone in a state without one: the strict decoder words it.
            if expandCompact(omitted) != nil { throw JSONCursor.Failure.unsupported }
        }
    }

    /// Writes the state object of ``encode(to:)`` (the state file, a batch line's `"state"`).
    package func write(to w: inout JSONStreamWriter) {
        func instants(_ values: [String: Date]) {
            w.beginObject()
            for name in JSONStreamWriter.sortedKeys(values) { w.key(name); w.instant(values[name]!, in: nil) }
            w.endObject()
        }
        func dates(_ values: [LocalDate]) {
            w.beginArray()
            for date in values { w.date(date) }
            w.endArray()
        }
        w.beginObject()
        for field in Self.fields.written {
            switch field {
            case .version: w.plainKey(field.rawValue); w.int(version)
            case .pending: w.plainKey(field.rawValue); NotificationRequest.write(pending, to: &w)
            case .permissionRequested: w.plainKey(field.rawValue); w.bool(permissionRequested)
            case .lastVariants: w.plainKey(field.rawValue); w.object(lastVariants)
            case .milestonesSent: w.plainKey(field.rawValue); w.strings(milestonesSent)
            case .dailyMarkers: w.plainKey(field.rawValue); w.strings(dailyMarkers)
            case .achievementDays: w.plainKey(field.rawValue); dates(achievementDays)
            case .achievementCount: w.plainKey(field.rawValue); w.int(achievementCount)
            case .monthlyCounts: w.plainKey(field.rawValue); w.object(monthlyCounts)
            case .yearlyCounts: w.plainKey(field.rawValue); w.object(yearlyCounts)
            case .habitCompletions:
                w.plainKey(field.rawValue)
                w.beginObject()
                for name in JSONStreamWriter.sortedKeys(habitCompletions) { w.key(name); dates(habitCompletions[name]!) }
                w.endObject()
            case .deletedHabits: w.plainKey(field.rawValue); w.strings(deletedHabits)
            case .appInForeground: w.plainKey(field.rawValue); w.bool(appInForeground)
            case .deviceTimeZone: if let deviceTimeZone { w.plainKey(field.rawValue); w.string(deviceTimeZone) }
            case .configTimeZone: if let configTimeZone { w.plainKey(field.rawValue); w.string(configTimeZone) }
            case .plannedTimeZone: if let plannedTimeZone { w.plainKey(field.rawValue); w.string(plannedTimeZone) }
            case .reminderAnchor:
                if let reminderAnchor { w.plainKey(field.rawValue); reminderAnchor.write(to: &w) }
            case .intervalSeconds: if let intervalSeconds { w.plainKey(field.rawValue); w.int(intervalSeconds) }
            case .processedEvents: w.plainKey(field.rawValue); instants(processedEvents)
            case .eventHorizon: if let eventHorizon { w.plainKey(field.rawValue); w.instant(eventHorizon, in: nil) }
            case .workoutsNotified: w.plainKey(field.rawValue); instants(workoutsNotified)
            case .affirmationsDeliveredThrough:
                if let affirmationsDeliveredThrough { w.plainKey(field.rawValue); w.string(affirmationsDeliveredThrough.description) }
            case .recentlyFired: w.plainKey(field.rawValue); instants(recentlyFired)
            }
        }
        w.endObject()
    }
}

extension SchedulerState.ReminderAnchor: JSONFieldObject {
    /// The anchor object's keys.
    package enum Field: String, JSONFields { case frequency, date }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.frequency, .date])

    /// The value before its keys are read.
    package static var wireDefault: Self { Self(frequency: .daily, date: LocalDate(year: 1, month: 1, day: 1)) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .frequency: frequency = try r.value(ReminderFrequency.self)
        case .date: date = try r.read(LocalDate.self) { r throws(JSONCursor.Failure) in try r.date() }
        }
    }
}

extension SchedulerState.ReminderAnchor: Codable {
    /// Reads `{"frequency", "date"}`.
    /// - Throws: `DecodingError` for a missing key or a value of the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes `{"frequency", "date"}`.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .frequency: try w.value(frequency, at: field)
        case .date: try w.date(date, at: field)
        }
    }
}
