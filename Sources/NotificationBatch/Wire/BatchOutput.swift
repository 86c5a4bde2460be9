import NotificationPlanning
import Foundation
import ToolkitSupport
import ToolkitJSON

/// The shape of a user's line in `msgtool batch`'s output (docs/batch.md).
package enum BatchOutputShape: String, Sendable, CaseIterable {
    /// Each request once: `{"user", "added": [identifier], "authorizationRequest"?, "notes",
    /// "removed": [identifier], "state"}`, the requests themselves in `state.pending` (the default).
    case compact
    /// The shape before 0.2: `{"user", "added": [Request], "authorizationRequest"?, "notes",
    /// "pending": [Request], "removed", "state"}`, each pending request written up to three times.
    case full
    /// Version 2 of the compact shape: `{"user", "shape": 2, "added"?, "authorizationRequest"?,
    /// "notes"?, "removed"?, "state"}`, the state of version 2 (defaults and what a reader
    /// derives left out; `BatchOutput.compact2Line(user:result:)`).
    case compact2
}

/// Writes the lines of `msgtool batch` with `JSONStreamWriter`: one line per user, compact,
/// keys sorted after `"user"`.
package enum BatchOutput {
    /// A planned user's line, ending in a newline.
    /// - Parameters:
    ///   - id: the user's id (written first, as `"user"`).
    ///   - result: the user's plan.
    ///   - shape: compact (each request once) or the full shape of earlier releases.
    /// - Returns: the line's bytes.
    package static func line(user id: String, result: PlanResult, shape: BatchOutputShape) -> [UInt8] {
        if shape == .compact2 { return compact2Line(user: id, result: result) }
        var w = JSONStreamWriter()
        w.beginObject()
        w.plainKey(LineField.user.rawValue); w.string(id)
        for field in lineFields.written {
            switch field {
            case .user: continue  // written first
            case .added:
                w.plainKey(field.rawValue)
                switch shape {
                case .compact, .compact2: w.strings(result.added.map(\.identifier))
                case .full: NotificationRequest.write(result.added, to: &w)
                }
            case .authorizationRequest: if let request = result.authorizationRequest { w.plainKey(field.rawValue); request.write(to: &w) }
            case .notes: w.plainKey(field.rawValue); w.strings(result.notes)
            case .pending: if shape == .full { w.plainKey(field.rawValue); NotificationRequest.write(result.pending, to: &w) }
            case .removed: w.plainKey(field.rawValue); w.strings(result.removed)
            case .shape: continue  // compact2's only
            case .state: w.plainKey(field.rawValue); result.state.write(to: &w)
            }
        }
        w.endObject()
        w.bytes.append(0x0A)
        return w.bytes
    }

    /// A failed line, ending in a newline: `{"user"?, "line", "error": {"column"?, "field"?,
    /// "kind", "message"}}`.
    /// - Parameters:
    ///   - id: the user's id, when the line has a readable one.
    ///   - line: the 1-based line number in the input.
    ///   - kind: the error's kind (`invalidJSON`, `invalidUser`, the planner's code…).
    ///   - field: the setting concerned, as a path.
    ///   - column: for invalid JSON, where the line stops being JSON.
    ///   - message: what is wrong.
    /// - Returns: the line's bytes.
    package static func errorLine(user id: String?, line: Int, kind: String, field: String?, column: Int?, message: String) -> [UInt8] {
        var w = JSONStreamWriter()
        w.beginObject()
        for key in ErrorLineField.allCases {
            switch key {
            case .user: if let id { w.plainKey(key.rawValue); w.string(id) }
            case .line: w.plainKey(key.rawValue); w.int(line)
            case .error:
                w.plainKey(key.rawValue)
                w.beginObject()
                for member in ErrorField.allCases {
                    switch member {
                    case .column: if let column { w.plainKey(member.rawValue); w.int(column) }
                    case .field: if let field { w.plainKey(member.rawValue); w.string(field) }
                    case .kind: w.plainKey(member.rawValue); w.string(kind)
                    case .message: w.plainKey(member.rawValue); w.string(message)
                    }
                }
                w.endObject()
            }
        }
        w.endObject()
        w.bytes.append(0x0A)
        return w.bytes
    }
}

extension BatchOutput {
    /// The keys of a planned user's line: `user` first (and `shape`, in compact2's lines), then
    /// the others in the writers' order.
    package enum LineField: String, JSONFields { case user, shape, added, authorizationRequest, notes, pending, removed, state }

    /// The keys of a failed line, in the order it has always written them (not sorted).
    package enum ErrorLineField: String, JSONFields { case user, line, error }

    /// The keys of a failed line's `error` object, in the order they are written (sorted).
    package enum ErrorField: String, JSONFields { case column, field, kind, message }

    /// A planned line's keys in the writers' order.
    static let lineFields = JSONFieldTable<LineField>()
}
