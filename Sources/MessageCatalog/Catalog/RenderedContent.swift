import Foundation

/// What a notification says: its parts rendered (title, body, and any other part of the message).
public struct RenderedContent: Sendable, Equatable, Codable {
    /// The message key, e.g. `reminder.achievement`.
    public var key: String
    /// The locale whose catalog provided the text (after fallback), as a BCP 47 tag.
    public var locale: String
    /// Rendered parts by name.
    public var parts: [String: String]
    /// The variant index used for the parts that are pools.
    public var variant: Int

    /// Makes rendered content from its parts.
    /// - Parameters:
    ///   - key: the message key.
    ///   - locale: the BCP 47 tag of the catalog that provided the text.
    ///   - parts: the rendered text of each part, by part name.
    ///   - variant: the variant index used for the parts that are pools.
    public init(key: String, locale: String, parts: [String: String], variant: Int) {
        self.key = key
        self.locale = locale
        self.parts = parts
        self.variant = variant
    }

    /// The rendered `title` part, or `nil` when the message has no part of that name.
    public var title: String? { parts["title"] }
    /// The rendered `body` part, or `nil` when the message has no part of that name.
    public var body: String? { parts["body"] }
}
