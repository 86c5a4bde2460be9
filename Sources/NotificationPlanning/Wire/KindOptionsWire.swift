import Foundation
import ToolkitSupport
import ToolkitJSON

// The JSON of an app's per-kind options (`"kinds": {"habit-reminder": {…}}` in the preferences)
// and of the values a request carries from them (its sound, the app's `userInfo`): each object's
// keys are the cases of its type's `Field`; its decoder and its writers switch over them.

extension NotificationSound: Codable {
    /// The key of a named sound's object (its only key: the decoder and the writers name it).
    package enum Field: String, JSONFields { case named }

    /// Reads `"none"`, `"default"` or `{"named": "file"}`.
    /// - Throws: `DecodingError` for another string, an empty name or another shape.
    public init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: Field.self) {
            let name = try c.decodeText(forKey: .named, maxBytes: InputLimits.nameBytes)
            guard !name.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .named, in: c, debugDescription: "the sound's file name is empty: name a sound file of the app, or write \"default\" or \"none\"")
            }
            self = .named(name)
            return
        }
        let c = try decoder.singleValueContainer()
        switch try c.decode(String.self) {
        case "none": self = .none
        case "default": self = .default
        case let other:
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "unknown sound '\(other)': write \"none\", \"default\" or {\"named\": \"file.caf\"}")
        }
    }

    /// Writes what ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var c = encoder.singleValueContainer()
            try c.encode("none")
        case .default:
            var c = encoder.singleValueContainer()
            try c.encode("default")
        case .named(let name):
            var c = encoder.container(keyedBy: Field.self)
            try c.encode(name, forKey: .named)
        }
    }

    /// Writes the value of ``encode(to:)`` with the stream writer.
    func write(to w: inout JSONStreamWriter) {
        switch self {
        case .none: w.string("none")
        case .default: w.string("default")
        case .named(let name):
            w.beginObject()
            w.plainKey(Field.named.rawValue); w.string(name)
            w.endObject()
        }
    }
}

extension BadgePolicy: Codable {
    /// Reads `"automatic"`, `"none"` or a number (0…10000).
    /// - Throws: `DecodingError` for another string or a number out of range.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let number = try? c.decode(Int.self) {
            guard (0...10_000).contains(number) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "\(number) is out of range 0…10000")
            }
            self = .value(number)
            return
        }
        switch try c.decode(String.self) {
        case "automatic": self = .automatic
        case "none": self = .none
        case let other:
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown badge policy '\(other)': write \"automatic\", \"none\" or a number")
        }
    }

    /// Writes what ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .automatic: try c.encode("automatic")
        case .none: try c.encode("none")
        case .value(let number): try c.encode(number)
        }
    }

    /// Writes the value of ``encode(to:)`` with the stream writer.
    func write(to w: inout JSONStreamWriter) {
        switch self {
        case .automatic: w.string("automatic")
        case .none: w.string("none")
        case .value(let number): w.int(number)
        }
    }
}

extension UserInfoValue: Codable {
    /// The key of an instant's object (its only key: the decoder and the writers name it).
    package enum Field: String, JSONFields { case date }

    /// Reads a string, an integer, a Boolean or `{"date": "ISO 8601"}`.
    /// - Throws: `DecodingError` for another value (a fraction, null, an array).
    public init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: Field.self) {
            let text = try c.decode(String.self, forKey: .date)
            guard let date = ISO8601Instant.date(text) else {
                throw DecodingError.dataCorruptedError(forKey: .date, in: c, debugDescription: "'\(text)' is not an ISO 8601 instant")
            }
            self = .date(date)
            return
        }
        let c = try decoder.singleValueContainer()
        if let value = try? c.decode(Bool.self) { self = .bool(value); return }
        if let value = try? c.decode(Int.self) { self = .int(value); return }
        if let value = try? c.decode(String.self) { self = .string(value); return }
        throw DecodingError.dataCorruptedError(
            in: c, debugDescription: "a userInfo value is a string, an integer, true or false, or {\"date\": \"2026-11-23T10:00:00Z\"}")
    }

    /// Writes what ``init(from:)`` reads (a date in UTC).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .int(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .bool(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .date(let value):
            var c = encoder.container(keyedBy: Field.self)
            try c.encode(ISO8601Instant.string(value), forKey: .date)
        }
    }

    /// Writes the value of ``encode(to:)`` with the stream writer.
    func write(to w: inout JSONStreamWriter) {
        switch self {
        case .string(let value): w.string(value)
        case .int(let value): w.int(value)
        case .bool(let value): w.bool(value)
        case .date(let value):
            w.beginObject()
            w.plainKey(Field.date.rawValue); w.instant(value, in: nil)
            w.endObject()
        }
    }

    /// Writes a `userInfo` dictionary as an object, keys sorted as `JSONEncoder` sorts them.
    static func write(_ values: [String: UserInfoValue], to w: inout JSONStreamWriter) {
        w.beginObject()
        for name in JSONStreamWriter.sortedKeys(values) {
            w.key(name)
            values[name]!.write(to: &w)
        }
        w.endObject()
    }
}

