import NotificationPlanning
import Foundation

/// The JSON of plans, one configuration for every command that prints them: `schedule` (one
/// pretty object), `categories` and `batch` (one compact line per user). Keys are sorted and
/// slashes are not escaped, so equal plans give equal bytes.
enum PlanJSON {
    /// The encoder: sorted keys, unescaped slashes; pretty-printed or compact (one line).
    /// - Parameter pretty: indent for a single object on a terminal.
    /// - Returns: a new encoder (encoders are thread-safe and can be shared by workers).
    static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The part of a plan that `msgtool batch` prints for a user: `added`, `removed`, `pending`,
    /// `notes`, `state` and, when the app should ask for permission, `authorizationRequest`
    /// (the Request shape and state of `msgtool schedule`).
    struct UserPlan: Encodable {
        let result: PlanResult

        private enum Keys: String, CodingKey { case added, removed, pending, notes, state, authorizationRequest }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(result.added, forKey: .added)
            try c.encode(result.removed, forKey: .removed)
            try c.encode(result.pending, forKey: .pending)
            try c.encode(result.notes, forKey: .notes)
            try c.encode(result.state, forKey: .state)
            try c.encodeIfPresent(result.authorizationRequest, forKey: .authorizationRequest)
        }
    }
}
