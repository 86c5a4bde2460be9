import Foundation
import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import AffirmationSelector

// The preferences' JSON (`msgtool schedule --config`, the preference keys of a batch line): each
// object's keys are the cases of its type's `Field`; one `read(_:from:)` switch over them serves
// both its decoder and its byte reader (`JSONFieldObject`), and its writer switches over them too.

extension NotificationPreferences {
    /// The preferences object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields {
        case timeZone, locale, tone, termOfAddress, authorization, permissionPrompt, scheduleWhenProvisional, notificationsEnabled, userSeed, budget
        case quietHours, dailyAffirmation, achievementReminder, retrieval, milestones, habits, interval, steps, kinds, budgetSharing, horizons
    }

    /// The preference keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()
}

extension NotificationPreferences: Codable {
    /// Reads the `--config` object: `timeZone` is required, every other key takes its default
    /// when absent. Ranges are checked by ``validate()``, not here.
    /// - Throws: `DecodingError` when `timeZone` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads (`kinds` keyed by the kinds' names; `kinds`,
    /// `budgetSharing` and `horizons` only when they are not the defaults).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .timeZone: try c.encode(timeZone, forKey: field)
            case .locale: try c.encode(locale, forKey: field)
            case .tone: try c.encode(tone, forKey: field)
            case .termOfAddress: try c.encode(termOfAddress, forKey: field)
            case .authorization: try c.encode(authorization, forKey: field)
            case .permissionPrompt: if permissionPrompt != .plan { try c.encode(permissionPrompt, forKey: field) }
            case .scheduleWhenProvisional: if scheduleWhenProvisional { try c.encode(scheduleWhenProvisional, forKey: field) }
            case .notificationsEnabled: try c.encode(notificationsEnabled, forKey: field)
            case .userSeed: try c.encode(userSeed, forKey: field)
            case .budget: try c.encode(budget, forKey: field)
            case .quietHours: try c.encodeIfPresent(quietHours, forKey: field)
            case .dailyAffirmation: try c.encode(dailyAffirmation, forKey: field)
            case .achievementReminder: try c.encode(achievementReminder, forKey: field)
            case .retrieval: try c.encode(retrieval, forKey: field)
            case .milestones: try c.encode(milestones, forKey: field)
            case .habits: try c.encode(habits, forKey: field)
            case .interval: try c.encode(interval, forKey: field)
            case .steps: try c.encode(steps, forKey: field)
            case .kinds: if !kinds.isEmpty { try c.encode(Dictionary(uniqueKeysWithValues: kinds.map { ($0.key.rawValue, $0.value) }), forKey: field) }
            case .budgetSharing: if budgetSharing != .nearestFirst { try c.encode(budgetSharing, forKey: field) }
            case .horizons: if horizons != PlanningHorizons() { try c.encode(horizons, forKey: field) }
            }
        }
    }
}

extension NotificationPreferences: JSONFieldObject {
    /// The key without a default.
    package static var requiredFields: [Field] { [.timeZone] }

    /// The value an object without keys gives (its zone then missing).
    package static var wireDefault: Self { NotificationPreferences(timeZone: "") }

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

    /// Reads the value of the preference `field` from a batch line's bytes.
    /// - Throws: ``JSONCursor/Failure``.
    package mutating func read(bytesOf field: Field, from r: inout JSONCursor) throws(JSONCursor.Failure) { try read(field, from: &r) }
}

extension QuietHours: JSONFieldObject {
    /// The `quietHours` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case start, end, spacingSeconds, policies }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The keys without a default.
    package static var requiredFields: [Field] { [.start, .end] }

    /// The value an object without keys gives.
    package static var wireDefault: Self { QuietHours(start: TimeOfDay(hour: 0), end: TimeOfDay(hour: 0)) }

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
}

extension QuietHours: Codable {
    /// Reads `{"start": "HH:mm", "end": "HH:mm", "spacingSeconds"?, "policies"?}`; spacing
    /// defaults to 120 s, `policies` maps a kind's raw value to `defer`, `drop` or `deliver`.
    /// - Throws: `DecodingError` when `start` or `end` is missing or malformed, or a policy names
    ///   an unknown kind.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the object that ``init(from:)`` reads, with every key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .start: try c.encode(start, forKey: field)
            case .end: try c.encode(end, forKey: field)
            case .spacingSeconds: try c.encode(spacingSeconds, forKey: field)
            case .policies: try c.encode(Dictionary(uniqueKeysWithValues: policies.map { ($0.key.rawValue, $0.value) }), forKey: field)
            }
        }
    }
}

extension DailyAffirmationSettings: JSONFieldObject {
    /// The `dailyAffirmation` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, time, windowDays, refillBelow, affirmations }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

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
}

extension DailyAffirmationSettings: Codable {
    /// Reads the `dailyAffirmation` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads (the optional ones when set).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .enabled: try c.encode(enabled, forKey: field)
            case .time: try c.encode(time, forKey: field)
            case .windowDays: try c.encode(windowDays, forKey: field)
            case .refillBelow: try c.encodeIfPresent(refillBelow, forKey: field)
            case .affirmations: try c.encodeIfPresent(affirmations, forKey: field)
            }
        }
    }
}