extension KindOptions: JSONDefaultFieldObject, Codable {
    /// A kind's options' keys, in the order the decoder reads them.
    package enum Field: String, JSONFields {
        case identifierPrefix, identifierTemplate, category, threadIdentifier, delaySeconds, userInfo, sound, interruptionLevel, relevanceScore, badge
    }

    /// The keys, looked up by their bytes and in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Reads one kind's object of `kinds`; every key may be absent.
    /// - Throws: `DecodingError` when a value has the wrong type or is out of range.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the options that are set.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field` (the app's `userInfo`, the sound and the badge only by the
    /// strict decoder).
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .identifierPrefix: identifierPrefix = try r.string(maxBytes: InputLimits.identifierBytes)
        case .identifierTemplate: identifierTemplate = try r.string(maxBytes: InputLimits.identifierBytes)
        case .category: category = try r.object(KindCategory.self)
        case .threadIdentifier: threadIdentifier = try r.string(maxBytes: InputLimits.identifierBytes)
        case .delaySeconds: delaySeconds = try r.int(in: Self.delayRange)
        case .userInfo: userInfo = try r.read([String: UserInfoValue].self) { _ throws(JSONCursor.Failure) in throw JSONCursor.Failure.unsupported }
        case .sound: sound = try r.read(NotificationSound.self) { _ throws(JSONCursor.Failure) in throw JSONCursor.Failure.unsupported }
        case .interruptionLevel: interruptionLevel = try r.value(InterruptionLevel.self)
        case .relevanceScore: relevanceScore = try r.double(in: 0...1)
        case .badge: badge = try r.read(BadgePolicy.self) { _ throws(JSONCursor.Failure) in throw JSONCursor.Failure.unsupported }
        }
    }

    /// Writes the value of `field` when it is set, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .identifierPrefix: if let identifierPrefix { try w.string(identifierPrefix, at: field) }
        case .identifierTemplate: if let identifierTemplate { try w.string(identifierTemplate, at: field) }
        case .category: if let category { try w.object(category, at: field) }
        case .threadIdentifier: if let threadIdentifier { try w.string(threadIdentifier, at: field) }
        case .delaySeconds: if let delaySeconds { try w.int(delaySeconds, at: field) }
        case .userInfo: if let userInfo { try w.write(userInfo, at: field) { w in UserInfoValue.write(userInfo, to: &w) } }
        case .sound: if let sound { try w.write(sound, at: field) { w in sound.write(to: &w) } }
        case .interruptionLevel: if let interruptionLevel { try w.value(interruptionLevel, at: field) }
        case .relevanceScore: if let relevanceScore { try w.number(relevanceScore, at: field) }
        case .badge: if let badge { try w.write(badge, at: field) { w in badge.write(to: &w) } }
        }
    }
}

extension KindCategory: JSONFieldObject, Codable {
    /// A kind's category's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case identifier, actions }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.identifier])

    /// The value before its keys are read.
    package static var wireDefault: Self { Self(identifier: "") }

    /// Reads `{"identifier", "actions"?}`.
    /// - Throws: `DecodingError` when `identifier` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the identifier, and the actions when they are set.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .identifier: identifier = try r.string()
        case .actions: actions = try r.objects(NotificationActionSpec.self)
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .identifier: try w.string(identifier, at: field)
        case .actions: if let actions { try w.objects(actions, at: field) }
        }
    }
}

extension NotificationActionSpec: JSONFieldObject, Codable {
    /// An action's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case identifier, title, options }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.identifier, .title])

    /// The value before its keys are read.
    package static var wireDefault: Self { Self(identifier: "", title: "", optionNames: []) }

    /// Reads `{"identifier", "title", "options"?}`; `options` defaults to none.
    /// - Throws: `DecodingError` when `identifier` or `title` is missing.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes `{"identifier", "title", "options"}`.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .identifier: identifier = try r.string(maxBytes: InputLimits.identifierBytes)
        case .title: title = try r.string(maxBytes: InputLimits.nameBytes)
        case .options:
            options = try r.read([String].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.string() }) }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .identifier: try w.string(identifier, at: field)
        case .title: try w.string(title, at: field)
        case .options: try w.strings(options, at: field)
        }
    }
}

extension NotificationCategorySpec: JSONFieldObject, Codable {
    /// A category's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case identifier, actions, kinds }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: Field.allCases)

    /// The value before its keys are read.
    package static var wireDefault: Self { Self(identifier: "", actions: [], kinds: []) }

    /// Reads `{"identifier", "actions", "kinds"}`.
    /// - Throws: `DecodingError` when a key is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes `{"identifier", "actions", "kinds"}`.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .identifier: identifier = try r.string()
        case .actions: actions = try r.objects(NotificationActionSpec.self)
        case .kinds:
            kinds = try r.read([NotificationKind].self) { r throws(JSONCursor.Failure) in
                try r.array(of: { r throws(JSONCursor.Failure) in try r.value(NotificationKind.self) })
            }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .identifier: try w.string(identifier, at: field)
        case .actions: try w.objects(actions, at: field)
        case .kinds: try w.write(kinds, at: field) { w in w.strings(kinds.map(\.rawValue)) }
        }
    }
}
