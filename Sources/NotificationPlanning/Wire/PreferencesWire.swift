import Foundation
import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import AffirmationSelector

// The preferences' JSON (`msgtool schedule --config`, the preference keys of a batch line): each
// object's keys are the cases of its type's `Field`; one `read(_:from:)` switch over them serves
// both its decoder and its byte reader (`JSONFieldObject`), and its writer switches over them too.

extension NotificationPreferences: JSONFieldObject, Codable {
    /// The preferences object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields {
        case timeZone, locale, tone, termOfAddress, authorization, permissionPrompt, scheduleWhenProvisional, notificationsEnabled, userSeed, budget
        case quietHours, dailyAffirmation, achievementReminder, retrieval, milestones, habits, interval, steps, kinds, budgetSharing, horizons
    }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.timeZone])

    /// The value an object without keys gives (its zone then missing).
    package static var wireDefault: Self { NotificationPreferences(timeZone: "") }

    /// Reads the `--config` object: `timeZone` is required, every other key takes its default
    /// when absent. Ranges are checked by ``validate()``, not here.
    /// - Throws: `DecodingError` when `timeZone` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads (`kinds` keyed by the kinds' names; `kinds`,
    /// `budgetSharing` and `horizons` only when they are not the defaults).
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of the preference `field`, for both readers (the app's per-kind options
    /// only by the strict decoder).
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .timeZone: timeZone = try r.string()
        case .locale: locale = try r.string()
        case .tone: tone = try r.value(Tone.self)
        case .termOfAddress: termOfAddress = try r.value(AddressTerm.self)
        case .authorization: authorization = try r.value(AuthorizationStatus.self)
        case .permissionPrompt: permissionPrompt = try r.value(PermissionPrompt.self)
        case .scheduleWhenProvisional: scheduleWhenProvisional = try r.bool()
        case .notificationsEnabled: notificationsEnabled = try r.bool()
        case .userSeed: userSeed = try r.uint64()
        case .budget: budget = try r.int()
        case .quietHours: quietHours = try r.object(QuietHours.self)
        case .dailyAffirmation: dailyAffirmation = try r.object(DailyAffirmationSettings.self)
        case .achievementReminder: achievementReminder = try r.object(AchievementReminderSettings.self)
        case .retrieval: retrieval = try r.object(RetrievalSettings.self)
        case .milestones: milestones = try r.object(MilestoneSettings.self)
        case .habits: habits = try r.objects(HabitSettings.self)
        case .interval: interval = try r.object(IntervalSettings.self)
        case .steps: steps = try r.object(StepSettings.self)
        case .kinds:
            let named = try r.read([String: KindOptions].self) { _ throws(JSONCursor.Failure) in throw JSONCursor.Failure.unsupported }
            for (name, options) in named {
                guard let kind = NotificationKind(rawValue: name) else {
                    throw r.refusal("unknown kind '\(name)': use one of \(NotificationKind.allCases.map(\.rawValue).joined(separator: ", "))", at: name)
                }
                kinds[kind] = options
            }
        case .budgetSharing: budgetSharing = try r.value(BudgetSharing.self)
        case .horizons: horizons = try r.object(PlanningHorizons.self)
        }
    }

    /// Writes the value of the preference `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .timeZone: try w.string(timeZone, at: field)
        case .locale: try w.string(locale, at: field)
        case .tone: try w.value(tone, at: field)
        case .termOfAddress: try w.value(termOfAddress, at: field)
        case .authorization: try w.value(authorization, at: field)
        case .permissionPrompt: if permissionPrompt != .plan { try w.value(permissionPrompt, at: field) }
        case .scheduleWhenProvisional: if scheduleWhenProvisional { try w.bool(scheduleWhenProvisional, at: field) }
        case .notificationsEnabled: try w.bool(notificationsEnabled, at: field)
        case .userSeed: try w.uint64(userSeed, at: field)
        case .budget: try w.int(budget, at: field)
        case .quietHours: if let quietHours { try w.object(quietHours, at: field) }
        case .dailyAffirmation: try w.object(dailyAffirmation, at: field)
        case .achievementReminder: try w.object(achievementReminder, at: field)
        case .retrieval: try w.object(retrieval, at: field)
        case .milestones: try w.object(milestones, at: field)
        case .habits: try w.objects(habits, at: field)
        case .interval: try w.object(interval, at: field)
        case .steps: try w.object(steps, at: field)
        case .kinds:
            guard !kinds.isEmpty else { break }
            try w.write(Dictionary(uniqueKeysWithValues: kinds.map { ($0.key.rawValue, $0.value) }), at: field) { w in
                w.beginObject()
                for kind in kinds.keys.sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }) {
                    w.plainKey(kind.rawValue)
                    kinds[kind]!.write(to: &w)
                }
                w.endObject()
            }
        case .budgetSharing: if budgetSharing != .nearestFirst { try w.value(budgetSharing, at: field) }
        case .horizons: if horizons != PlanningHorizons() { try w.object(horizons, at: field) }
        }
    }

    /// Reads the value of the preference `field` from a batch line's bytes.
    /// - Throws: ``JSONCursor/Failure``.
    package mutating func read(bytesOf field: Field, from r: inout JSONCursor) throws(JSONCursor.Failure) { try read(field, from: &r) }
}

