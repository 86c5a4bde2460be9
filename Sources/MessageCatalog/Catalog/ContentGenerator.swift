import ToolkitSupport
import Foundation

/// Renders notification content from the catalogs: (key, locale, tone, arguments, variant or
/// seed) → every part of the message, deterministic for the same inputs.
///
/// The scheduler (NotificationPlanning) picks the variant with its selector and calls
/// `render(key:locale:tone:arguments:variant:timeZone:)`; callers without a selector use the
/// seeded form, which picks the variant from a stable hash of the seed and key (never Swift's
/// per-process `Hasher`).
public final class ContentGenerator: ContentRendering, Sendable {
    /// The catalogs the generator renders from.
    public let catalog: LocalizedCatalog
    /// Messages already resolved, by key, locale and tone (bounded by the catalogs' keys and the
    /// locales asked for).
    private let resolvedMessages = Locked<[ResolvedKey: ResolvedMessage]>([:])

    /// A generator over already loaded catalogs.
    /// - Parameter catalog: the catalogs to render from.
    public init(catalog: LocalizedCatalog) { self.catalog = catalog }

    /// The generator over the catalogs compiled into the library.
    public static func bundled() throws -> ContentGenerator { ContentGenerator(catalog: try LocalizedCatalog.bundled()) }

    /// The generator over the catalogs of a folder (en.json, es.json, …).
    public convenience init(catalogDirectory: URL) throws {
        self.init(catalog: try LocalizedCatalog(directory: catalogDirectory))
    }

    /// The generator over an app's own catalog folder layered over `base` (usually
    /// ``LocalizedCatalog/bundled()``): its messages, and its overrides of the base's, per part and
    /// tone (see ``LocalizedCatalog/init(directory:over:)`` and docs/app-catalog.md).
    public convenience init(catalogDirectory: URL, over base: LocalizedCatalog) throws {
        self.init(catalog: try LocalizedCatalog(directory: catalogDirectory, over: base))
    }

    /// How many different renderings a message has in a tone: the product of its parts' pool
    /// sizes, since the parts are picked independently (six titles and six bodies make 36).
    /// - Throws: `Diagnostic` for an unknown key or locale.
    public func variantCount(key: String, locale: String, tone: Tone) throws -> Int {
        try resolved(key: key, locale: locale, tone: tone).variantCount
    }

    /// The pool size of each part of the message (1 for a plain text), in the source's part order.
    func poolSizes(key: String, locale: String, tone: Tone) throws -> [Int] {
        try resolved(key: key, locale: locale, tone: tone).sizes
    }

    /// The message looked up once: each part's pool and locales (cached per key, locale and tone,
    /// like the compiled messages; nothing rendered is kept).
    public func resolve(key: String, locale: String, tone: Tone) throws -> any ResolvedContent {
        try resolved(key: key, locale: locale, tone: tone)
    }

    /// The message of ``resolve(key:locale:tone:)`` as its concrete type.
    /// - Throws: `Diagnostic` for an unknown key, part or locale.
    public func resolved(key: String, locale: String, tone: Tone) throws(Diagnostic) -> ResolvedMessage {
        let cacheKey = ResolvedKey(key: key, locale: locale, tone: tone)
        if let found = resolvedMessages.withLock({ $0[cacheKey] }) { return found }
        let message = try ResolvedMessage(catalog: catalog, key: key, locale: locale, tone: tone)
        resolvedMessages.withLock { $0[cacheKey] = message }
        return message
    }

    /// The pool index of each part for a rendering variant: the variant's mixed-radix digits
    /// over the pool sizes, each part's index shifted by the digits before it. Every
    /// combination of titles and bodies is reached exactly once in `0 ..< sizes.product`, and
    /// consecutive variants change the first pooled part and, when a title and a body pool have
    /// the same size, the body too (a new title never comes with the previous body).
    /// - Parameters:
    ///   - variant: any integer (taken modulo the number of combinations).
    ///   - sizes: the pool size of each part (each at least 1).
    /// - Returns: one index per part, each below its pool's size.
    public static func partIndices(variant: Int, sizes: [Int]) -> [Int] {
        let total = sizes.reduce(1) { $0 * max(1, $1) }
        var rest = ((variant % total) + total) % total
        var sum = 0
        var out: [Int] = []
        for size in sizes {
            let n = max(1, size)
            sum += rest % n
            rest /= n
            out.append(sum % n)
        }
        return out
    }

    /// Renders every part of a message; `variant` (see ``variantCount(key:locale:tone:)``)
    /// picks each part's text independently (``partIndices(variant:sizes:)``).
    public func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        variant: Int, timeZone: String
    ) throws -> RenderedContent {
        try render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone, termOfAddress: .unspecified)
    }

    /// Renders every part of a message for the user's term of address, which fills the reserved
    /// `termOfAddress` argument (``AddressTerm``); `variant` picks each part's text as in
    /// ``render(key:locale:tone:arguments:variant:timeZone:)``.
    public func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        variant: Int, timeZone: String, termOfAddress: AddressTerm
    ) throws -> RenderedContent {
        try resolved(key: key, locale: locale, tone: tone).render(
            arguments: arguments, variant: variant, timeZone: timeZone,
            termOfAddress: termOfAddress)
    }

    /// Renders with the variant picked from a stable hash of (seed, key): FNV-1a 64 over the
    /// seed's eight little-endian bytes, then the key's UTF-8 bytes (`StableKey.fnv1a64(key, seed:)`
    /// of AffirmationSelector gives the same value).
    @available(*, deprecated, message: "pass variant: Int(StableKey.fnv1a64(key, seed: seed) % UInt64(variantCount)) to render(key:…:variant:timeZone:)")
    public func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        seed: UInt64, timeZone: String
    ) throws -> RenderedContent {
        try render(key: key, locale: locale, tone: tone, arguments: arguments, seed: seed, timeZone: timeZone, termOfAddress: .unspecified)
    }

    /// Renders for the user's term of address (``AddressTerm``) with the variant picked from a
    /// stable hash of (seed, key), as ``render(key:locale:tone:arguments:seed:timeZone:)``.
    @available(*, deprecated, message: "pass variant: Int(StableKey.fnv1a64(key, seed: seed) % UInt64(variantCount)) to render(key:…:variant:timeZone:)")
    public func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
        seed: UInt64, timeZone: String, termOfAddress: AddressTerm
    ) throws -> RenderedContent {
        let count = try variantCount(key: key, locale: locale, tone: tone)
        let variant = Int(FNV1a.hash64(key, seed: seed) % UInt64(count))
        return try render(
            key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone,
            termOfAddress: termOfAddress)
    }

    /// Every message key of the source catalog, in file order.
    public var keys: [String] { catalog.source.messages.map(\.key) }
}

private struct ResolvedKey: Hashable {
    var key: String
    var locale: String
    var tone: Tone
}
