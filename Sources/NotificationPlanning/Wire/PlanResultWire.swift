import Foundation
import ToolkitSupport
import ToolkitJSON

// A plan's JSON (`msgtool schedule`'s output, the notes and the permission request of a batch
// line): each object's keys are the cases of its type's `Field`; its decoder and its writers
// switch over them.

extension PlanResult: JSONFieldWritable, Encodable {
    /// The keys of `msgtool schedule`'s object (``state`` is not part of it).
    package enum Field: String, JSONFields { case now, authorization, timeZone, added, removed, pending, notes, noteCodes, authorizationRequest }

    /// The keys in the writers' order.
    package static let fields = JSONFieldTable<Field>()

    /// Writes the JSON object of `msgtool schedule` (see the type's description), `now` with the
    /// UTC offset of ``timeZone``; ``state`` is not part of it.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .now: try w.string(ISO8601Instant.string(now, in: TimeZone(identifier: timeZone)), at: field)
        case .authorization: try w.value(authorization, at: field)
        case .timeZone: try w.string(timeZone, at: field)
        case .added: try w.requests(added, at: field)
        case .removed: try w.strings(removed, at: field)
        case .pending: try w.requests(pending, at: field)
        case .notes: try w.strings(notes, at: field)
        case .noteCodes: try w.objects(noteDetails, at: field)
        case .authorizationRequest: if let authorizationRequest { try w.object(authorizationRequest, at: field) }
        }
    }
}

extension PlanNote: JSONFieldObject, Codable {
    /// A note's keys, in the order the decoder reads them.
    package enum Field: String, JSONFields { case code, parameters }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.code, .parameters])

    /// The value before its keys are read.
    package static var wireDefault: Self { Self(.timeZoneChanged) }

    /// Reads `{"code", "parameters"}`.
    /// - Throws: `DecodingError` for a missing key, an unknown code or a parameter that is not a string.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes `{"code", "parameters"}`.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .code: code = try r.value(Code.self)
        case .parameters:
            parameters = try r.read([String: String].self) { r throws(JSONCursor.Failure) in
                try r.dictionary { r throws(JSONCursor.Failure) in try r.string() }
            }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .code: try w.value(code, at: field)
        case .parameters: try w.write(parameters, at: field) { w in w.object(parameters) }
        }
    }
}

extension AuthorizationRequest: JSONFieldObject, Codable {
    /// The request's keys.
    package enum Field: String, JSONFields { case options }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    package static let fields = JSONFieldTable<Field>(required: [.options])

    /// The value before its keys are read.
    package static var wireDefault: Self { Self(optionNames: []) }

    /// Reads `{"options": [name]}`.
    /// - Throws: `DecodingError` when `options` is missing or is not an array of strings.
    public init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes `{"options"}`.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field`, for both readers.
    package mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .options:
            options = try r.read([String].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.string() }) }
        }
    }

    /// Writes the value of `field`, for both writers.
    package func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .options: try w.strings(options, at: field)
        }
    }
}
