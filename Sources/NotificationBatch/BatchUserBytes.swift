import NotificationPlanning
import Foundation
import MessageCatalog
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

// A batch line read straight from its bytes into the model (`JSONCursor`), without the JSON tree
// and the `Decodable` layer of `JSONNodeDecoder`: the same values for every line the strict
// decoder accepts in its plain form. Whatever the cursor does not read here (an unknown or
// missing key, a value out of range, `null`, an escape in a string, invalid JSON…) throws
// `Miss`, and ``BatchUser/decode(bytes:)`` decodes the line again with the `Decodable`
// conformances, which word the error. So each type's keys are read in one `switch` below, next
// to nothing else: a new key is one `case` line here (until it has one, lines that use it take
// the strict path, with the same result).

typealias Miss = JSONCursor.Miss

extension BatchUser {
    /// The user of a line in the plain form, or nil when the line needs the strict decoder.
    static func read(bytes: [UInt8]) -> BatchUser? {
        var r = JSONCursor(bytes)
        var id: String?
        var hasZone = false
        var preferences = NotificationPreferences(timeZone: "")
        var state = SchedulerState()
        var events: [PlannerEvent] = []
        do {
            try r.object { r, key throws(Miss) in
                switch key {
                case "id": id = try r.string(maxBytes: InputLimits.identifierBytes)
                case "state": state = try SchedulerState(reading: &r)
                case "events": events = try r.array { r throws(Miss) in try PlannerEvent(reading: &r) }
                case "timeZone": hasZone = true; try preferences.read(key, from: &r)
                default: try preferences.read(key, from: &r)
                }
            }
            try r.end()
        } catch {
            return nil
        }
        guard let id, hasZone else { return nil }
        return BatchUser(id: id, preferences: preferences, state: state, events: events)
    }
}

extension NotificationPreferences {
    /// Reads the value of the preference `key`.
    mutating func read(_ key: JSONCursor.Key, from r: inout JSONCursor) throws(Miss) {
        switch key {
        case "locale": locale = try r.string()
        case "timeZone": timeZone = try r.string()
        case "tone": tone = try r.value(Tone.self)
        case "termOfAddress": termOfAddress = try r.value(AddressTerm.self)
        case "authorization": authorization = try r.value(AuthorizationStatus.self)
        case "permissionPrompt": permissionPrompt = try r.value(PermissionPrompt.self)
        case "scheduleWhenProvisional": scheduleWhenProvisional = try r.bool()
        case "notificationsEnabled": notificationsEnabled = try r.bool()
        case "userSeed": userSeed = try r.uint64()
        case "budget": budget = try r.int()
        case "quietHours": quietHours = try QuietHours(reading: &r)
        case "dailyAffirmation": dailyAffirmation = try DailyAffirmationSettings(reading: &r)
        case "achievementReminder": achievementReminder = try AchievementReminderSettings(reading: &r)
        case "retrieval": retrieval = try RetrievalSettings(reading: &r)
        case "milestones": milestones = try MilestoneSettings(reading: &r)
        case "habits": habits = try r.array { r throws(Miss) in try HabitSettings(reading: &r) }
        case "interval": interval = try IntervalSettings(reading: &r)
        case "steps": steps = try StepSettings(reading: &r)
        default: throw Miss()
        }
    }
}

extension JSONCursor {
    /// Reads a time written `HH:mm`.
    mutating func time() throws(Miss) -> TimeOfDay {
        guard let time = TimeOfDay(string: try string()) else { throw Miss() }
        return time
    }

    /// Reads a date written `YYYY-MM-DD`.
    mutating func date() throws(Miss) -> LocalDate {
        guard let date = LocalDate(string: try string()) else { throw Miss() }
        return date
    }

    /// Reads an ISO 8601 instant (the state's instants: any the reader accepts).
    mutating func instant() throws(Miss) -> Date {
        guard let date = ISO8601Instant.date(try string()) else { throw Miss() }
        return date
    }

    /// Reads an event's instant: one of `InputLimits.instants`.
    mutating func eventInstant() throws(Miss) -> Date {
        let text = try string()
        guard InputLimits.instantProblem(text) == nil, let date = ISO8601Instant.date(text) else { throw Miss() }
        return date
    }
}

