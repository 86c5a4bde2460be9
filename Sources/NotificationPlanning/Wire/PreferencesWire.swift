import Foundation
import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import AffirmationSelector

// The preferences' JSON (`msgtool schedule --config`, the preference keys of a batch line): each
// object's keys are the cases of its type's `Field`, and its decoder, its byte reader and its
// writer switch over them.

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
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init(timeZone: "")
        for field in Field.allCases {
            switch field {
            case .timeZone: timeZone = try c.decode(String.self, forKey: field)
            case .locale: locale = try c.decodeIfPresent(String.self, forKey: field) ?? locale
            case .tone: tone = try c.decodeIfPresent(Tone.self, forKey: field) ?? tone
            case .termOfAddress: termOfAddress = try c.decodeIfPresent(AddressTerm.self, forKey: field) ?? termOfAddress
            case .authorization: authorization = try c.decodeIfPresent(AuthorizationStatus.self, forKey: field) ?? authorization
            case .permissionPrompt: permissionPrompt = try c.decodeIfPresent(PermissionPrompt.self, forKey: field) ?? permissionPrompt
            case .scheduleWhenProvisional: scheduleWhenProvisional = try c.decodeIfPresent(Bool.self, forKey: field) ?? scheduleWhenProvisional
            case .notificationsEnabled: notificationsEnabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? notificationsEnabled
            case .userSeed: userSeed = try c.decodeIfPresent(UInt64.self, forKey: field) ?? userSeed
            case .budget: budget = try c.decodeIfPresent(Int.self, forKey: field) ?? budget
            case .quietHours: quietHours = try c.decodeIfPresent(QuietHours.self, forKey: field)
            case .dailyAffirmation: dailyAffirmation = try c.decodeIfPresent(DailyAffirmationSettings.self, forKey: field) ?? dailyAffirmation
            case .achievementReminder: achievementReminder = try c.decodeIfPresent(AchievementReminderSettings.self, forKey: field) ?? achievementReminder
            case .retrieval: retrieval = try c.decodeIfPresent(RetrievalSettings.self, forKey: field) ?? retrieval
            case .milestones: milestones = try c.decodeIfPresent(MilestoneSettings.self, forKey: field) ?? milestones
            case .habits: habits = try c.decodeIfPresent([HabitSettings].self, forKey: field) ?? habits
            case .interval: interval = try c.decodeIfPresent(IntervalSettings.self, forKey: field) ?? interval
            case .steps: steps = try c.decodeIfPresent(StepSettings.self, forKey: field) ?? steps
            case .kinds:
                for (name, options) in try c.decodeIfPresent([String: KindOptions].self, forKey: field) ?? [:] {
                    guard let kind = NotificationKind(rawValue: name) else {
                        throw DecodingError.dataCorrupted(
                            .init(
                                codingPath: c.codingPath + [field, JSONCodingKey(stringValue: name)],
                                debugDescription: "unknown kind '\(name)': use one of \(NotificationKind.allCases.map(\.rawValue).joined(separator: ", "))"))
                    }
                    kinds[kind] = options
                }
            case .budgetSharing: budgetSharing = try c.decodeIfPresent(BudgetSharing.self, forKey: field) ?? budgetSharing
            case .horizons: horizons = try c.decodeIfPresent(PlanningHorizons.self, forKey: field) ?? horizons
            }
        }
    }

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

    /// Reads the value of the preference `field` in its plain form (the byte reader of batch
    /// lines): the app's per-kind options are left to the strict decoder.
    /// - Throws: ``JSONCursor/Failure`` for anything the strict decoder must read.
    package mutating func read(_ field: Field, from r: inout JSONCursor) throws(JSONCursor.Failure) {
        switch field {
        case .locale: locale = try r.string()
        case .timeZone: timeZone = try r.string()
        case .tone: tone = try r.value(Tone.self)
        case .termOfAddress: termOfAddress = try r.value(AddressTerm.self)
        case .authorization: authorization = try r.value(AuthorizationStatus.self)
        case .permissionPrompt: permissionPrompt = try r.value(PermissionPrompt.self)
        case .scheduleWhenProvisional: scheduleWhenProvisional = try r.bool()
        case .notificationsEnabled: notificationsEnabled = try r.bool()
        case .userSeed: userSeed = try r.uint64()
        case .budget: budget = try r.int()
        case .quietHours: quietHours = try QuietHours(reading: &r)
        case .dailyAffirmation: dailyAffirmation = try DailyAffirmationSettings(reading: &r)
        case .achievementReminder: achievementReminder = try AchievementReminderSettings(reading: &r)
        case .retrieval: retrieval = try RetrievalSettings(reading: &r)
        case .milestones: milestones = try MilestoneSettings(reading: &r)
        case .habits: habits = try r.array { r throws(JSONCursor.Failure) in try HabitSettings(reading: &r) }
        case .interval: interval = try IntervalSettings(reading: &r)
        case .steps: steps = try StepSettings(reading: &r)
        case .budgetSharing: budgetSharing = try r.value(BudgetSharing.self)
        case .horizons: horizons = try PlanningHorizons(reading: &r)
        case .kinds: throw JSONCursor.Failure.unsupported
        }
    }
}

