import Foundation
import MessageCatalog

/// A scheduling input the planner cannot accept, with what to fix and where: a `Diagnostic`
/// (codes `.invalidPreferences`, `.intervalOutOfRange`, `.invalidEvent`, `.invalidState`,
/// `.content`), the setting's path in its location's key path, an event's index in its
/// location's index.
@available(*, deprecated, renamed: "Diagnostic", message: "every error of the package is a Diagnostic; this name goes before 1.0")
public typealias SchedulerError = Diagnostic

extension Diagnostic {
    /// A one-line description of a decoding error: the coding path and the reason.
    /// - Parameter error: any error from `JSONDecoder`.
    /// - Returns: e.g. `"habits[0].hoursBefore: expected a number"`.
    package static func describe(_ error: any Error) -> String {
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
    package static func field(of error: any Error) -> String? {
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
