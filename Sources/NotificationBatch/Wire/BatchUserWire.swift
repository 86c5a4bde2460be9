import NotificationPlanning
import Foundation
import MessageCatalog
import ToolkitSupport
import ToolkitJSON

// A batch line's JSON: the preferences' keys (`NotificationPreferences.Field`) and the cases of
// `BatchUser.Field`. The decoder and the byte reader switch over both.

extension BatchUser {
    /// A line's keys besides the preferences', in the order the decoder reads them.
    enum Field: String, JSONFields { case id, state, events }

    static let fields = JSONFieldTable<Field>()

    /// Every key of a line: the line's own and the preferences'.
    static let knownKeys = Field.allCases.map(\.rawValue) + NotificationPreferences.Field.allCases.map(\.rawValue)
}

extension BatchUser: Decodable {
    /// Reads the user from one JSON object holding the preferences' keys and `id`, `state`, `events`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        self.init(id: "", preferences: NotificationPreferences(timeZone: ""))
        for field in Field.allCases {
            switch field {
            case .id:
                id = try c.decodeText(forKey: field, maxBytes: InputLimits.identifierBytes)
                preferences = try NotificationPreferences(from: decoder)
            case .state: state = try c.decodeIfPresent(SchedulerState.self, forKey: field) ?? SchedulerState()
            case .events: events = try c.decodeIfPresent([PlannerEvent].self, forKey: field) ?? []
            }
        }
    }
}

extension BatchUser {
    /// Reads a user from one JSON object (a line of `msgtool batch`'s input).
    /// - Parameters:
    ///   - json: the UTF-8 JSON object.
    /// - Returns: the user, or the error: `invalidPreferences` (`id` or a preference),
    ///   `invalidState` (under `state`) or `invalidEvent` (under `events`), with the diagnostic's `location.keyPath`
    ///   naming the field (`habits[0].hoursBefore`, `events[2].timestamp`).
    public static func decode(json: Data) -> Result<BatchUser, Diagnostic> {
        decode(bytes: [UInt8](json))
    }

    /// Reads a user from one JSON object's UTF-8 bytes; as ``decode(json:)``. An error carries
    /// the line and column where the reading stopped.
    public static func decode(bytes: [UInt8]) -> Result<BatchUser, Diagnostic> {
        switch decodeLine(bytes: bytes) {
        case .success(let user): .success(user)
        case .failure(.syntax(let error)):
            .failure(Diagnostic(.invalidPreferences, "invalid JSON: \(error.message)", line: error.position.line, column: error.position.column))
        case .failure(.invalid(let diagnostic)): .failure(diagnostic)
        }
    }

    /// Why a line was not read.
    package enum LineFailure: Error {
        /// The line is not JSON: where and why.
        case syntax(JSONSyntaxError)
        /// The line is JSON but not a user: the diagnostic names the field.
        case invalid(Diagnostic)
    }

    /// Reads a user from one JSON object's UTF-8 bytes, read once: straight from the bytes
    /// (``JSONCursor``), which words every error with its place; only a form the byte reader
    /// leaves to it (`null`, a number written `1.0`, an app's per-kind options…) goes through
    /// the strict decoder instead.
    package static func decodeLine(bytes: [UInt8]) -> Result<BatchUser, LineFailure> {
        var r = JSONCursor(bytes, maximumStringBytes: InputLimits.anyStringBytes)
        let failure: JSONCursor.Failure
        do {
            return .success(try read(&r))
        } catch {
            failure = error
        }
        switch failure.reason {
        case .syntax(let error):
            return .failure(.syntax(error))
        case .invalid:
            // A syntax error later in the line is reported first, as the strict reader does.
            if let error = r.syntaxError(after: failure) { return .failure(.syntax(error)) }
            let at = r.position(at: failure.offset)
            return .failure(.invalid(diagnostic(failure.decodingError!, line: at.line, column: at.column)))
        case .unsupported:
            do {
                return .success(try InputLimits.decoder.decode(BatchUser.self, from: bytes))
            } catch let error as JSONSyntaxError {
                return .failure(.syntax(error))
            } catch {
                return .failure(.invalid(diagnostic(error, line: nil, column: nil)))
            }
        }
    }

    /// The diagnostic of a decoding error: its code by the part of the line it is in.
    private static func diagnostic(_ error: any Error, line: Int?, column: Int?) -> Diagnostic {
        let field = Diagnostic.field(of: error)
        let code: Diagnostic.Code =
            switch field?.prefix(while: { $0 != "." && $0 != "[" }) {
            case "state": .invalidState
            case "events": .invalidEvent
            default: .invalidPreferences
            }
        return Diagnostic(code, Diagnostic.describe(error), path: field, line: line, column: column)
    }

    /// The user of a line, or nil when the byte reader does not read it (an error, or a form
    /// it leaves to the strict decoder).
    static func read(bytes: [UInt8]) -> BatchUser? {
        var r = JSONCursor(bytes, maximumStringBytes: InputLimits.anyStringBytes)
        return try? read(&r)
    }

    /// Reads the user of a line straight from its bytes.
    static func read(_ r: inout JSONCursor) throws(JSONCursor.Failure) -> BatchUser {
        var id: String?
        var hasZone = false
        var preferences = NotificationPreferences(timeZone: "")
        var state = SchedulerState()
        var events: [PlannerEvent] = []
        try r.object { r, key throws(JSONCursor.Failure) in
            if let field = Self.fields.field(key) {
                switch field {
                case .id: id = try r.string(maxBytes: InputLimits.identifierBytes)
                case .state: state = try SchedulerState(reading: &r)
                case .events:
                    // An event's errors depend on its type: its decoder words them.
                    events = try r.wordedByStrictDecoder { r throws(JSONCursor.Failure) in
                        try r.array { r throws(JSONCursor.Failure) in try PlannerEvent(reading: &r) }
                    }
                }
            } else if let field = NotificationPreferences.fields.field(key) {
                if field == .timeZone { hasZone = true }
                try preferences.read(bytesOf: field, from: &r)
            } else {
                try r.skipUnknown(key, among: Self.knownKeys)
            }
        }
        guard let id else { throw r.missing(Field.id.rawValue) }
        guard hasZone else { throw r.missing(NotificationPreferences.Field.timeZone.rawValue) }
        try r.end()
        return BatchUser(id: id, preferences: preferences, state: state, events: events)
    }
}
