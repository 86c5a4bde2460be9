import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

// The compact form of a state (`"version": 2`, the state of `msgtool batch --output-shape
// compact2`): the state of version 1 without what a reader derives. Its expansion rule, which
// both readers apply and docs/batch.md states for other languages:
//
// - a key of the state left out has its default (empty, false, 0); `"version"` comes first;
// - in each request of `pending`, a key left out is derived:
//   - `timeZone`: the state's `plannedTimeZone`;
//   - `floating`: the kind's (true for daily-affirmation, achievement-reminder,
//     milestone-monthly, milestone-yearly);
//   - `categoryIdentifier`: the kind's category (`CategoryRegistry`);
//   - `threadIdentifier`: the kind's thread (`habit-` + `userInfo.habitId` for habit reminders);
//   - `trigger`: a calendar trigger at the fire date's own wall time (the date and time written
//     in `fireDate`), `repeats` false, with the request's `timeZone` unless the kind floats;
//   - `userInfo.kind`: the request's kind (`"kind": null` in `userInfo`: the request has none);
//     `userInfo` left out: `{"kind": kind}`.
// Each key is left out only when the rule gives back its exact value, so the expansion is the
// request itself.

extension SchedulerState {
    /// The state's format version whose requests leave out what a reader derives (the state of
    /// a `compact2` batch line).
    package static let compactVersion = 2

    /// The versions the readers take: 1 (every request whole) and ``compactVersion``.
    package static let readableVersions = 1...compactVersion

    /// The message of a state whose `version` no reader here takes.
    package static func unknownVersionMessage(_ version: Int) -> String {
        "version \(version) is not a state version this msgtool reads (1: every request whole; 2: written by --output-shape compact2): "
            + "plan the user with the msgtool that wrote it (or a newer one), or start the user again without \"state\""
    }

    /// Writes the compact form (``compactVersion``): `"version"` first, then the other keys
    /// sorted, each left out when it has its default; each request through
    /// ``NotificationRequest/writeCompact(to:zone:plannedTimeZone:)``.
    package func writeCompact(to w: inout JSONStreamWriter) {
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
        w.plainKey(Field.version.rawValue); w.int(Self.compactVersion)
        for field in Self.fields.written {
            switch field {
            case .version: break
            case .pending:
                if !pending.isEmpty {
                    w.plainKey(field.rawValue)
                    NotificationRequest.writeCompact(pending, to: &w, plannedTimeZone: plannedTimeZone)
                }
            case .permissionRequested: if permissionRequested { w.plainKey(field.rawValue); w.bool(true) }
            case .lastVariants: if !lastVariants.isEmpty { w.plainKey(field.rawValue); w.object(lastVariants) }
            case .milestonesSent: if !milestonesSent.isEmpty { w.plainKey(field.rawValue); w.strings(milestonesSent) }
            case .dailyMarkers: if !dailyMarkers.isEmpty { w.plainKey(field.rawValue); w.strings(dailyMarkers) }
            case .achievementDays: if !achievementDays.isEmpty { w.plainKey(field.rawValue); dates(achievementDays) }
            case .achievementCount: if achievementCount != 0 { w.plainKey(field.rawValue); w.int(achievementCount) }
            case .monthlyCounts: if !monthlyCounts.isEmpty { w.plainKey(field.rawValue); w.object(monthlyCounts) }
            case .yearlyCounts: if !yearlyCounts.isEmpty { w.plainKey(field.rawValue); w.object(yearlyCounts) }
            case .habitCompletions:
                if !habitCompletions.isEmpty {
                    w.plainKey(field.rawValue)
                    w.beginObject()
                    for name in JSONStreamWriter.sortedKeys(habitCompletions) { w.key(name); dates(habitCompletions[name]!) }
                    w.endObject()
                }
            case .deletedHabits: if !deletedHabits.isEmpty { w.plainKey(field.rawValue); w.strings(deletedHabits) }
            case .appInForeground: if appInForeground { w.plainKey(field.rawValue); w.bool(true) }
            case .deviceTimeZone: if let deviceTimeZone { w.plainKey(field.rawValue); w.string(deviceTimeZone) }
            case .configTimeZone: if let configTimeZone { w.plainKey(field.rawValue); w.string(configTimeZone) }
            case .plannedTimeZone: if let plannedTimeZone { w.plainKey(field.rawValue); w.string(plannedTimeZone) }
            case .reminderAnchor: if let reminderAnchor { w.plainKey(field.rawValue); reminderAnchor.write(to: &w) }
            case .intervalSeconds: if let intervalSeconds { w.plainKey(field.rawValue); w.int(intervalSeconds) }
            case .processedEvents: if !processedEvents.isEmpty { w.plainKey(field.rawValue); instants(processedEvents) }
            case .eventHorizon: if let eventHorizon { w.plainKey(field.rawValue); w.instant(eventHorizon, in: nil) }
            case .workoutsNotified: if !workoutsNotified.isEmpty { w.plainKey(field.rawValue); instants(workoutsNotified) }
            case .affirmationsDeliveredThrough:
                if let affirmationsDeliveredThrough { w.plainKey(field.rawValue); w.string(affirmationsDeliveredThrough.description) }
            case .recentlyFired: if !recentlyFired.isEmpty { w.plainKey(field.rawValue); instants(recentlyFired) }
            }
        }
        w.endObject()
    }

