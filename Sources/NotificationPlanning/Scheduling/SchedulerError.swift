import Foundation

/// A scheduling input the planner cannot accept, with what to fix and where.
///
/// The code is a struct over a private enum, so new codes can come without breaking clients
/// (swift-nio's `FileSystemError` model).
public struct SchedulerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case invalidPreferences, intervalOutOfRange, invalidEvent, invalidState, content
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A preference is missing or out of range.
        public static let invalidPreferences = Code(.invalidPreferences)
        /// An interval outside 10…300 seconds.
        public static let intervalOutOfRange = Code(.intervalOutOfRange)
        /// An event that cannot be read or applied.
        public static let invalidEvent = Code(.invalidEvent)
        /// A state file that cannot be read.
        public static let invalidState = Code(.invalidState)
        /// The catalog could not render a notification's text.
        public static let content = Code(.content)

        /// The code's name, e.g. `invalidPreferences`.
        public var description: String { value.rawValue }
    }

    /// What kind of problem it is.
    public var code: Code
    /// What went wrong and how to fix it.
    public var message: String
    /// The setting concerned (`interval.seconds`), when there is one.
    public var path: String?
    /// The 1-based line of the input (events), when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The index of the event concerned in the planner's input, when there is one.
    public var eventIndex: Int?

    /// An error.
    public init(_ code: Code, _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil, eventIndex: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.eventIndex = eventIndex
    }

    /// The ``message``.
    public var description: String { message }

    /// A one-line description of a decoding error: the coding path and the reason.
    /// - Parameter error: any error from `JSONDecoder`.
    /// - Returns: e.g. `"habits[0].hoursBefore: expected a number"`.
    public static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case let .keyNotFound(key, context):
            let at = path(context.codingPath)
            return "missing key '\(key.stringValue)'" + (at.isEmpty ? "" : " in \(at)")
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): expected \(type)"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath)): expected \(type), found null"
        case let .dataCorrupted(context):
            let at = path(context.codingPath)
            let reason = context.underlyingError.map { "invalid JSON (\(($0 as NSError).localizedDescription))" } ?? context.debugDescription
            return at.isEmpty ? reason : "\(at): \(reason)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The field a decoding error is about, as a path: the coding path, plus the missing key of
    /// a `keyNotFound`.
    /// - Parameter error: any error from `JSONDecoder`.
    /// - Returns: e.g. `"habits[0].hoursBefore"` or `"timeZone"`; nil for other errors and for
    ///   errors about the whole document.
    public static func field(of error: any Error) -> String? {
        guard let decoding = error as? DecodingError else { return nil }
        let at: String
        switch decoding {
        case let .keyNotFound(key, context): at = path(context.codingPath + [key])
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context): at = path(context.codingPath)
        @unknown default: at = ""
        }
        return at.isEmpty ? nil : at
    }

    /// `habits[0].hoursBefore` from coding keys.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let i = key.intValue { text += "[\(i)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text
    }
}
