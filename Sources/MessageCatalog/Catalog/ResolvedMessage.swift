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
    /// The title and body of renders already made, shared by every copy of this message.
    let memo = RenderMemo()

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
        var out = [String: String](minimumCapacity: parts.count)
        try renderParts(arguments: arguments, variant: variant, timeZone: timeZone, termOfAddress: termOfAddress) { name, text in
            out[name] = text
        }
        return RenderedContent(key: key, locale: textLocale, parts: out, variant: variant)
    }

    /// The `title` and `body` parts of ``render(arguments:variant:timeZone:termOfAddress:)``
    /// (every part is rendered, and throws, as there), without building the parts' dictionary:
    /// the planner's renders, which read only those two.
    /// - Throws: what ``render(arguments:variant:timeZone:termOfAddress:)`` throws.
    package func renderTitleAndBody(
        arguments: [String: MessageValue], variant: Int, timeZone: String, termOfAddress: AddressTerm
    ) throws -> (title: String?, body: String?) {
        // The same message with the same inputs renders the same text: users of one locale and
        // tone share their texts (a reminder without arguments, a date's affirmation in a zone).
        // A double is never a key (0.0 and -0.0 are equal keys with different texts).
        let memoKey: RenderMemo.Key? =
            arguments.values.contains { if case .double = $0 { true } else { false } }
            ? nil : RenderMemo.Key(variant: variant, timeZone: timeZone, termOfAddress: termOfAddress, arguments: arguments)
        if let memoKey, let known = memo.texts(for: memoKey) { return known }
        var title: String?, body: String?
        try renderParts(arguments: arguments, variant: variant, timeZone: timeZone, termOfAddress: termOfAddress) { name, text in
            if name == "title" {
                title = text
            } else if name == "body" {
                body = text
            }
        }
        if let memoKey { memo.store((title, body), for: memoKey) }
        return (title, body)
    }

    /// Renders each part in order and hands it to `each` with the part's name.
    private func renderParts(
        arguments: [String: MessageValue], variant: Int, timeZone: String, termOfAddress: AddressTerm,
        _ each: (String, String) -> Void
    ) throws {
        // The reserved termOfAddress is bound straight to each text's slot (as `filling` would
        // set it), without copying the arguments.
        try AddressTerm.checkNotReserved(arguments)
        let address = MessageValue.string(termOfAddress.selectKeyword)
        let indices = ContentGenerator.partIndices(variant: variant, sizes: sizes)
        let context = FormatContext.borrow()
        defer { FormatContext.giveBack(context) }
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
            each(part.name, try m.format(BoundArguments(values: values), timeZone: timeZone, context: context))
        }
    }
}

/// The texts of a resolved message's renders, by their inputs: bounded (it starts again when
/// full), so memory stays flat however many users render through it.
final class RenderMemo: Sendable {
    /// A render's inputs besides the message itself.
    struct Key: Hashable, Sendable {
        var variant: Int
        var timeZone: String
        var termOfAddress: AddressTerm
        var arguments: [String: MessageValue]
    }

    /// A render's title and body.
    private struct Texts: Sendable {
        var title: String?
        var body: String?
    }

    /// At most this many renders are kept per message.
    static let capacity = 512

    private let entries = Locked<[Key: Texts]>([:])

    /// The title and body rendered for `key`, if kept.
    func texts(for key: Key) -> (title: String?, body: String?)? {
        entries.withLock { $0[key].map { ($0.title, $0.body) } }
    }

    /// Keeps a render's title and body.
    func store(_ texts: (title: String?, body: String?), for key: Key) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Texts(title: texts.title, body: texts.body)
        }
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