    /// Fills in what the compact requests of a version 2 state left out, once the state's zone
    /// is known; the state is then of version 1 (every request whole), as it is held in memory.
    /// - Parameter omitted: per request of ``pending``, the keys it left out.
    /// - Returns: the index of the first request that needs a zone the state does not give.
    mutating func expandCompact(_ omitted: [NotificationRequest.Omitted]) -> Int? {
        version = 1
        var cached: (id: String, zone: TimeZone)?
        for i in pending.indices where !omitted[i].isEmpty {
            let leftOut = omitted[i]
            if leftOut.contains(.timeZone) {
                guard let plannedTimeZone else { return i }
                pending[i].timeZone = plannedTimeZone
            }
            if leftOut.contains(.trigger) {
                if cached?.id != pending[i].timeZone { cached = (pending[i].timeZone, NotificationRequest.zone(pending[i].timeZone)) }
                pending[i].trigger = pending[i].derivedTrigger(in: cached!.zone).trigger
            }
            pending[i].expand(leftOut)
        }
        return nil
    }
}

extension NotificationRequest {
    /// The keys a compact request left out.
    struct Omitted: OptionSet {
        let rawValue: UInt8
        static let timeZone = Omitted(rawValue: 1)
        static let trigger = Omitted(rawValue: 2)
        static let categoryIdentifier = Omitted(rawValue: 4)
        static let threadIdentifier = Omitted(rawValue: 8)
        static let floating = Omitted(rawValue: 16)
        static let userInfoKind = Omitted(rawValue: 32)
    }

    /// The category a kind's requests carry unless the app names another.
    private static let categories: [NotificationKind: String] = Dictionary(
        uniqueKeysWithValues: NotificationKind.allCases.map { ($0, CategoryRegistry.categoryIdentifier(for: $0)) })

    /// The category a compact request leaves out: the kind's.
    static func derivedCategory(_ kind: NotificationKind) -> String { categories[kind]! }

    /// Whether `thread` is the thread a compact request leaves out: the kind's
    /// (`habit-` + `userInfo.habitId` for habit reminders).
    static func isDerivedThread(_ thread: String, kind: NotificationKind, userInfo: [String: String]) -> Bool {
        guard kind == .habitReminder else { return thread == derivedThread(kind, userInfo: userInfo) }
        // "habit-" + the id, compared without building the string.
        guard let id = userInfo["habitId"] else { return false }
        let prefix = "habit-".utf8
        return thread.utf8.count == prefix.count + id.utf8.count && thread.utf8.starts(with: prefix)
            && thread.utf8.dropFirst(prefix.count).elementsEqual(id.utf8)
    }

    /// The kind's thread; nil for a habit reminder without a `habitId`.
    static func derivedThread(_ kind: NotificationKind, userInfo: [String: String]) -> String? {
        switch kind {
        case .intervalReminder: "interval"
        case .workoutCompletion: "workout"
        case .stepGoal, .stepHalfway, .appsUnlocked: "steps"
        case .retrieval: "retrieval"
        case .milestoneStreak, .milestoneCount, .milestoneMonthly, .milestoneYearly: "milestone"
        case .habitReminder: userInfo["habitId"].map { "habit-" + $0 }
        case .dailyAffirmation: "daily-affirmation"
        case .achievementReminder: "achievement-reminder"
        }
    }