extension QuietHours {
    init(reading r: inout JSONCursor) throws(Miss) {
        var start: TimeOfDay?, end: TimeOfDay?
        var spacing = 120
        var policies: [NotificationKind: QuietHoursPolicy] = [:]
        try r.object { r, key throws(Miss) in
            switch key {
            case "start": start = try r.time()
            case "end": end = try r.time()
            case "spacingSeconds": spacing = try r.int(in: InputLimits.spacingSeconds)
            case "policies":
                try r.object { r, key throws(Miss) in
                    guard let kind = NotificationKind(rawValue: try key.string()) else { throw Miss() }
                    policies[kind] = try r.value(QuietHoursPolicy.self)
                }
            default: throw Miss()
            }
        }
        guard let start, let end else { throw Miss() }
        self.init(start: start, end: end)
        spacingSeconds = spacing
        self.policies = policies
    }
}

extension DailyAffirmationSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "enabled": enabled = try r.bool()
            case "time": time = try r.time()
            case "windowDays": windowDays = try r.int()
            case "refillBelow": refillBelow = try r.int()
            default: throw Miss()
            }
        }
    }
}

extension AchievementReminderSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "enabled": enabled = try r.bool()
            case "time": time = try r.time()
            case "frequency": frequency = try r.value(ReminderFrequency.self)
            case "anchorDate": anchorDate = try r.date()
            default: throw Miss()
            }
        }
    }
}

extension RetrievalSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "enabled": enabled = try r.bool()
            case "includePreview": includePreview = try r.bool()
            case "systemAllowsPreviews": systemAllowsPreviews = try r.bool()
            default: throw Miss()
            }
        }
    }
}

extension MilestoneSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "enabled": enabled = try r.bool()
            case "streaks": streaks = try r.bool()
            case "counts": counts = try r.bool()
            case "monthlySummary": monthlySummary = try r.bool()
            case "yearlySummary": yearlySummary = try r.bool()
            default: throw Miss()
            }
        }
    }
}

extension HabitSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        var id: String?, name: String?
        var period = Period.daily, reminderEnabled = true, hoursBefore = 5
        try r.object { r, key throws(Miss) in
            switch key {
            case "id": id = try r.string(maxBytes: InputLimits.identifierBytes)
            case "name": name = try r.string(maxBytes: InputLimits.nameBytes)
            case "period": period = try r.value(Period.self)
            case "reminderEnabled": reminderEnabled = try r.bool()
            case "hoursBefore": hoursBefore = try r.int()
            default: throw Miss()
            }
        }
        guard let id, let name else { throw Miss() }
        self.init(id: id, name: name, period: period, reminderEnabled: reminderEnabled, hoursBefore: hoursBefore)
    }
}

extension IntervalSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "enabled": enabled = try r.bool()
            case "seconds": seconds = try r.int()
            default: throw Miss()
            }
        }
    }
}

extension StepSettings {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "goalEnabled": goalEnabled = try r.bool()
            case "halfwayEnabled": halfwayEnabled = try r.bool()
            case "workoutEnabled": workoutEnabled = try r.bool()
            case "unlockEnabled": unlockEnabled = try r.bool()
            case "goal": goal = try r.int(in: InputLimits.stepGoal)
            default: throw Miss()
            }
        }
    }
}