extension QuietHours: JSONFieldObject, Codable {
    /// The `quietHours` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case start, end, spacingSeconds, policies }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.start, .end])

    /// The value an object without keys gives.
    package static var wireDefault: Self { QuietHours(start: TimeOfDay(hour: 0), end: TimeOfDay(hour: 0)) }

    /// Reads `{"start": "HH:mm", "end": "HH:mm", "spacingSeconds"?, "policies"?}`; spacing
    /// defaults to 120 s, `policies` maps a kind's raw value to `defer`, `drop` or `deliver`.
    /// - Throws: `DecodingError` when `start` or `end` is missing or malformed, or a policy names
    ///   an unknown kind.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the object that ``init(from:)`` reads, with every key.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .start: start = try r.read(TimeOfDay.self) { r throws(JSONCursor.Failure) in try r.time() }
        case .end: end = try r.read(TimeOfDay.self) { r throws(JSONCursor.Failure) in try r.time() }
        case .spacingSeconds: spacingSeconds = try r.int(in: InputLimits.spacingSeconds)
        case .policies:
            let named = try r.read([String: QuietHoursPolicy].self) { r throws(JSONCursor.Failure) in
                try r.dictionary { r throws(JSONCursor.Failure) in try r.value(QuietHoursPolicy.self) }
            }
            for (name, policy) in named {
                guard let kind = NotificationKind(rawValue: name) else { throw r.refusal("Unknown kind '\(name)' in quietHours.policies.", at: nil) }
                policies[kind] = policy
            }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .start: try w.time(start, at: field)
        case .end: try w.time(end, at: field)
        case .spacingSeconds: try w.int(spacingSeconds, at: field)
        case .policies:
            let named = Dictionary(uniqueKeysWithValues: policies.map { ($0.key.rawValue, $0.value.rawValue) })
            try w.write(named, at: field) { w in w.object(named) }
        }
    }
}

extension DailyAffirmationSettings: JSONDefaultFieldObject, Codable {
    /// The `dailyAffirmation` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, time, windowDays, refillBelow, affirmations }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads the `dailyAffirmation` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads (the optional ones when set).
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .time: time = try r.read(TimeOfDay.self) { r throws(JSONCursor.Failure) in try r.time() }
        case .windowDays: windowDays = try r.int()
        case .refillBelow: refillBelow = try r.int()
        case .affirmations:
            affirmations = try r.read([String].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.string() }) }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .enabled: try w.bool(enabled, at: field)
        case .time: try w.time(time, at: field)
        case .windowDays: try w.int(windowDays, at: field)
        case .refillBelow: if let refillBelow { try w.int(refillBelow, at: field) }
        case .affirmations: if let affirmations { try w.write(affirmations, at: field) { w in w.strings(affirmations) } }
        }
    }
}

extension AchievementReminderSettings: JSONDefaultFieldObject, Codable {
    /// The `achievementReminder` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, time, frequency, anchorDate }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads the `achievementReminder` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads (the anchor date when set).
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .time: time = try r.read(TimeOfDay.self) { r throws(JSONCursor.Failure) in try r.time() }
        case .frequency: frequency = try r.value(ReminderFrequency.self)
        case .anchorDate: anchorDate = try r.read(LocalDate.self) { r throws(JSONCursor.Failure) in try r.date() }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .enabled: try w.bool(enabled, at: field)
        case .time: try w.time(time, at: field)
        case .frequency: try w.value(frequency, at: field)
        case .anchorDate: if let anchorDate { try w.date(anchorDate, at: field) }
        }
    }
}

extension RetrievalSettings: JSONDefaultFieldObject, Codable {
    /// The `retrieval` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, includePreview, systemAllowsPreviews }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads the `retrieval` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .includePreview: includePreview = try r.bool()
        case .systemAllowsPreviews: systemAllowsPreviews = try r.bool()
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .enabled: try w.bool(enabled, at: field)
        case .includePreview: try w.bool(includePreview, at: field)
        case .systemAllowsPreviews: try w.bool(systemAllowsPreviews, at: field)
        }
    }
}

extension PlanningHorizons: JSONFieldObject, Codable {
    /// The `horizons` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case reminderHorizonDays, dailyHabitHorizon, weeklyHabitHorizon }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives: no horizon set.
    package static var wireDefault: Self { Self() }