    /// The trigger a compact request leaves out (a calendar trigger at the fire date's wall time
    /// in `zone`, with the request's zone unless the kind floats) and that wall time.
    func derivedTrigger(in zone: TimeZone) -> (trigger: NotificationTrigger, wallClock: (date: LocalDate, time: TimeOfDay, second: Int, offset: Int)) {
        let c = WallClock.components(of: fireDate, in: zone)
        return (.calendar(date: c.date, time: c.time, second: c.second, timeZone: kind.floats ? nil : timeZone), c)
    }

    /// Fills in the zone-free keys left out (the zone and the trigger are the state's to fill).
    mutating func expand(_ leftOut: Omitted) {
        if leftOut.contains(.floating) { floating = kind.floats }
        if leftOut.contains(.categoryIdentifier) { categoryIdentifier = Self.derivedCategory(kind) }
        if leftOut.contains(.userInfoKind) { userInfo["kind"] = kind.rawValue }
        if leftOut.contains(.threadIdentifier) { threadIdentifier = Self.derivedThread(kind, userInfo: userInfo) ?? "" }
    }

    /// Writes requests in the compact form, the zone of each looked up once per distinct zone.
    /// - Parameters:
    ///   - requests: the requests.
    ///   - w: the writer.
    ///   - plannedTimeZone: the state's zone, which a request in that zone leaves out.
    package static func writeCompact(_ requests: [NotificationRequest], to w: inout JSONStreamWriter, plannedTimeZone: String?) {
        var cached: (id: String, zone: TimeZone)?
        w.beginArray()
        for request in requests {
            if cached?.id != request.timeZone { cached = (request.timeZone, zone(request.timeZone)) }
            request.writeCompact(to: &w, zone: cached!.zone, plannedTimeZone: plannedTimeZone)
        }
        w.endArray()
    }

    /// Writes the request in the compact form: the Request object without the keys the
    /// expansion rule gives back exactly (the zone, the trigger, the category, the thread,
    /// `floating`, `userInfo.kind`).
    /// - Parameters:
    ///   - w: the writer.
    ///   - zone: the zone of ``timeZone``.
    ///   - plannedTimeZone: the state's zone.
    func writeCompact(to w: inout JSONStreamWriter, zone: TimeZone, plannedTimeZone: String?) {
        var wallClock: (date: LocalDate, time: TimeOfDay, second: Int, offset: Int)?
        w.beginObject()
        for field in Self.fields.written {
            switch field {
            case .appUserInfo:
                if !appUserInfo.isEmpty {
                    w.plainKey(field.rawValue)
                    UserInfoValue.write(appUserInfo, to: &w)
                }
            case .badge: if let badge { w.plainKey(field.rawValue); w.int(badge) }
            case .body: w.plainKey(field.rawValue); w.string(body)
            case .categoryIdentifier:
                if categoryIdentifier != Self.derivedCategory(kind) { w.plainKey(field.rawValue); w.string(categoryIdentifier) }
            case .fireDate:
                let c = WallClock.components(of: fireDate, in: zone)
                wallClock = c
                w.plainKey(field.rawValue); w.wallClock(c)
            case .floating: if floating != kind.floats { w.plainKey(field.rawValue); w.bool(floating) }
            case .identifier: w.plainKey(field.rawValue); w.string(identifier)
            case .interruptionLevel: if let interruptionLevel { w.plainKey(field.rawValue); w.string(interruptionLevel.rawValue) }
            case .kind: w.plainKey(field.rawValue); w.string(kind.rawValue)
            case .relevanceScore:
                if let relevanceScore { w.plainKey(field.rawValue); w.value { $0.append(contentsOf: JSONStreamWriter.number(relevanceScore).utf8) } }
            case .sound:
                if let sound {
                    w.plainKey(field.rawValue)
                    switch sound {
                    case .none: w.string("none")
                    case .default: w.string("default")
                    case .named(let name):
                        w.beginObject()
                        w.key("named"); w.string(name)
                        w.endObject()
                    }
                }
            case .subtitle: if let subtitle { w.plainKey(field.rawValue); w.string(subtitle) }
            case .plannerIdentifier: if let plannerIdentifier { w.plainKey(field.rawValue); w.string(plannerIdentifier) }
            case .threadIdentifier:
                if !Self.isDerivedThread(threadIdentifier, kind: kind, userInfo: userInfo) {
                    w.plainKey(field.rawValue); w.string(threadIdentifier)
                }
            case .timeZone: if timeZone != plannedTimeZone { w.plainKey(field.rawValue); w.string(timeZone) }
            case .title: w.plainKey(field.rawValue); w.string(title)
            case .trigger:
                // fireDate (written before) gave the wall clock.
                if case let .calendar(date, time, second, triggerZone) = trigger, let c = wallClock,
                    date == c.date, time == c.time, second == c.second, triggerZone == (kind.floats ? nil : timeZone)
                {
                    break
                }
                w.plainKey(field.rawValue); trigger.write(to: &w)
            case .userInfo: writeCompactUserInfo(to: &w)
            }
        }
        w.endObject()
    }

