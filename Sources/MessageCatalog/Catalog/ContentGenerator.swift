import ToolkitSupport
import Foundation

/// Renders notification content from the catalogs: (key, locale, tone, arguments, variant or
/// seed) → every part of the message, deterministic for the same inputs.
///
/// The scheduler (AffirmationSelector) picks the variant with its selector and calls
/// `render(key:locale:tone:arguments:variant:timeZone:)`; callers without a selector use the
/// seeded form, which picks the variant from a stable hash of the seed and key (never Swift's
/// per-process `Hasher`).
public final class ContentGenerator: ContentRendering, Sendable {
    public let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    /// The generator over the catalogs compiled into the library.
    public static func bundled() throws -> ContentGenerator { ContentGenerator(catalog: try Catalog.bundled()) }

    /// The generator over the catalogs of a folder (en.json, es.json, …).
    public convenience init(catalogDirectory: URL) throws {
        self.init(catalog: try Catalog(directory: catalogDirectory))
    }

    public func variantCount(key: String, locale: String, tone: Tone) throws -> Int {
        guard let source = catalog.sourceMessage(key) else {
            throw MessageFormatError(kind: .badArgument, message: "No message '\(key)' in the catalogs.")
        }
        var count = 1
        for part in source.parts {
            let (p, _) = try catalog.resolvePart(key: key, part: part.name, locale: locale)
            count = max(count, p.units(for: tone).count)
        }
        return count
    }

    public func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
                       variant: Int, timeZone: String) throws -> RenderedContent {
        guard let source = catalog.sourceMessage(key) else {
            throw MessageFormatError(kind: .badArgument, message: "No message '\(key)' in the catalogs.")
        }
        let context = FormatContext()
        var parts: [String: String] = [:]
        var textLocale = catalog.sourceLocale
        for part in source.parts {
            let (_, tag) = try catalog.resolvePart(key: key, part: part.name, locale: locale)
            if part.name == source.parts.first?.name { textLocale = tag }
            parts[part.name] = try catalog.format(key: key, part: part.name, locale: locale, tone: tone, variant: variant,
                                                  arguments: arguments, timeZone: timeZone, context: context)
        }
        return RenderedContent(key: key, locale: textLocale, parts: parts, variant: variant)
    }

    /// Renders with the variant picked from a stable hash of (seed, key).
    public func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
                       seed: UInt64, timeZone: String) throws -> RenderedContent {
        let count = try variantCount(key: key, locale: locale, tone: tone)
        let variant = Int(StableHash.fnv1a64(key, seed: seed) % UInt64(count))
        return try render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }

    /// Every message key of the source catalog, in file order.
    public var keys: [String] { catalog.source.messages.map(\.key) }
}

/// A stable 64-bit hash (FNV-1a over UTF-8), identical on every platform and run.
public enum StableHash {
    /// FNV-1a 64 over the seed's eight little-endian bytes, then the text's UTF-8 bytes.
    /// - Parameters:
    ///   - text: the key text.
    ///   - seed: hashed before the text (a zero seed is hashed too: eight zero bytes).
    /// - Returns: the 64-bit hash.
    public static func fnv1a64(_ text: String, seed: UInt64 = 0) -> UInt64 { FNV1a.hash64(text, seed: seed) }
}
