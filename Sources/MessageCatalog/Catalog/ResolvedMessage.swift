import Foundation
import ToolkitSupport

/// A catalog message resolved for a locale and tone: each part's pool of texts, the catalog
/// locale it comes from and the locale it is formatted in, looked up once; renders pick a text
/// per part and format it (see ``ContentGenerator/partIndices(variant:sizes:)``).
public struct ResolvedMessage: ResolvedContent {
    struct Part: Sendable {
        var name: String
        var units: [CatalogUnit]
        var textLocale: String
        var formatLocale: String
    }

    /// The message key.
    public let key: String
    let parts: [Part]
    let sizes: [Int]
    let declarations: [ArgumentDeclaration]
    let catalog: LocalizedCatalog
    /// Each part's units compiled, in the order of `parts` and their `units` (nil: it did not compile).
    let compiled: [[MessageFormat?]]
    /// The catalog locale of the first part's text (after fallback).
    let textLocale: String
    /// The product of the parts' pool sizes.
    public let variantCount: Int
    /// Whether an argument is a duration (formatted into text before each render).
    let hasDurations: Bool

    init(catalog: LocalizedCatalog, key: String, locale: String, tone: Tone) throws(Diagnostic) {
        guard let source = catalog.sourceMessage(key) else {
            throw Diagnostic(
                kind: .unknownMessage, message: "No message '\(key)' in the catalogs: check the key's spelling, or add the message to the source catalog.")
        }
        var parts: [Part] = []
        for part in source.parts {
            let (units, textLocale) = try catalog.resolveUnits(key: key, part: part.name, locale: locale, tone: tone)
            parts.append(
                Part(
                    name: part.name, units: units, textLocale: textLocale,
                    formatLocale: catalog.formattingLocale(textLocale: textLocale, requested: locale)))
        }
        self.key = key
        self.parts = parts
        self.sizes = parts.map { max(1, $0.units.count) }
        self.declarations = source.arguments
        self.hasDurations = source.arguments.contains { $0.kind == .duration }
        self.catalog = catalog
        self.textLocale = parts.first?.textLocale ?? catalog.sourceLocale
        self.variantCount = sizes.reduce(1, *)
        // Every unit compiled now, once per resolved message; one that does not compile is
        // compiled again when rendered, which throws its error there as before.
        self.compiled = parts.map { part in
            part.units.map { try? catalog.compiledMessage($0, textLocale: part.textLocale, formatLocale: part.formatLocale) }
        }
    }

    /// Renders every part; `variant` picks each part's text (``ContentGenerator/partIndices(variant:sizes:)``).
    /// - Throws: ``Diagnostic`` for a part without text or an argument it cannot format.
    public func render(arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        try render(arguments: arguments, variant: variant, timeZone: timeZone, termOfAddress: .unspecified)
    }

    /// Renders every part for the user's term of address, which fills the reserved
    /// `termOfAddress` argument (see ``AddressTerm``).
    /// - Throws: ``Diagnostic`` for a part without text, an argument it cannot format, or
    ///   arguments that hold the reserved `termOfAddress`.
    public func render(arguments: [String: MessageValue], variant: Int, timeZone: String, termOfAddress: AddressTerm) throws -> RenderedContent {
        // The reserved termOfAddress is bound straight to each text's slot (as `filling` would
        // set it), without copying the arguments.
        try AddressTerm.checkNotReserved(arguments)
        let address = MessageValue.string(termOfAddress.selectKeyword)
        let indices = ContentGenerator.partIndices(variant: variant, sizes: sizes)
        let context = FormatContext.borrow()
        defer { FormatContext.giveBack(context) }
        var out = [String: String](minimumCapacity: parts.count)
        // The durations formatted once per format locale (the parts usually share one).
        var prepared: (locale: String, arguments: [String: MessageValue])?
        for (i, part) in parts.enumerated() {
            guard !part.units.isEmpty else { throw Diagnostic(kind: .badArgument, message: "'\(key).\(part.name)' has no text.") }
            let unit = part.units[indices[i] % part.units.count]
            let m =
                try compiled[i][indices[i] % part.units.count]
                ?? catalog.compiledMessage(unit, textLocale: part.textLocale, formatLocale: part.formatLocale)
            var args = arguments
            if hasDurations {
                if let prepared, prepared.locale == part.formatLocale {
                    args = prepared.arguments
                } else {
                    args = try LocalizedCatalog.prepared(arguments, declarations: declarations, locale: part.formatLocale)
                    prepared = (part.formatLocale, args)
                }
            }
            let values = m.argumentNames.map { $0 == AddressTerm.argumentName ? address : args[$0] }
            out[part.name] = try m.format(BoundArguments(values: values), timeZone: timeZone, context: context)
        }
        return RenderedContent(key: key, locale: textLocale, parts: out, variant: variant)
    }
}

/// A stable 64-bit hash (FNV-1a over UTF-8), identical on every platform and run.
///
/// Deprecated: the package has one stable hash, AffirmationSelector's `StableKey`, which the
/// selector and the planner use. The two disagreed without a seed: `StableHash.fnv1a64(text)`
/// hashes eight zero bytes before the text, `StableKey.fnv1a64(text)` hashes the text alone;
/// `StableHash.fnv1a64(text, seed: s)` is `StableKey.fnv1a64(text, seed: s)` for every `s`.
@available(*, deprecated, message: "use AffirmationSelector's StableKey.fnv1a64(_:seed:), which gives the same hash for the same seed")
public enum StableHash {
    /// FNV-1a 64 over the seed's eight little-endian bytes, then the text's UTF-8 bytes.
    /// - Parameters:
    ///   - text: the key text.
    ///   - seed: hashed before the text (a zero seed is hashed too: eight zero bytes).
    /// - Returns: the 64-bit hash.
    public static func fnv1a64(_ text: String, seed: UInt64 = 0) -> UInt64 { FNV1a.hash64(text, seed: seed) }
}