extension PlannerEvent {
    init(reading r: inout JSONCursor) throws(Miss) {
        var type: String?, timestamp: Date?
        var id: String?, text: String?, recordedOn: Date?, activity: String?, habitID: String?, zone: String?
        var steps: Int?, goal: Int?, duration: Int?, seconds: Int?, distance: Double?
        // The keys other than type and timestamp that the line has, as bits of `EventKey`.
        var present: EventKey = []
        try r.object { r, key throws(Miss) in
            switch key {
            case "type": type = try r.string()
            case "timestamp": timestamp = try r.eventInstant()
            case "id": id = try r.string(maxBytes: InputLimits.identifierBytes); present.insert(.id)
            case "text": text = try r.string(maxBytes: InputLimits.textBytes); present.insert(.text)
            case "recordedOn": recordedOn = try r.eventInstant(); present.insert(.recordedOn)
            case "steps": steps = try r.int(in: InputLimits.steps); present.insert(.steps)
            case "goal": goal = try r.int(in: InputLimits.stepGoal); present.insert(.goal)
            case "activity": activity = try r.string(maxBytes: InputLimits.nameBytes); present.insert(.activity)
            case "durationSeconds": duration = try r.int(in: InputLimits.workoutSeconds); present.insert(.durationSeconds)
            case "distanceKm": distance = try r.double(in: InputLimits.distanceKm); present.insert(.distanceKm)
            case "habitId": habitID = try r.string(maxBytes: InputLimits.identifierBytes); present.insert(.habitId)
            case "seconds": seconds = try r.int(); present.insert(.seconds)
            case "timeZone": zone = try r.string(); present.insert(.timeZone)
            default: throw Miss()
            }
        }
        guard let type, let timestamp else { throw Miss() }
        /// The payload's keys: each one it needs present, no other one.
        func only(_ allowed: EventKey, requiring required: EventKey = []) throws(Miss) {
            guard present.isSubset(of: allowed), required.isSubset(of: present) else { throw Miss() }
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
            throw Miss()
        }
        self.init(payload, at: timestamp)
    }
}

/// The keys of an event object other than `type` and `timestamp`.
private struct EventKey: OptionSet {
    let rawValue: UInt16
    static let id = EventKey(rawValue: 1 << 0)
    static let text = EventKey(rawValue: 1 << 1)
    static let recordedOn = EventKey(rawValue: 1 << 2)
    static let steps = EventKey(rawValue: 1 << 3)
    static let goal = EventKey(rawValue: 1 << 4)
    static let activity = EventKey(rawValue: 1 << 5)
    static let durationSeconds = EventKey(rawValue: 1 << 6)
    static let distanceKm = EventKey(rawValue: 1 << 7)
    static let habitId = EventKey(rawValue: 1 << 8)
    static let seconds = EventKey(rawValue: 1 << 9)
    static let timeZone = EventKey(rawValue: 1 << 10)
}

extension SchedulerState {
    init(reading r: inout JSONCursor) throws(Miss) {
        self.init()
        try r.object { r, key throws(Miss) in
            switch key {
            case "version": version = try r.int()
            case "pending": pending = try r.array { r throws(Miss) in try NotificationRequest(reading: &r) }
            case "permissionRequested": permissionRequested = try r.bool()
            case "lastVariants": lastVariants = try r.dictionary { r throws(Miss) in try r.int(in: InputLimits.variant) }
            case "milestonesSent": milestonesSent = try r.array { r throws(Miss) in try r.string() }
            case "dailyMarkers": dailyMarkers = try r.array { r throws(Miss) in try r.string() }
            case "workoutsNotified": workoutsNotified = try r.dictionary { r throws(Miss) in try r.instant() }
            case "achievementDays": achievementDays = try r.array { r throws(Miss) in try r.date() }
            case "achievementCount": achievementCount = try r.int(in: InputLimits.achievementCount)
            case "monthlyCounts": monthlyCounts = try r.dictionary { r throws(Miss) in try r.int(in: InputLimits.achievementCount) }
            case "yearlyCounts": yearlyCounts = try r.dictionary { r throws(Miss) in try r.int(in: InputLimits.achievementCount) }
            case "habitCompletions":
                habitCompletions = try r.dictionary { r throws(Miss) in try r.array { r throws(Miss) in try r.date() } }
            case "deletedHabits": deletedHabits = try r.array { r throws(Miss) in try r.string() }
            case "appInForeground": appInForeground = try r.bool()
            case "deviceTimeZone": deviceTimeZone = try r.string()
            case "configTimeZone": configTimeZone = try r.string()
            case "plannedTimeZone": plannedTimeZone = try r.string()
            case "reminderAnchor":
                var frequency: ReminderFrequency?, date: LocalDate?
                try r.object { r, key throws(Miss) in
                    switch key {
                    case "frequency": frequency = try r.value(ReminderFrequency.self)
                    case "date": date = try r.date()
                    default: throw Miss()
                    }
                }
                guard let frequency, let date else { throw Miss() }
                reminderAnchor = ReminderAnchor(frequency: frequency, date: date)
            case "intervalSeconds": intervalSeconds = try r.int(in: IntervalSettings.range)
            case "processedEvents": processedEvents = try r.dictionary { r throws(Miss) in try r.instant() }
            case "eventHorizon": eventHorizon = try r.instant()
            case "affirmationsDeliveredThrough": affirmationsDeliveredThrough = try r.date()
            case "recentlyFired": recentlyFired = try r.dictionary { r throws(Miss) in try r.instant() }
            default: throw Miss()
            }
        }
    }
}

