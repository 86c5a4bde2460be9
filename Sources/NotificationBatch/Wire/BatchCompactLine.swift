import NotificationPlanning
import Foundation
import MessageCatalog
import ToolkitSupport
import ToolkitJSON

// Version 2 of the compact shape (`msgtool batch --output-shape compact2`) and the reader of
// every shape's lines. docs/batch.md states the shape and its expansion rule.

extension BatchOutput {
    /// The version a `compact2` line carries in `"shape"`.
    package static let compactShapeVersion = 2

    /// A planned user's line in the `compact2` shape, ending in a newline: `{"user", "shape": 2,
    /// "added"?, "authorizationRequest"?, "notes"?, "removed"?, "state"}`, an empty array left
    /// out, the state in its compact form (version 2).
    /// - Parameters:
    ///   - id: the user's id (written first, as `"user"`).
    ///   - result: the user's plan.
    /// - Returns: the line's bytes.
    package static func compact2Line(user id: String, result: PlanResult) -> [UInt8] {
        var w = JSONStreamWriter()
        w.beginObject()
        w.plainKey(LineField.user.rawValue); w.string(id)
        w.plainKey(LineField.shape.rawValue); w.int(compactShapeVersion)
        for field in lineFields.written {
            switch field {
            case .user, .shape: continue  // written first
            case .added:
                if !result.added.isEmpty {
                    w.plainKey(field.rawValue)
                    w.beginArray()
                    for request in result.added { w.string(request.identifier) }
                    w.endArray()
                }
            case .authorizationRequest: if let request = result.authorizationRequest { w.plainKey(field.rawValue); request.write(to: &w) }
            case .notes: if !result.notes.isEmpty { w.plainKey(field.rawValue); w.strings(result.notes) }
            case .pending: continue  // in state.pending
            case .removed: if !result.removed.isEmpty { w.plainKey(field.rawValue); w.strings(result.removed) }
            case .state: w.plainKey(field.rawValue); result.state.writeCompact(to: &w)
            }
        }
        w.endObject()
        w.bytes.append(0x0A)
        return w.bytes
    }
}

/// One line of `msgtool batch`'s output read back, whatever its shape (`compact2`, `compact`
/// or `full`), with every request whole: what a server applies to the user's device.
///
/// ```swift
/// import NotificationBatch
///
/// // snippet-setup: let bytes = Array(#"{"user":"u-1","shape":2,"state":{"version":2}}"#.utf8)
/// switch BatchPlanLine.decode(bytes: bytes) {
/// case .success(let line):
///     // remove line.removed, then add line.added; keep line.state for the next night
///     print(line.user, line.added.count, line.removed.count)
/// case .failure(let error):
///     print(error.message)   // an error line, another shape version, or not a plan line
/// }
/// ```
public struct BatchPlanLine: Sendable, Hashable {
    /// The user's id (`"user"`).
    public var user: String
    /// The shape's version: 2 for a `compact2` line, 1 for a `compact` or `full` line.
    public var shapeVersion: Int
    /// The requests to add (new, or replacing a pending one with the same identifier), nearest first.
    public var added: [NotificationRequest]
    /// The identifiers of the requests to remove first, sorted.
    public var removed: [String]
    /// Why things were or were not scheduled.
    public var notes: [String]
    /// The permission the app should ask for now, if any.
    public var authorizationRequest: AuthorizationRequest?
    /// The user's state, to pass back as `"state"` in the next run's input; its `pending`
    /// holds every request pending after the plan, whole.
    public var state: SchedulerState

    /// Every request pending after the plan, nearest first (the state's `pending`).
    public var pending: [NotificationRequest] { state.pending }

    /// The shape versions this reader takes: 1 (`compact`, `full`) and 2 (`compact2`).
    public static let readableShapeVersions = 1...2

    /// Reads one output line.
    /// - Parameters:
    ///   - bytes: the line's UTF-8 bytes (with or without its newline).
    /// - Returns: the line, or why it is not a planned user's line: an error line (its message),
    ///   a shape version this reader does not take (`shape`), invalid JSON, a request that is not
    ///   whole once expanded; the diagnostic's `location.keyPath` names the field.
    public static func decode(bytes: [UInt8]) -> Result<BatchPlanLine, Diagnostic> {
        do {
            return .success(try InputLimits.decoder.decode(BatchPlanLine.self, from: bytes))
        } catch let error as JSONSyntaxError {
            return .failure(Diagnostic(.invalidState, "invalid JSON: \(error.message)", line: error.position.line, column: error.position.column))
        } catch let error as Diagnostic {
            return .failure(error)
        } catch {
            return .failure(Diagnostic(.invalidState, Diagnostic.describe(error), path: Diagnostic.field(of: error)))
        }
    }

    /// The message of a line whose `"shape"` this reader does not take.
    static func unknownShapeMessage(_ version: Int) -> String {
        "shape \(version) is not a shape this msgtool reads (2: compact2; no \"shape\": compact or full): "
            + "read the line with the msgtool that wrote it (or a newer one), or plan the users again with --output-shape compact2"
    }
}

extension BatchPlanLine: Decodable {
    private typealias Field = BatchOutput.LineField

    /// Reads a planned user's line of any shape.
    /// - Throws: `DecodingError` for a missing key or a value of the wrong type, a `"shape"` that is
    ///   not a version this reader takes, an `added` identifier that `state.pending` does not hold;
    ///   `Diagnostic` for an error line.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        shapeVersion = try c.decodeIfPresent(Int.self, forKey: .shape) ?? 1
        guard Self.readableShapeVersions.contains(shapeVersion) else {
            throw DecodingError.dataCorruptedError(forKey: .shape, in: c, debugDescription: Self.unknownShapeMessage(shapeVersion))
        }
        let failed = try decoder.container(keyedBy: BatchOutput.ErrorLineField.self)
        if failed.contains(.error) {
            let user = try c.decodeIfPresent(String.self, forKey: .user)
            throw Diagnostic(
                .invalidState, "the line is an error line (\(user.map { "user \($0)" } ?? "no user")): the user was not planned, see its \"error\"",
                at: .init(keyPath: BatchOutput.ErrorLineField.error.rawValue))
        }
        user = try c.decode(String.self, forKey: .user)
        state = try c.decode(SchedulerState.self, forKey: .state)
        notes = try c.decodeIfPresent([String].self, forKey: .notes) ?? []
        removed = try c.decodeIfPresent([String].self, forKey: .removed) ?? []
        authorizationRequest = try c.decodeIfPresent(AuthorizationRequest.self, forKey: .authorizationRequest)
        if shapeVersion == 1, c.contains(.pending) {
            // The full shape: the requests as they are.
            added = try c.decode([NotificationRequest].self, forKey: .added)
        } else {
            let ids = try c.decodeIfPresent([String].self, forKey: .added) ?? []
            var byID: [String: NotificationRequest] = [:]
            for request in state.pending { byID[request.identifier] = request }
            added = try ids.enumerated().map { i, id in
                guard let request = byID[id] else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: [Field.added, JSONCodingKey(intValue: i)],
                            debugDescription: "'\(id)' is not the identifier of a request in state.pending"))
                }
                return request
            }
        }
    }
}
