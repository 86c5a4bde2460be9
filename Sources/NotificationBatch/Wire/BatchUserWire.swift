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

    /// Reads a user from one JSON object's UTF-8 bytes; as ``decode(json:)``.
    public static func decode(bytes: [UInt8]) -> Result<BatchUser, Diagnostic> {
        // The plain form of a line is read straight from its bytes; anything else (and every
        // error) goes through the strict decoder, which words the diagnostic.
        if let user = read(bytes: bytes) { return .success(user) }
        do {
            return .success(try InputLimits.decoder.decode(BatchUser.self, from: bytes))
        } catch let error as JSONSyntaxError {
            return .failure(Diagnostic(.invalidPreferences, "invalid JSON: \(error.message)", line: error.position.line, column: error.position.column))
        } catch {
            let field = Diagnostic.field(of: error)
            let code: Diagnostic.Code =
                switch field?.prefix(while: { $0 != "." && $0 != "[" }) {
                case "state": .invalidState
                case "events": .invalidEvent
                default: .invalidPreferences
                }
            return .failure(Diagnostic(code, Diagnostic.describe(error), path: field))
        }
    }

    /// The user of a line in the plain form, or nil when the line needs the strict decoder.
    static func read(bytes: [UInt8]) -> BatchUser? {
        var r = JSONCursor(bytes)
        var id: String?
        var hasZone = false
        var preferences = NotificationPreferences(timeZone: "")
        var state = SchedulerState()
        var events: [PlannerEvent] = []
        do {
            try r.object { r, key throws(JSONCursor.Miss) in
                if let field = Self.fields.field(key) {
                    switch field {
                    case .id: id = try r.string(maxBytes: InputLimits.identifierBytes)
                    case .state: state = try SchedulerState(reading: &r)
                    case .events: events = try r.array { r throws(JSONCursor.Miss) in try PlannerEvent(reading: &r) }
                    }
                } else if let field = NotificationPreferences.fields.field(key) {
                    if field == .timeZone { hasZone = true }
                    try preferences.read(field, from: &r)
                } else {
                    throw JSONCursor.Miss()
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
