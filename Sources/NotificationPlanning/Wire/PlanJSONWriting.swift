import Foundation
import ToolkitSupport
import AffirmationSelector

// The JSON of plans written by `JSONStreamWriter`: the same bytes as `JSONEncoder` with sorted
// keys gives for the `Encodable` conformances (tests compare the two), without building a tree.
// Each function writes its keys in sorted (UTF-8 byte) order.

extension JSONStreamWriter {
    /// Writes `instant` as the string ``ISO8601Instant/string(_:in:)`` gives, straight into the bytes.
    /// - Parameters:
    ///   - instant: the moment (fractions of a second are dropped).
    ///   - zone: the zone whose offset is shown; nil for UTC with `Z`.
    mutating func instant(_ instant: Date, in zone: TimeZone?) {
        let c = WallClock.components(of: instant, in: zone ?? ISO8601Instant.utc)
        value { out in
            out.append(0x22)
            Self.append(c.date, to: &out)
            out.append(0x54)
            Self.append(c.time.hour, width: 2, to: &out)
            out.append(0x3A)
            Self.append(c.time.minute, width: 2, to: &out)
            out.append(0x3A)
            Self.append(c.second, width: 2, to: &out)
            if zone == nil {
                out.append(0x5A)
            } else {
                let magnitude = abs(c.offset)
                out.append(c.offset < 0 ? 0x2D : 0x2B)
                Self.append(magnitude / 3600, width: 2, to: &out)
                out.append(0x3A)
                Self.append((magnitude % 3600) / 60, width: 2, to: &out)
            }
            out.append(0x22)
        }
    }

    /// Writes `date` as the string `YYYY-MM-DD` (`LocalDate.description`).
    mutating func date(_ date: LocalDate) {
        value { out in
            out.append(0x22)
            Self.append(date, to: &out)
            out.append(0x22)
        }
    }

    private static func append(_ date: LocalDate, to out: inout [UInt8]) {
        append(date.year, width: 4, to: &out)
        out.append(0x2D)
        append(date.month, width: 2, to: &out)
        out.append(0x2D)
        append(date.day, width: 2, to: &out)
    }

    /// `LocalDate.pad(value, width)`'s digits.
    private static func append(_ value: Int, width: Int, to out: inout [UInt8]) {
        guard value >= 0, value < (width == 2 ? 100 : 10_000), width == 2 || width == 4 else {
            out.append(contentsOf: LocalDate.pad(value, width).utf8)
            return
        }
        if width == 4 {
            out.append(0x30 + UInt8(value / 1000))
            out.append(0x30 + UInt8(value / 100 % 10))
        }
        out.append(0x30 + UInt8(value / 10 % 10))
        out.append(0x30 + UInt8(value % 10))
    }
}

extension NotificationTrigger {
    /// Writes the trigger object of ``encode(to:)``.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        switch self {
        case let .calendar(date, time, second, zone):
            w.key("dateComponents")
            w.beginObject()
            w.key("day"); w.int(date.day)
            w.key("hour"); w.int(time.hour)
            w.key("minute"); w.int(time.minute)
            w.key("month"); w.int(date.month)
            w.key("second"); w.int(second)
            w.key("year"); w.int(date.year)
            w.endObject()
            w.key("repeats"); w.bool(false)
            if let zone { w.key("timeZone"); w.string(zone) }
            w.key("type"); w.string("calendar")
        case let .interval(seconds):
            w.key("repeats"); w.bool(false)
            w.key("seconds"); w.int(seconds)
            w.key("type"); w.string("interval")
        case .immediate:
            w.key("type"); w.string("immediate")
        }
        w.endObject()
    }
}

extension NotificationRequest {
    /// Writes the Request object of ``encode(to:)``.
    /// - Parameters:
    ///   - w: the writer.
    ///   - zone: the zone of ``timeZone``, when the caller has it already (the fire date's offset).
    package func write(to w: inout JSONStreamWriter, zone: TimeZone? = nil) {
        w.beginObject()
        if !appUserInfo.isEmpty {
            w.key("appUserInfo")
            w.beginObject()
            for name in JSONStreamWriter.sortedKeys(appUserInfo) { appUserInfo[name]!.write(to: &w) { $0.key(name) } }
            w.endObject()
        }
        if let badge { w.key("badge"); w.int(badge) }
        w.key("body"); w.string(body)
        w.key("categoryIdentifier"); w.string(categoryIdentifier)
        w.key("fireDate"); w.instant(fireDate, in: zone ?? Self.zone(timeZone))
        w.key("floating"); w.bool(floating)
        w.key("identifier"); w.string(identifier)
        if let interruptionLevel { w.key("interruptionLevel"); w.string(interruptionLevel.rawValue) }
        w.key("kind"); w.string(kind.rawValue)
        if let plannerIdentifier { w.key("plannerIdentifier"); w.string(plannerIdentifier) }
        if let relevanceScore { w.key("relevanceScore"); w.value { $0.append(contentsOf: JSONStreamWriter.number(relevanceScore).utf8) } }
        if let sound {
            w.key("sound")
            switch sound {
            case .none: w.string("none")
            case .default: w.string("default")
            case .named(let name):
                w.beginObject()
                w.key("named"); w.string(name)
                w.endObject()
            }
        }
        if let subtitle { w.key("subtitle"); w.string(subtitle) }
        w.key("threadIdentifier"); w.string(threadIdentifier)
        w.key("timeZone"); w.string(timeZone)
        w.key("title"); w.string(title)
        w.key("trigger"); trigger.write(to: &w)
        w.key("userInfo"); w.object(userInfo)
        w.endObject()
    }

