import NotificationPlanning
import Foundation

/// The `JSONEncoder` configuration of `msgtool categories` (plans are written by
/// `JSONStreamWriter`, which gives the same bytes). Keys are sorted and slashes are not escaped,
/// so equal values give equal bytes.
enum PlanJSON {
    /// The encoder: sorted keys, unescaped slashes; pretty-printed or compact (one line).
    /// - Parameter pretty: indent for a single object on a terminal.
    /// - Returns: a new encoder (encoders are thread-safe and can be shared by workers).
    static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
