import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

// A request's JSON (the Request shape of `msgtool schedule`, the state's `pending`, a batch
// line's requests): its keys are the cases of `NotificationRequest.Field` and of
// `NotificationTrigger.Field`, and the decoders, the byte readers and both writers switch over them.

extension NotificationTrigger {
    /// The trigger object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case repeats, type, dateComponents, timeZone, seconds }

    /// The keys of `dateComponents`.
    enum Component: String, JSONFields { case year, month, day, hour, minute, second }

    static let fields = JSONFieldTable<Field>()
    static let components = JSONFieldTable<Component>()
}

extension NotificationTrigger: Codable {
    /// Reads a trigger object: `{"type": "calendar", "dateComponents": {year, month, day, hour,
    /// minute, second}, "timeZone"?}`, `{"type": "interval", "seconds"}` or `{"type": "immediate"}`.
    /// - Throws: `DecodingError` for an unknown `type` or a missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        var type = ""
        var components: [Component: Int] = [:]
        var zone: String?
        var seconds = 0
        for field in Field.allCases {
            switch field {
            case .repeats:
                // Written for the platform (always false): read so that it is a known key.
                guard try c.decodeIfPresent(Bool.self, forKey: field) ?? false == false else {
                    throw DecodingError.dataCorruptedError(
                        forKey: field, in: c, debugDescription: "repeating triggers are not planned: write false or leave it out")
                }
            case .type:
                type = try c.decode(String.self, forKey: field)
                guard ["calendar", "interval", "immediate"].contains(type) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: field, in: c, debugDescription: "Unknown trigger type '\(type)' (calendar, interval or immediate).")
                }
            case .dateComponents:
                guard type == "calendar" else { continue }
                let d = try c.nestedContainer(keyedBy: Component.self, forKey: field)
                for part in Component.allCases { components[part] = try d.decode(Int.self, forKey: part) }
                let year = components[.year]!, month = components[.month]!
                let ranges: [Component: ClosedRange<Int>] = [
                    .year: 1...9999, .month: 1...12, .day: 1...LocalDate.daysInMonth(year: max(1, year), month: min(max(month, 1), 12)),
                    .hour: 0...23, .minute: 0...59, .second: 0...59
                ]
                if let bad = Component.allCases.first(where: { !ranges[$0]!.contains(components[$0]!) }) {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: c.codingPath + [field, bad],
                            debugDescription: "\(components[bad]!) is out of range \(ranges[bad]!.lowerBound)…\(ranges[bad]!.upperBound)"))
                }
            case .timeZone:
                if type == "calendar" { zone = try c.decodeIfPresent(String.self, forKey: field) }
            case .seconds:
                if type == "interval" { seconds = try c.decode(Int.self, forKey: field, in: InputLimits.triggerSeconds) }
            }
        }
        switch type {
        case "calendar":
            self = .calendar(
                date: LocalDate(year: components[.year]!, month: components[.month]!, day: components[.day]!),
                time: TimeOfDay(hour: components[.hour]!, minute: components[.minute]!), second: components[.second]!, timeZone: zone)
        case "interval": self = .interval(seconds: seconds)
        default: self = .immediate
        }
    }

    /// Writes the object that ``init(from:)`` reads; calendar and interval triggers also carry
    /// `"repeats": false`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch (field, self) {
            case (.repeats, .calendar), (.repeats, .interval): try c.encode(false, forKey: field)
            case (.repeats, .immediate): break
            case (.type, _): try c.encode(typeName, forKey: field)
            case (.dateComponents, let .calendar(date, time, second, _)):
                var d = c.nestedContainer(keyedBy: Component.self, forKey: field)
                for part in Component.allCases { try d.encode(Self.component(part, date, time, second), forKey: part) }
            case (.dateComponents, _): break
            case (.timeZone, let .calendar(_, _, _, zone)): try c.encodeIfPresent(zone, forKey: field)
            case (.timeZone, _): break
            case (.seconds, let .interval(seconds)): try c.encode(seconds, forKey: field)
            case (.seconds, _): break
            }
        }
    }

    /// The `type` of the trigger object.
    var typeName: String {
        switch self {
        case .calendar: "calendar"
        case .interval: "interval"
        case .immediate: "immediate"
        }
    }

    /// One of a calendar trigger's date components.
    static func component(_ part: Component, _ date: LocalDate, _ time: TimeOfDay, _ second: Int) -> Int {
        switch part {
        case .year: date.year
        case .month: date.month
        case .day: date.day
        case .hour: time.hour
        case .minute: time.minute
        case .second: second
        }
    }

    /// Reads a trigger object in its plain form (the byte reader of batch lines).
    /// - Throws: ``JSONCursor/Failure`` for anything the strict decoder must read.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        var type: String?, components: [Int]?, zone: String?, seconds: Int?
        var hasZone = false
        try r.object(Self.fields) { r, field throws(JSONCursor.Failure) in
            switch field {
            case .type: type = try r.string()
            case .repeats: guard try r.bool() == false else { throw JSONCursor.Failure.unsupported }
            case .timeZone: zone = try r.string(); hasZone = true
            case .seconds: seconds = try r.int(in: InputLimits.triggerSeconds)
            case .dateComponents:
                var parts: [Int?] = Array(repeating: nil, count: Component.allCases.count)
                try r.object(Self.components) { r, part throws(JSONCursor.Failure) in
                    let index: Int
                    switch part {
                    case .year: index = 0
                    case .month: index = 1
                    case .day: index = 2
                    case .hour: index = 3
                    case .minute: index = 4
                    case .second: index = 5
                    }
                    parts[index] = try r.int()
                }
                guard !parts.contains(nil) else { throw JSONCursor.Failure.unsupported }
                components = parts.compactMap { $0 }
            }
        }
        switch type {
        case "calendar":
            guard let c = components, seconds == nil, (1...9999).contains(c[0]), (1...12).contains(c[1]),
                (1...LocalDate.daysInMonth(year: c[0], month: c[1])).contains(c[2]),
                (0...23).contains(c[3]), (0...59).contains(c[4]), (0...59).contains(c[5])
            else { throw JSONCursor.Failure.unsupported }
            self = .calendar(
                date: LocalDate(year: c[0], month: c[1], day: c[2]), time: TimeOfDay(hour: c[3], minute: c[4]),
                second: c[5], timeZone: zone)
        case "interval":
            guard let seconds, components == nil, !hasZone else { throw JSONCursor.Failure.unsupported }
            self = .interval(seconds: seconds)
        case "immediate":
            guard seconds == nil, components == nil, !hasZone else { throw JSONCursor.Failure.unsupported }
            self = .immediate
        default:
            throw JSONCursor.Failure.unsupported
        }
    }

    /// Writes the trigger object of ``encode(to:)``.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        for field in Self.fields.written {
            switch (field, self) {
            case (.repeats, .calendar), (.repeats, .interval): w.plainKey(field.rawValue); w.bool(false)
            case (.repeats, .immediate): break
            case (.type, _): w.plainKey(field.rawValue); w.string(typeName)
            case (.dateComponents, let .calendar(date, time, second, _)):
                w.plainKey(field.rawValue)
                w.beginObject()
                for part in Self.components.written { w.plainKey(part.rawValue); w.int(Self.component(part, date, time, second)) }
                w.endObject()
            case (.dateComponents, _): break
            case (.timeZone, let .calendar(_, _, _, zone)): if let zone { w.plainKey(field.rawValue); w.string(zone) }
            case (.timeZone, _): break
            case (.seconds, let .interval(seconds)): w.plainKey(field.rawValue); w.int(seconds)
            case (.seconds, _): break
            }
        }
        w.endObject()
    }
}

