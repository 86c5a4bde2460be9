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
    /// derives left out; `BatchCompactLine`).
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
        w.plainKey("user"); w.string(id)
        switch shape {
        case .compact, .compact2:
            w.plainKey("added"); w.strings(result.added.map(\.identifier))
        case .full:
            w.plainKey("added"); NotificationRequest.write(result.added, to: &w)
        }
        if let request = result.authorizationRequest { w.plainKey("authorizationRequest"); request.write(to: &w) }
        w.plainKey("notes"); w.strings(result.notes)
        if shape == .full { w.plainKey("pending"); NotificationRequest.write(result.pending, to: &w) }
        w.plainKey("removed"); w.strings(result.removed)
        w.plainKey("state"); result.state.write(to: &w)
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
        if let id { w.plainKey("user"); w.string(id) }
        w.plainKey("line"); w.int(line)
        w.plainKey("error")
        w.beginObject()
        if let column { w.plainKey("column"); w.int(column) }
        if let field { w.plainKey("field"); w.string(field) }
        w.plainKey("kind"); w.string(kind)
        w.plainKey("message"); w.string(message)
        w.endObject()
        w.endObject()
        w.bytes.append(0x0A)
        return w.bytes
    }
}