extension AchievementReminderSettings: JSONFieldObject {
    /// The `achievementReminder` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, time, frequency, anchorDate }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .time: time = try r.read(TimeOfDay.self) { r throws(JSONCursor.Failure) in try r.time() }
        case .frequency: frequency = try r.value(ReminderFrequency.self)
        case .anchorDate: anchorDate = try r.read(LocalDate.self) { r throws(JSONCursor.Failure) in try r.date() }
        }
    }
}

extension AchievementReminderSettings: Codable {
    /// Reads the `achievementReminder` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads (the anchor date when set).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .enabled: try c.encode(enabled, forKey: field)
            case .time: try c.encode(time, forKey: field)
            case .frequency: try c.encode(frequency, forKey: field)
            case .anchorDate: try c.encodeIfPresent(anchorDate, forKey: field)
            }
        }
    }
}

extension RetrievalSettings: JSONFieldObject {
    /// The `retrieval` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, includePreview, systemAllowsPreviews }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .includePreview: includePreview = try r.bool()
        case .systemAllowsPreviews: systemAllowsPreviews = try r.bool()
        }
    }
}

extension RetrievalSettings: Codable {
    /// Reads the `retrieval` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .enabled: try c.encode(enabled, forKey: field)
            case .includePreview: try c.encode(includePreview, forKey: field)
            case .systemAllowsPreviews: try c.encode(systemAllowsPreviews, forKey: field)
            }
        }
    }
}

extension PlanningHorizons: JSONFieldObject {
    /// The `horizons` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case reminderHorizonDays, dailyHabitHorizon, weeklyHabitHorizon }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .reminderHorizonDays: reminderHorizonDays = try r.int()
        case .dailyHabitHorizon: dailyHabitHorizon = try r.int()
        case .weeklyHabitHorizon: weeklyHabitHorizon = try r.int()
        }
    }
}

extension PlanningHorizons: Codable {
    /// Reads the `horizons` object; an absent key keeps the configuration's horizon (nil).
    /// Ranges are checked by `NotificationPreferences.validate()`.
    /// - Throws: `DecodingError` when a value is not a whole number.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the horizons that are set.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .reminderHorizonDays: try c.encodeIfPresent(reminderHorizonDays, forKey: field)
            case .dailyHabitHorizon: try c.encodeIfPresent(dailyHabitHorizon, forKey: field)
            case .weeklyHabitHorizon: try c.encodeIfPresent(weeklyHabitHorizon, forKey: field)
            }
        }
    }
}

extension MilestoneSettings: JSONFieldObject {
    /// The `milestones` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, streaks, counts, monthlySummary, yearlySummary, streakDays, countThresholds }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

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
}

extension MilestoneSettings: Codable {
    /// Reads the `milestones` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .enabled: try c.encode(enabled, forKey: field)
            case .streaks: try c.encode(streaks, forKey: field)
            case .counts: try c.encode(counts, forKey: field)
            case .monthlySummary: try c.encode(monthlySummary, forKey: field)
            case .yearlySummary: try c.encode(yearlySummary, forKey: field)
            case .streakDays: try c.encode(streakDays, forKey: field)
            case .countThresholds: try c.encode(countThresholds, forKey: field)
            }
        }
    }
}

extension HabitSettings: JSONFieldObject {
    /// A habit object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case id, name, period, reminderEnabled, hoursBefore }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The keys without a default.
    package static var requiredFields: [Field] { [.id, .name] }

    /// The value an object without keys gives.
    package static var wireDefault: Self { HabitSettings(id: "", name: "") }

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
}

extension HabitSettings: Codable {
    /// Reads one entry of `habits`: `id` and `name` are required; `period` defaults to daily,
    /// `reminderEnabled` to true, `hoursBefore` to 5 (its range is checked by
    /// ``NotificationPreferences/validate()``).
    /// - Throws: `DecodingError` when `id` or `name` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .id: try c.encode(id, forKey: field)
            case .name: try c.encode(name, forKey: field)
            case .period: try c.encode(period, forKey: field)
            case .reminderEnabled: try c.encode(reminderEnabled, forKey: field)
            case .hoursBefore: try c.encode(hoursBefore, forKey: field)
            }
        }
    }
}

extension IntervalSettings: JSONFieldObject {
    /// The `interval` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case enabled, seconds }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .enabled: enabled = try r.bool()
        case .seconds: seconds = try r.int()
        }
    }
}

extension IntervalSettings: Codable {
    /// Reads the `interval` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .enabled: try c.encode(enabled, forKey: field)
            case .seconds: try c.encode(seconds, forKey: field)
            }
        }
    }
}

extension StepSettings: JSONFieldObject {
    /// The `steps` object's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case goalEnabled, halfwayEnabled, workoutEnabled, unlockEnabled, goal }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// The value an object without keys gives.
    package static var wireDefault: Self { Self() }

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
}

extension StepSettings: Codable {
    /// Reads the `steps` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes every key that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .goalEnabled: try c.encode(goalEnabled, forKey: field)
            case .halfwayEnabled: try c.encode(halfwayEnabled, forKey: field)
            case .workoutEnabled: try c.encode(workoutEnabled, forKey: field)
            case .unlockEnabled: try c.encode(unlockEnabled, forKey: field)
            case .goal: try c.encode(goal, forKey: field)
            }
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