extension NotificationRequest {
    /// The Request object's keys, in the order the decoder reads them.
    enum Field: String, JSONFields {
        case identifier, kind, fireDate, timeZone, trigger, title, body, categoryIdentifier, threadIdentifier, userInfo, badge, floating
        case subtitle, sound, interruptionLevel, relevanceScore, appUserInfo, plannerIdentifier
    }

    static let fields = JSONFieldTable<Field>()
}

extension NotificationRequest: Codable {
    /// Reads a request in the Request shape; `userInfo` and `appUserInfo` default to empty,
    /// `badge`, `subtitle`, `sound`, `interruptionLevel`, `relevanceScore` and
    /// `plannerIdentifier` to none and
    /// `floating` to the kind's ``NotificationKind/floats``.
    /// - Throws: `DecodingError` for a missing key, an unknown kind or a `fireDate` that is not an
    ///   ISO 8601 instant.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init(
            identifier: "", kind: .dailyAffirmation, fireDate: Date(timeIntervalSince1970: 0), timeZone: "", trigger: .immediate, title: "", body: "",
            categoryIdentifier: "", threadIdentifier: "", userInfo: [:], floating: false)
        for field in Field.allCases {
            switch field {
            case .identifier: identifier = try c.decode(String.self, forKey: field)
            case .kind: kind = try c.decode(NotificationKind.self, forKey: field)
            case .fireDate:
                let text = try c.decode(String.self, forKey: field)
                guard let date = ISO8601Instant.date(text) else {
                    throw DecodingError.dataCorruptedError(forKey: field, in: c, debugDescription: "'\(text)' is not an ISO 8601 instant.")
                }
                fireDate = date
            case .timeZone: timeZone = try c.decode(String.self, forKey: field)
            case .trigger: trigger = try c.decode(NotificationTrigger.self, forKey: field)
            case .title: title = try c.decode(String.self, forKey: field)
            case .body: body = try c.decode(String.self, forKey: field)
            case .categoryIdentifier: categoryIdentifier = try c.decode(String.self, forKey: field)
            case .threadIdentifier: threadIdentifier = try c.decode(String.self, forKey: field)
            case .userInfo: userInfo = try c.decodeIfPresent([String: String].self, forKey: field) ?? [:]
            case .badge: badge = try c.decodeIfPresent(Int.self, forKey: field, in: 0...10_000)
            case .floating: floating = try c.decodeIfPresent(Bool.self, forKey: field) ?? kind.floats
            case .subtitle: subtitle = try c.decodeIfPresent(String.self, forKey: field)
            case .sound: sound = try c.decodeIfPresent(NotificationSound.self, forKey: field)
            case .interruptionLevel: interruptionLevel = try c.decodeIfPresent(InterruptionLevel.self, forKey: field)
            case .relevanceScore: relevanceScore = try c.decodeIfPresent(Double.self, forKey: field, in: 0...1)
            case .appUserInfo: appUserInfo = try c.decodeIfPresent([String: UserInfoValue].self, forKey: field) ?? [:]
            case .plannerIdentifier: plannerIdentifier = try c.decodeIfPresent(String.self, forKey: field)
            }
        }
    }

    /// Writes the request in the Request shape, `fireDate` with the UTC offset of `timeZone`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch field {
            case .identifier: try c.encode(identifier, forKey: field)
            case .kind: try c.encode(kind, forKey: field)
            case .fireDate: try c.encode(ISO8601Instant.string(fireDate, in: Self.zone(timeZone)), forKey: field)
            case .timeZone: try c.encode(timeZone, forKey: field)
            case .trigger: try c.encode(trigger, forKey: field)
            case .title: try c.encode(title, forKey: field)
            case .body: try c.encode(body, forKey: field)
            case .categoryIdentifier: try c.encode(categoryIdentifier, forKey: field)
            case .threadIdentifier: try c.encode(threadIdentifier, forKey: field)
            case .userInfo: try c.encode(userInfo, forKey: field)
            case .badge: try c.encodeIfPresent(badge, forKey: field)
            case .floating: try c.encode(floating, forKey: field)
            case .subtitle: try c.encodeIfPresent(subtitle, forKey: field)
            case .sound: try c.encodeIfPresent(sound, forKey: field)
            case .interruptionLevel: try c.encodeIfPresent(interruptionLevel, forKey: field)
            case .relevanceScore: try c.encodeIfPresent(relevanceScore, forKey: field)
            case .appUserInfo: if !appUserInfo.isEmpty { try c.encode(appUserInfo, forKey: field) }
            case .plannerIdentifier: try c.encodeIfPresent(plannerIdentifier, forKey: field)
            }
        }
    }

    /// Reads a request in its plain form (the byte reader of batch lines): a request with a
    /// sound or the app's `userInfo` is left to the strict decoder.
    /// - Throws: ``JSONCursor/Failure`` for anything the strict decoder must read.
    init(reading r: inout JSONCursor) throws(JSONCursor.Failure) {
        // The compact reader reads the same keys; here none of the derivable ones may be absent.
        let (request, omitted) = try Self.readCompact(&r)
        guard omitted.isDisjoint(with: [.timeZone, .trigger, .categoryIdentifier, .threadIdentifier]) else {
            throw JSONCursor.Failure.unsupported
        }
        self = request
    }

    /// Writes the Request object of ``encode(to:)``.
    /// - Parameters:
    ///   - w: the writer.
    ///   - zone: the zone of ``timeZone``, when the caller has it already (the fire date's offset).
    package func write(to w: inout JSONStreamWriter, zone: TimeZone? = nil) {
        w.beginObject()
        for field in Self.fields.written {
            switch field {
            case .appUserInfo:
                if !appUserInfo.isEmpty { w.plainKey(field.rawValue); UserInfoValue.write(appUserInfo, to: &w) }
            case .badge: if let badge { w.plainKey(field.rawValue); w.int(badge) }
            case .body: w.plainKey(field.rawValue); w.string(body)
            case .categoryIdentifier: w.plainKey(field.rawValue); w.string(categoryIdentifier)
            case .fireDate: w.plainKey(field.rawValue); w.instant(fireDate, in: zone ?? Self.zone(timeZone))
            case .floating: w.plainKey(field.rawValue); w.bool(floating)
            case .identifier: w.plainKey(field.rawValue); w.string(identifier)
            case .interruptionLevel: if let interruptionLevel { w.plainKey(field.rawValue); w.string(interruptionLevel.rawValue) }
            case .kind: w.plainKey(field.rawValue); w.string(kind.rawValue)
            case .relevanceScore:
                if let relevanceScore { w.plainKey(field.rawValue); w.value { $0.append(contentsOf: JSONStreamWriter.number(relevanceScore).utf8) } }
            case .sound:
                if let sound { w.plainKey(field.rawValue); sound.write(to: &w) }
            case .subtitle: if let subtitle { w.plainKey(field.rawValue); w.string(subtitle) }
            case .plannerIdentifier: if let plannerIdentifier { w.plainKey(field.rawValue); w.string(plannerIdentifier) }
            case .threadIdentifier: w.plainKey(field.rawValue); w.string(threadIdentifier)
            case .timeZone: w.plainKey(field.rawValue); w.string(timeZone)
            case .title: w.plainKey(field.rawValue); w.string(title)
            case .trigger: w.plainKey(field.rawValue); trigger.write(to: &w)
            case .userInfo: w.plainKey(field.rawValue); w.object(userInfo)
            }
        }
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