    /// The zone a request's fire date is written in (UTC for an unknown identifier).
    static func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)! }

    /// Writes requests as an array, looking each distinct zone up once.
    package static func write(_ requests: [NotificationRequest], to w: inout JSONStreamWriter) {
        var cached: (id: String, zone: TimeZone)?
        w.beginArray()
        for request in requests {
            if cached?.id != request.timeZone { cached = (request.timeZone, zone(request.timeZone)) }
            request.write(to: &w, zone: cached?.zone)
        }
        w.endArray()
    }
}

extension UserInfoValue {
    /// Writes the value after `key` writes its key.
    func write(to w: inout JSONStreamWriter, key: (inout JSONStreamWriter) -> Void) {
        key(&w)
        switch self {
        case .string(let value): w.string(value)
        case .int(let value): w.int(value)
        case .bool(let value): w.bool(value)
        case .date(let value):
            w.beginObject()
            w.key("date"); w.instant(value, in: nil)
            w.endObject()
        }
    }
}

extension JSONStreamWriter {
    /// A finite number as `JSONEncoder` writes it: a whole number without a fraction, else the
    /// shortest text that reads back as the same `Double`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension PlanNote {
    /// Writes `{"code", "parameters"}`.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("code"); w.string(code.rawValue)
        w.key("parameters"); w.object(parameters)
        w.endObject()
    }
}

extension AuthorizationRequest {
    /// Writes `{"options"}`.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("options"); w.strings(options)
        w.endObject()
    }
}

extension SchedulerState {
    /// Writes the state object of ``encode(to:)``.
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
        w.key("achievementCount"); w.int(achievementCount)
        w.key("achievementDays"); dates(achievementDays)
        if let affirmationsDeliveredThrough { w.key("affirmationsDeliveredThrough"); w.string(affirmationsDeliveredThrough.description) }
        w.key("appInForeground"); w.bool(appInForeground)
        if let configTimeZone { w.key("configTimeZone"); w.string(configTimeZone) }
        w.key("dailyMarkers"); w.strings(dailyMarkers)
        w.key("deletedHabits"); w.strings(deletedHabits)
        if let deviceTimeZone { w.key("deviceTimeZone"); w.string(deviceTimeZone) }
        if let eventHorizon { w.key("eventHorizon"); w.instant(eventHorizon, in: nil) }
        w.key("habitCompletions")
        w.beginObject()
        for name in JSONStreamWriter.sortedKeys(habitCompletions) { w.key(name); dates(habitCompletions[name]!) }
        w.endObject()
        if let intervalSeconds { w.key("intervalSeconds"); w.int(intervalSeconds) }
        w.key("lastVariants"); w.object(lastVariants)
        w.key("milestonesSent"); w.strings(milestonesSent)
        w.key("monthlyCounts"); w.object(monthlyCounts)
        w.key("pending"); NotificationRequest.write(pending, to: &w)
        w.key("permissionRequested"); w.bool(permissionRequested)
        if let plannedTimeZone { w.key("plannedTimeZone"); w.string(plannedTimeZone) }
        w.key("processedEvents"); instants(processedEvents)
        w.key("recentlyFired"); instants(recentlyFired)
        if let reminderAnchor {
            w.key("reminderAnchor")
            w.beginObject()
            w.key("date"); w.string(reminderAnchor.date.description)
            w.key("frequency"); w.string(reminderAnchor.frequency.rawValue)
            w.endObject()
        }
        w.key("version"); w.int(version)
        w.key("workoutsNotified"); instants(workoutsNotified)
        w.key("yearlyCounts"); w.object(yearlyCounts)
        w.endObject()
    }
}

extension PlanResult {
    /// Writes the object of ``encode(to:)`` (`msgtool schedule`'s output).
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("added"); NotificationRequest.write(added, to: &w)
        w.key("authorization"); w.string(authorization.rawValue)
        if let authorizationRequest { w.key("authorizationRequest"); authorizationRequest.write(to: &w) }
        w.key("noteCodes")
        w.beginArray()
        for note in noteDetails { note.write(to: &w) }
        w.endArray()
        w.key("notes"); w.strings(notes)
        w.key("now"); w.string(ISO8601Instant.string(now, in: TimeZone(identifier: timeZone)))
        w.key("pending"); NotificationRequest.write(pending, to: &w)
        w.key("removed"); w.strings(removed)
        w.key("timeZone"); w.string(timeZone)
        w.endObject()
    }
}