extension QuietHours {
    /// The `quietHours` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case start, end, spacingSeconds, policies }

    static let fields = JSONFieldTable<Field>()
}

extension QuietHours: Codable {
    /// Reads `{"start": "HH:mm", "end": "HH:mm", "spacingSeconds"?, "policies"?}`; spacing
    /// defaults to 120 s, `policies` maps a kind's raw value to `defer`, `drop` or `deliver`.
    /// - Throws: `DecodingError` when `start` or `end` is missing or malformed, or a policy names
    ///   an unknown kind.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init(start: TimeOfDay(hour: 0), end: TimeOfDay(hour: 0))
        for field in Field.allCases {
            switch field {
            case .start: start = try c.decode(TimeOfDay.self, forKey: field)
            case .end: end = try c.decode(TimeOfDay.self, forKey: field)
            case .spacingSeconds: spacingSeconds = try c.decodeIfPresent(Int.self, forKey: field, in: InputLimits.spacingSeconds) ?? 120
            case .policies:
                for (name, policy) in try c.decodeIfPresent([String: QuietHoursPolicy].self, forKey: field) ?? [:] {
                    guard let kind = NotificationKind(rawValue: name) else {
                        throw DecodingError.dataCorruptedError(forKey: field, in: c, debugDescription: "Unknown kind '\(name)' in quietHours.policies.")
                    }
                    policies[kind] = policy
                }
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        var start: TimeOfDay?, end: TimeOfDay?
        var spacing = 120
        var policies: [NotificationKind: QuietHoursPolicy] = [:]
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .start: start = try r.time()
            case .end: end = try r.time()
            case .spacingSeconds: spacing = try r.int(in: InputLimits.spacingSeconds)
            case .policies:
                for (name, policy) in try r.dictionary(of: { r throws(JSONCursor.Failure) in try r.value(QuietHoursPolicy.self) }) {
                    guard let kind = NotificationKind(rawValue: name) else {
                        throw r.invalid(.dataCorrupted("Unknown kind '\(name)' in quietHours.policies."))
                    }
                    policies[kind] = policy
                }
            }
        }
        guard let start else { throw r.missing(Field.start.rawValue) }
        guard let end else { throw r.missing(Field.end.rawValue) }
        self.init(start: start, end: end)
        spacingSeconds = spacing
        self.policies = policies
    }
}

extension DailyAffirmationSettings {
    /// The `dailyAffirmation` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case enabled, time, windowDays, refillBelow, affirmations }

    static let fields = JSONFieldTable<Field>()
}