extension NotificationRequest {
    init(reading r: inout JSONCursor) throws(Miss) {
        var identifier: String?, kind: NotificationKind?, fireDate: Date?, zone: String?, trigger: NotificationTrigger?
        var title: String?, body: String?, category: String?, thread: String?
        var userInfo: [String: String] = [:], badge: Int?, floating: Bool?
        try r.object { r, key throws(Miss) in
            switch key {
            case "identifier": identifier = try r.string()
            case "kind": kind = try r.value(NotificationKind.self)
            case "fireDate": fireDate = try r.instant()
            case "timeZone": zone = try r.string()
            case "trigger": trigger = try NotificationTrigger(reading: &r)
            case "title": title = try r.string()
            case "body": body = try r.string()
            case "categoryIdentifier": category = try r.string()
            case "threadIdentifier": thread = try r.string()
            case "userInfo": userInfo = try r.dictionary { r throws(Miss) in try r.string() }
            case "badge": badge = try r.int(in: 0...10_000)
            case "floating": floating = try r.bool()
            default: throw Miss()
            }
        }
        guard let identifier, let kind, let fireDate, let zone, let trigger, let title, let body, let category, let thread else { throw Miss() }
        self.init(
            identifier: identifier, kind: kind, fireDate: fireDate, timeZone: zone, trigger: trigger, title: title, body: body,
            categoryIdentifier: category, threadIdentifier: thread, userInfo: userInfo, badge: badge, floating: floating ?? kind.floats)
    }
}

extension NotificationTrigger {
    init(reading r: inout JSONCursor) throws(Miss) {
        var type: String?, components: [Int]?, zone: String?, seconds: Int?
        var hasZone = false
        try r.object { r, key throws(Miss) in
            switch key {
            case "type": type = try r.string()
            case "repeats": guard try r.bool() == false else { throw Miss() }
            case "timeZone": zone = try r.string(); hasZone = true
            case "seconds": seconds = try r.int(in: InputLimits.triggerSeconds)
            case "dateComponents":
                // year, month, day, hour, minute, second
                var parts: [Int?] = Array(repeating: nil, count: 6)
                try r.object { r, key throws(Miss) in
                    let index: Int
                    switch key {
                    case "year": index = 0
                    case "month": index = 1
                    case "day": index = 2
                    case "hour": index = 3
                    case "minute": index = 4
                    case "second": index = 5
                    default: throw Miss()
                    }
                    parts[index] = try r.int()
                }
                guard !parts.contains(nil) else { throw Miss() }
                components = parts.compactMap { $0 }
            default: throw Miss()
            }
        }
        switch type {
        case "calendar":
            guard let c = components, seconds == nil, (1...9999).contains(c[0]), (1...12).contains(c[1]),
                (1...LocalDate.daysInMonth(year: c[0], month: c[1])).contains(c[2]),
                (0...23).contains(c[3]), (0...59).contains(c[4]), (0...59).contains(c[5])
            else { throw Miss() }
            self = .calendar(
                date: LocalDate(year: c[0], month: c[1], day: c[2]), time: TimeOfDay(hour: c[3], minute: c[4]),
                second: c[5], timeZone: zone)
        case "interval":
            guard let seconds, components == nil, !hasZone else { throw Miss() }
            self = .interval(seconds: seconds)
        case "immediate":
            guard seconds == nil, components == nil, !hasZone else { throw Miss() }
            self = .immediate
        default:
            throw Miss()
        }
    }
}