    /// `userInfo` without its `kind` when that is the request's kind (`"kind": null` when it
    /// has none); left out when nothing else remains.
    private func writeCompactUserInfo(to w: inout JSONStreamWriter) {
        let ownKind = userInfo["kind"]
        if ownKind == kind.rawValue, userInfo.count == 1 { return }
        w.plainKey(Field.userInfo.rawValue)
        w.beginObject()
        // No kind at all: `"kind": null`, in its sorted place.
        var nullKind = ownKind == nil
        for (name, value) in userInfo.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if nullKind, "kind".utf8.lexicographicallyPrecedes(name.utf8) {
                w.plainKey("kind"); w.null()
                nullKind = false
            }
            if name == "kind", value == kind.rawValue { continue }
            w.key(name); w.string(value)
        }
        if nullKind { w.plainKey("kind"); w.null() }
        w.endObject()
    }

    /// Reads a compact request in its plain form (the byte reader of a version 2 state): as
    /// ``init(reading:)``, with the derived keys allowed to be absent.
    /// - Returns: the request, with placeholders where keys were left out, and those keys.
    /// - Throws: ``JSONCursor/Failure`` for anything the strict decoder must read.
    static func readCompact(_ r: inout JSONCursor) throws(JSONCursor.Failure) -> (NotificationRequest, Omitted) {
        var identifier: String?, kind: NotificationKind?, fireDate: Date?, zone: String?, trigger: NotificationTrigger?
        var title: String?, body: String?, category: String?, thread: String?
        var userInfo: [String: String] = [:], badge: Int?, floating: Bool?
        var subtitle: String?, interruptionLevel: InterruptionLevel?, relevanceScore: Double?, plannerIdentifier: String?
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .identifier: identifier = try r.string()
            case .kind: kind = try r.value(NotificationKind.self)
            case .fireDate: fireDate = try r.instant()
            case .timeZone: zone = try r.string()
            case .trigger: trigger = try NotificationTrigger(reading: &r)
            case .title: title = try r.string()
            case .body: body = try r.string()
            case .categoryIdentifier: category = try r.string()
            case .threadIdentifier: thread = try r.string()
            // A `null` (no kind) is left to the strict decoder.
            case .userInfo: userInfo = try r.dictionary { r throws(JSONCursor.Failure) in try r.string() }
            case .badge: badge = try r.int(in: 0...10_000)
            case .floating: floating = try r.bool()
            case .subtitle: subtitle = try r.string()
            case .interruptionLevel: interruptionLevel = try r.value(InterruptionLevel.self)
            case .relevanceScore: relevanceScore = try r.double(in: 0...1)
            case .plannerIdentifier: plannerIdentifier = try r.string()
            case .sound, .appUserInfo: throw JSONCursor.Failure.unsupported
            }
        }
        guard let identifier, let kind, let fireDate, let title, let body else { throw JSONCursor.Failure.unsupported }
        var omitted: Omitted = []
        if zone == nil { omitted.insert(.timeZone) }
        if trigger == nil { omitted.insert(.trigger) }
        if category == nil { omitted.insert(.categoryIdentifier) }
        if thread == nil { omitted.insert(.threadIdentifier) }
        if floating == nil { omitted.insert(.floating) }
        if userInfo["kind"] == nil { omitted.insert(.userInfoKind) }
        var request = NotificationRequest(
            identifier: identifier, kind: kind, fireDate: fireDate, timeZone: zone ?? "", trigger: trigger ?? .immediate, title: title, body: body,
            categoryIdentifier: category ?? "", threadIdentifier: thread ?? "", userInfo: userInfo, badge: badge, floating: floating ?? kind.floats)
        request.subtitle = subtitle
        request.interruptionLevel = interruptionLevel
        request.relevanceScore = relevanceScore
        request.plannerIdentifier = plannerIdentifier
        return (request, omitted)
    }
}