extension DailyAffirmationSettings: Codable {
    /// Reads the `dailyAffirmation` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .enabled: enabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? enabled
            case .time: time = try c.decodeIfPresent(TimeOfDay.self, forKey: field) ?? time
            case .windowDays: windowDays = try c.decodeIfPresent(Int.self, forKey: field) ?? windowDays
            case .refillBelow: refillBelow = try c.decodeIfPresent(Int.self, forKey: field)
            case .affirmations: affirmations = try c.decodeIfPresent([String].self, forKey: field)
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .enabled: enabled = try r.bool()
            case .time: time = try r.time()
            case .windowDays: windowDays = try r.int()
            case .refillBelow: refillBelow = try r.int()
            case .affirmations: affirmations = try r.array { r throws(JSONCursor.Failure) in try r.string() }
            }
        }
    }
}

extension AchievementReminderSettings {
    /// The `achievementReminder` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case enabled, time, frequency, anchorDate }

    static let fields = JSONFieldTable<Field>()
}

extension AchievementReminderSettings: Codable {
    /// Reads the `achievementReminder` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .enabled: enabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? enabled
            case .time: time = try c.decodeIfPresent(TimeOfDay.self, forKey: field) ?? time
            case .frequency: frequency = try c.decodeIfPresent(ReminderFrequency.self, forKey: field) ?? frequency
            case .anchorDate: anchorDate = try c.decodeIfPresent(LocalDate.self, forKey: field)
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .enabled: enabled = try r.bool()
            case .time: time = try r.time()
            case .frequency: frequency = try r.value(ReminderFrequency.self)
            case .anchorDate: anchorDate = try r.date()
            }
        }
    }
}

extension RetrievalSettings {
    /// The `retrieval` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case enabled, includePreview, systemAllowsPreviews }

    static let fields = JSONFieldTable<Field>()
}

extension RetrievalSettings: Codable {
    /// Reads the `retrieval` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .enabled: enabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? enabled
            case .includePreview: includePreview = try c.decodeIfPresent(Bool.self, forKey: field) ?? includePreview
            case .systemAllowsPreviews: systemAllowsPreviews = try c.decodeIfPresent(Bool.self, forKey: field) ?? systemAllowsPreviews
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .enabled: enabled = try r.bool()
            case .includePreview: includePreview = try r.bool()
            case .systemAllowsPreviews: systemAllowsPreviews = try r.bool()
            }
        }
    }
}

extension PlanningHorizons {
    /// The `horizons` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case reminderHorizonDays, dailyHabitHorizon, weeklyHabitHorizon }

    static let fields = JSONFieldTable<Field>()
}

extension PlanningHorizons: Codable {
    /// Reads the `horizons` object; an absent key keeps the configuration's horizon (nil).
    /// Ranges are checked by `NotificationPreferences.validate()`.
    /// - Throws: `DecodingError` when a value is not a whole number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .reminderHorizonDays: reminderHorizonDays = try c.decodeIfPresent(Int.self, forKey: field)
            case .dailyHabitHorizon: dailyHabitHorizon = try c.decodeIfPresent(Int.self, forKey: field)
            case .weeklyHabitHorizon: weeklyHabitHorizon = try c.decodeIfPresent(Int.self, forKey: field)
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .reminderHorizonDays: reminderHorizonDays = try r.int()
            case .dailyHabitHorizon: dailyHabitHorizon = try r.int()
            case .weeklyHabitHorizon: weeklyHabitHorizon = try r.int()
            }
        }
    }
}

extension MilestoneSettings {
    /// The `milestones` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case enabled, streaks, counts, monthlySummary, yearlySummary, streakDays, countThresholds }

    static let fields = JSONFieldTable<Field>()
}

extension MilestoneSettings: Codable {
    /// Reads the `milestones` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .enabled: enabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? enabled
            case .streaks: streaks = try c.decodeIfPresent(Bool.self, forKey: field) ?? streaks
            case .counts: counts = try c.decodeIfPresent(Bool.self, forKey: field) ?? counts
            case .monthlySummary: monthlySummary = try c.decodeIfPresent(Bool.self, forKey: field) ?? monthlySummary
            case .yearlySummary: yearlySummary = try c.decodeIfPresent(Bool.self, forKey: field) ?? yearlySummary
            case .streakDays: streakDays = try c.decodeIfPresent([Int].self, forKey: field) ?? streakDays
            case .countThresholds: countThresholds = try c.decodeIfPresent([Int].self, forKey: field) ?? countThresholds
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .enabled: enabled = try r.bool()
            case .streaks: streaks = try r.bool()
            case .counts: counts = try r.bool()
            case .monthlySummary: monthlySummary = try r.bool()
            case .yearlySummary: yearlySummary = try r.bool()
            case .streakDays: streakDays = try r.array { r throws(JSONCursor.Failure) in try r.int() }
            case .countThresholds: countThresholds = try r.array { r throws(JSONCursor.Failure) in try r.int() }
            }
        }
    }
}

