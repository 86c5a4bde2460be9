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
    func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        variant: Int, timeZone: String
    ) throws -> RenderedContent

    /// Renders every part of a message for the user's term of address: texts that select on the
    /// reserved `termOfAddress` argument show its `feminine` or `masculine` case, or their
    /// neutral text (`other`) for a neutral or unspecified term.
    /// - Parameters:
    ///   - key: the message key (`steps.goal`).
    ///   - locale: a BCP 47 tag; the catalog falls back through CLDR parents to the source locale.
    ///   - tone: the user's style; parts without tones ignore it.
    ///   - arguments: the message's arguments by name (never the reserved `termOfAddress`).
    ///   - variant: the pool index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    ///   - termOfAddress: the user's term of address.
    func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        variant: Int, timeZone: String, termOfAddress: AddressTerm
    ) throws -> RenderedContent

    /// Looks a message up once for a locale and tone: its variant count, then any number of
    /// renders from the handle without looking it up again. The default asks
    /// ``variantCount(key:locale:tone:)`` once and ``render(key:locale:tone:arguments:variant:timeZone:)``
    /// per render.
    /// - Parameters:
    ///   - key: the message key (`steps.goal`).
    ///   - locale: a BCP 47 tag.
    ///   - tone: the user's style.
    /// - Returns: the message, ready to render.
    func resolve(key: String, locale: String, tone: Tone) throws -> any ResolvedContent
}

extension ContentRendering {
    /// Renders without a term of address: for content whose texts do not vary by it (the
    /// catalogs' ``ContentGenerator`` implements it).
    public func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        variant: Int, timeZone: String, termOfAddress: AddressTerm
    ) throws -> RenderedContent {
        try render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }

    /// A handle that asks this renderer: its count once, then one ``render(key:locale:tone:arguments:variant:timeZone:)`` per render.
    public func resolve(key: String, locale: String, tone: Tone) throws -> any ResolvedContent {
        DeferredContent(
            content: self, key: key, locale: locale, tone: tone,
            variantCount: try variantCount(key: key, locale: locale, tone: tone))
    }
}

/// The default ``ResolvedContent``: the renderer's own calls.
struct DeferredContent<Content: ContentRendering>: ResolvedContent {
    let content: Content
    let key: String
    let locale: String
    let tone: Tone
    let variantCount: Int

    func render(arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        try content.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }

    func render(arguments: [String: MessageValue], variant: Int, timeZone: String, termOfAddress: AddressTerm) throws -> RenderedContent {
        try content.render(
            key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone,
            termOfAddress: termOfAddress)
    }
}