    /// Reads the `horizons` object; an absent key keeps the configuration's horizon (nil).
    /// Ranges are checked by `NotificationPreferences.validate()`.
    /// - Throws: `DecodingError` when a value is not a whole number.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the horizons that are set.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .reminderHorizonDays: reminderHorizonDays = try r.int()
        case .dailyHabitHorizon: dailyHabitHorizon = try r.int()
        case .weeklyHabitHorizon: weeklyHabitHorizon = try r.int()
        }
    }

    /// Writes the value of `field` when it is set, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        let value: Int?
        switch field {
        case .reminderHorizonDays: value = reminderHorizonDays
        case .dailyHabitHorizon: value = dailyHabitHorizon
        case .weeklyHabitHorizon: value = weeklyHabitHorizon
        }
        if let value { try w.int(value, at: field) }
    }
}

extension MilestoneSettings: JSONDefaultFieldObject, Codable {
    /// The `milestones` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, streaks, counts, monthlySummary, yearlySummary, streakDays, countThresholds }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads the `milestones` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .streaks: streaks = try r.bool()
        case .counts: counts = try r.bool()
        case .monthlySummary: monthlySummary = try r.bool()
        case .yearlySummary: yearlySummary = try r.bool()
        case .streakDays:
            streakDays = try r.read([Int].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.int() }) }
        case .countThresholds:
            countThresholds = try r.read([Int].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.int() }) }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .enabled: try w.bool(enabled, at: field)
        case .streaks: try w.bool(streaks, at: field)
        case .counts: try w.bool(counts, at: field)
        case .monthlySummary: try w.bool(monthlySummary, at: field)
        case .yearlySummary: try w.bool(yearlySummary, at: field)
        case .streakDays: try w.ints(streakDays, at: field)
        case .countThresholds: try w.ints(countThresholds, at: field)
        }
    }
}

extension HabitSettings: JSONFieldObject, Codable {
    /// A habit object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case id, name, period, reminderEnabled, hoursBefore }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.id, .name])

    /// The value an object without keys gives.
    package static var wireDefault: Self { HabitSettings(id: "", name: "") }

    /// Reads one entry of `habits`: `id` and `name` are required; `period` defaults to daily,
    /// `reminderEnabled` to true, `hoursBefore` to 5 (its range is checked by
    /// ``NotificationPreferences/validate()``).
    /// - Throws: `DecodingError` when `id` or `name` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .id: id = try r.string(maxBytes: InputLimits.identifierBytes)
        case .name: name = try r.string(maxBytes: InputLimits.nameBytes)
        case .period: period = try r.value(Period.self)
        case .reminderEnabled: reminderEnabled = try r.bool()
        case .hoursBefore: hoursBefore = try r.int()
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .id: try w.string(id, at: field)
        case .name: try w.string(name, at: field)
        case .period: try w.value(period, at: field)
        case .reminderEnabled: try w.bool(reminderEnabled, at: field)
        case .hoursBefore: try w.int(hoursBefore, at: field)
        }
    }
}

extension IntervalSettings: JSONDefaultFieldObject, Codable {
    /// The `interval` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, seconds }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads the `interval` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .seconds: seconds = try r.int()
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .enabled: try w.bool(enabled, at: field)
        case .seconds: try w.int(seconds, at: field)
        }
    }
}

extension StepSettings: JSONDefaultFieldObject, Codable {
    /// The `steps` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case goalEnabled, halfwayEnabled, workoutEnabled, unlockEnabled, goal }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads the `steps` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .goalEnabled: goalEnabled = try r.bool()
        case .halfwayEnabled: halfwayEnabled = try r.bool()
        case .workoutEnabled: workoutEnabled = try r.bool()
        case .unlockEnabled: unlockEnabled = try r.bool()
        case .goal: goal = try r.int(in: InputLimits.stepGoal)
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .goalEnabled: try w.bool(goalEnabled, at: field)
        case .halfwayEnabled: try w.bool(halfwayEnabled, at: field)
        case .workoutEnabled: try w.bool(workoutEnabled, at: field)
        case .unlockEnabled: try w.bool(unlockEnabled, at: field)
        case .goal: try w.int(goal, at: field)
        }
    }
}

extension JSONCursor {
    /// Reads a time written `HH:mm`.
    mutating func time() throws(Failure) -> TimeOfDay {
        let text = try string()
        guard let time = TimeOfDay(string: text) else { throw invalid(.dataCorrupted("'\(text)' is not a time written HH:mm (00:00 to 23:59).")) }
        return time
    }

    /// Reads a date written `YYYY-MM-DD`.
    mutating func date() throws(Failure) -> LocalDate {
        let text = try string()
        guard let date = LocalDate(string: text) else { throw invalid(.dataCorrupted("'\(text)' is not a date written YYYY-MM-DD.")) }
        return date
    }

    /// Reads an ISO 8601 instant (the state's instants: any the reader accepts).
    mutating func instant() throws(Failure) -> Date {
        guard let date = ISO8601Instant.date(try string()) else { throw Failure.unsupported }
        return date
    }

    /// Reads an event's instant: one of `InputLimits.instants`.
    mutating func eventInstant() throws(Failure) -> Date {
        let text = try string()
        guard InputLimits.instantProblem(text) == nil, let date = ISO8601Instant.date(text) else { throw Failure.unsupported }
        return date
    }
}