extension HabitSettings {
    /// A habit object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case id, name, period, reminderEnabled, hoursBefore }

    static let fields = JSONFieldTable<Field>()
}

extension HabitSettings: Codable {
    /// Reads one entry of `habits`: `id` and `name` are required; `period` defaults to daily,
    /// `reminderEnabled` to true, `hoursBefore` to 5 (its range is checked by
    /// ``NotificationPreferences/validate()``).
    /// - Throws: `DecodingError` when `id` or `name` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init(id: "", name: "")
        for field in Field.allCases {
            switch field {
            case .id: id = try c.decodeText(forKey: field, maxBytes: InputLimits.identifierBytes)
            case .name: name = try c.decodeText(forKey: field, maxBytes: InputLimits.nameBytes)
            case .period: period = try c.decodeIfPresent(Period.self, forKey: field) ?? period
            case .reminderEnabled: reminderEnabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? reminderEnabled
            case .hoursBefore: hoursBefore = try c.decodeIfPresent(Int.self, forKey: field) ?? hoursBefore
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        var id: String?, name: String?
        var period = Period.daily, reminderEnabled = true, hoursBefore = 5
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .id: id = try r.string(maxBytes: InputLimits.identifierBytes)
            case .name: name = try r.string(maxBytes: InputLimits.nameBytes)
            case .period: period = try r.value(Period.self)
            case .reminderEnabled: reminderEnabled = try r.bool()
            case .hoursBefore: hoursBefore = try r.int()
            }
        }
        guard let id else { throw r.missing(Field.id.rawValue) }
        guard let name else { throw r.missing(Field.name.rawValue) }
        self.init(id: id, name: name, period: period, reminderEnabled: reminderEnabled, hoursBefore: hoursBefore)
    }
}

extension IntervalSettings {
    /// The `interval` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case enabled, seconds }

    static let fields = JSONFieldTable<Field>()
}

extension IntervalSettings: Codable {
    /// Reads the `interval` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .enabled: enabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? enabled
            case .seconds: seconds = try c.decodeIfPresent(Int.self, forKey: field) ?? seconds
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .enabled: enabled = try r.bool()
            case .seconds: seconds = try r.int()
            }
        }
    }
}

extension StepSettings {
    /// The `steps` object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case goalEnabled, halfwayEnabled, workoutEnabled, unlockEnabled, goal }

    static let fields = JSONFieldTable<Field>()
}

extension StepSettings: Codable {
    /// Reads the `steps` object; absent keys take the defaults of ``init()``.
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init()
        for field in Field.allCases {
            switch field {
            case .goalEnabled: goalEnabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? goalEnabled
            case .halfwayEnabled: halfwayEnabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? halfwayEnabled
            case .workoutEnabled: workoutEnabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? workoutEnabled
            case .unlockEnabled: unlockEnabled = try c.decodeIfPresent(Bool.self, forKey: field) ?? unlockEnabled
            case .goal: goal = try c.decodeIfPresent(Int.self, forKey: field, in: InputLimits.stepGoal) ?? goal
            }
        }
    }

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

    /// Reads the object in its plain form.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        self.init()
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .goalEnabled: goalEnabled = try r.bool()
            case .halfwayEnabled: halfwayEnabled = try r.bool()
            case .workoutEnabled: workoutEnabled = try r.bool()
            case .unlockEnabled: unlockEnabled = try r.bool()
            case .goal: goal = try r.int(in: InputLimits.stepGoal)
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