/// A compact request as the strict decoder reads it: the Request's keys, the derived ones
/// optional, `userInfo`'s values nullable (`"kind": null`).
struct CompactRequestWire: Decodable {
    var request: NotificationRequest
    var omitted: NotificationRequest.Omitted

    private typealias Field = NotificationRequest.Field

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        let kind = try c.decode(NotificationKind.self, forKey: .kind)
        let text = try c.decode(String.self, forKey: .fireDate)
        guard let fireDate = ISO8601Instant.date(text) else {
            throw DecodingError.dataCorruptedError(forKey: .fireDate, in: c, debugDescription: "'\(text)' is not an ISO 8601 instant.")
        }
        var omitted: NotificationRequest.Omitted = []
        func optional<T: Decodable>(_ type: T.Type, _ field: Field, _ flag: NotificationRequest.Omitted) throws -> T? {
            let value = try c.decodeIfPresent(type, forKey: field)
            if value == nil { omitted.insert(flag) }
            return value
        }
        let zone = try optional(String.self, .timeZone, .timeZone)
        let trigger = try optional(NotificationTrigger.self, .trigger, .trigger)
        let category = try optional(String.self, .categoryIdentifier, .categoryIdentifier)
        let thread = try optional(String.self, .threadIdentifier, .threadIdentifier)
        let floating = try optional(Bool.self, .floating, .floating)
        let info = try c.decodeIfPresent([String: String?].self, forKey: .userInfo) ?? [:]
        if !info.keys.contains("kind") { omitted.insert(.userInfoKind) }
        request = NotificationRequest(
            identifier: try c.decode(String.self, forKey: .identifier), kind: kind, fireDate: fireDate, timeZone: zone ?? "",
            trigger: trigger ?? .immediate, title: try c.decode(String.self, forKey: .title), body: try c.decode(String.self, forKey: .body),
            categoryIdentifier: category ?? "", threadIdentifier: thread ?? "", userInfo: info.compactMapValues { $0 },
            badge: try c.decodeIfPresent(Int.self, forKey: .badge, in: 0...10_000), floating: floating ?? kind.floats)
        request.subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        request.sound = try c.decodeIfPresent(NotificationSound.self, forKey: .sound)
        request.interruptionLevel = try c.decodeIfPresent(InterruptionLevel.self, forKey: .interruptionLevel)
        request.relevanceScore = try c.decodeIfPresent(Double.self, forKey: .relevanceScore, in: 0...1)
        request.appUserInfo = try c.decodeIfPresent([String: UserInfoValue].self, forKey: .appUserInfo) ?? [:]
        request.plannerIdentifier = try c.decodeIfPresent(String.self, forKey: .plannerIdentifier)
        self.omitted = omitted
    }
}

extension JSONStreamWriter {
    /// Writes a wall clock (``WallClock/components(of:in:)``) as the ISO 8601 string of
    /// ``instant(_:in:)`` with that offset.
    mutating func wallClock(_ c: (date: LocalDate, time: TimeOfDay, second: Int, offset: Int)) {
        func digits(_ value: Int, _ width: Int, _ out: inout [UInt8]) { Self.append(value, width: width, to: &out) }
        value { out in
            out.append(0x22)
            digits(c.date.year, 4, &out)
            out.append(0x2D)
            digits(c.date.month, 2, &out)
            out.append(0x2D)
            digits(c.date.day, 2, &out)
            out.append(0x54)
            digits(c.time.hour, 2, &out)
            out.append(0x3A)
            digits(c.time.minute, 2, &out)
            out.append(0x3A)
            digits(c.second, 2, &out)
            let magnitude = abs(c.offset)
            out.append(c.offset < 0 ? 0x2D : 0x2B)
            digits(magnitude / 3600, 2, &out)
            out.append(0x3A)
            digits((magnitude % 3600) / 60, 2, &out)
            out.append(0x22)
        }
    }
}
