import Foundation

/// Renders catalog messages. The scheduler asks this for every text it puts in a request;
/// it never formats text itself.
public protocol ContentRendering: Sendable {
    /// How many variants the pools of a message have for a locale and tone (the largest pool
    /// among its parts; 1 when no part is a pool).
    func variantCount(key: String, locale: String, tone: Tone) throws -> Int

    /// Renders every part of a message with explicit variant index (taken modulo each pool's size).
    /// - Parameters:
    ///   - key: the message key (`steps.goal`).
    ///   - locale: a BCP 47 tag; the catalog falls back through CLDR parents to the source locale.
    ///   - tone: the user's style; parts without tones ignore it.
    ///   - arguments: the message's arguments by name.
    ///   - variant: the pool index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
                variant: Int, timeZone: String) throws -> RenderedContent
}
