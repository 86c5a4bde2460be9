import MessageCatalog
import Foundation
import ToolkitSupport

/// What a translator or a designer wants to see of a catalog: every message rendered with its
/// example arguments (each text with the examples of its own language, where the catalog gives
/// them per language), every variant of every pool, and one sample per plural category the
/// locale has (plus each explicit `=N` case), in every requested locale and tone.
///
/// The same rendering path as notifications use (`LocalizedCatalog.format`), so a preview shows
/// exactly what a user would read, including locale fallback.
public struct CatalogPreview: Sendable {
    /// The catalogs rendered.
    public let catalog: LocalizedCatalog
    /// The time zone dates are shown in.
    public let timeZone: String

    /// A preview of loaded catalogs.
    /// - Parameters:
    ///   - catalog: the catalogs to render.
    ///   - timeZone: the IANA zone date arguments are shown in.
    public init(catalog: LocalizedCatalog, timeZone: String = "UTC") {
        self.catalog = catalog
        self.timeZone = timeZone
    }

    /// One rendering of a whole message: every part for one variant and one set of arguments.
    public struct Banner: Sendable, Hashable {
        /// Message key (`steps.goal`).
        public let key: String
        /// The locale asked for (`es-MX`).
        public let locale: String
        /// The tone rendered, or `nil` when no part of the message has tones.
        public let tone: Tone?
        /// The pool index, or nil when no part of the message is a pool.
        public let variant: Int?
        /// nil for the example arguments, else the plural sample shown.
        public let sample: PluralSample?
        /// The term of address the banner is rendered for, when it is one of the extra banners of
        /// texts that vary by it (or the term every banner was asked for); nil for the neutral
        /// rendering of an unspecified term.
        public let termOfAddress: AddressTerm?
        /// The arguments used.
        public let arguments: [String: MessageValue]
        /// Parts in source order.
        public let parts: [Part]

        /// The parts that show a fallback: a text of another locale's catalog than the banner's,
        /// or of another tone than the banner's (the locale lacks the tone). A banner with such
        /// parts mixes sources, and the preview says so.
        public var fallbackParts: [Part] { parts.filter { $0.textLocale != locale || $0.isToneFallback(of: tone) } }

        /// The locales whose catalogs supplied the parts, in part order, each once.
        public var textLocales: [String] {
            var seen: [String] = []
            for p in parts where !seen.contains(p.textLocale) { seen.append(p.textLocale) }
            return seen
        }
    }

    /// One rendered part.
    public struct Part: Sendable, Hashable {
        /// The part's name (`title`, `body`, …).
        public let name: String
        /// The rendered text.
        public let text: String
        /// The unit rendered, in the catalog it came from (`es.json`'s `steps.goal.title.cheerful.3`).
        public let unitID: String
        /// The locale whose catalog supplied the text (differs from the banner's when falling back).
        public let textLocale: String
        /// The tone of the text shown, or nil for a part without tones: differs from the banner's
        /// when the locale lacks the tone and shows another.
        public let textTone: Tone?
        /// Whether this part's text depends on the banner's plural sample (false for the
        /// example banner's parts: they are all shown).
        public let showsSample: Bool
        /// Whether the part's text is a new pool entry for this variant (false when the pool is
        /// smaller than the message's largest and the index wrapped around).
        public let isDistinctVariant: Bool

        /// Whether the text is another tone's than `tone`, the banner's.
        public func isToneFallback(of tone: Tone?) -> Bool { textTone != nil && tone != nil && textTone != tone }
    }

    /// A plural or selectordinal argument set to a number that selects one branch.
    public struct PluralSample: Sendable, Hashable, CustomStringConvertible {
        /// The argument's name.
        public let argument: String
        /// The number as written: an integer, or a decimal ("1.5") for categories only fractions reach.
        public let value: String
        /// The CLDR category (`one`, `many`…) or the explicit selector (`=0`).
        public let selector: String
        /// `true` for a `selectordinal` argument, `false` for a `plural`.
        public let ordinal: Bool
        /// `argument=value [ordinal ]selector`, e.g. `steps=1 one` or `count=2 ordinal two`.
        public var description: String { "\(argument)=\(value) \(ordinal ? "ordinal " : "")\(selector)" }
    }

    /// Every banner for the requested messages, locales and tones, in a stable order: message
    /// (source order), locale, tone, variant, then samples.
    /// - Parameters:
    ///   - keys: message keys; empty means every message.
    ///   - locales: BCP 47 tags; empty means every catalog's locale.
    ///   - tones: tones; empty means all three. Messages without tones render once.
    ///   - termOfAddress: nil renders the neutral texts (an unspecified term) and adds, for each
    ///     variant whose texts select on `termOfAddress`, a feminine and a masculine banner;
    ///     a term renders every banner for that term only.
    /// - Throws: `Diagnostic` for an unknown key or locale, or a text that fails to render.
    public func banners(
        keys: [String] = [], locales: [String] = [], tones: [Tone] = [],
        termOfAddress: AddressTerm? = nil
    ) throws(Diagnostic) -> [Banner] {
        let messages: [CatalogMessage]
        if keys.isEmpty {
            messages = catalog.source.messages
        } else {
            var picked: [CatalogMessage] = []
            for k in keys {
                guard let m = catalog.sourceMessage(k) else {
                    throw Diagnostic(kind: .unknownMessage, message: "No message '\(k)' in the catalogs: a preview of every message lists the keys there are.")
                }
                picked.append(m)
            }
            messages = picked
        }
        let locales = locales.isEmpty ? catalog.locales : locales
        for l in locales { _ = try catalog.fallbackChain(for: l) }
        let tones = tones.isEmpty ? Tone.allCases : tones
        var out: [Banner] = []
        for message in messages {
            for locale in locales {
                let hasTones = message.parts.contains { if case .tones = $0.shape { true } else { false } }
                for tone in hasTones ? tones.map(Optional.some) : [nil] {
                    out += try banners(message, locale: locale, tone: tone, term: termOfAddress)
                }
            }
        }
        return out
    }

    private func banners(_ message: CatalogMessage, locale: String, tone: Tone?, term: AddressTerm?) throws(Diagnostic) -> [Banner] {
        let context = FormatContext()
        // The example arguments in a locale's language (the catalog may give them per language).
        var examplesByLocale: [String: [String: MessageValue]] = [:]
        func examples(_ locale: String) -> [String: MessageValue] {
            if let hit = examplesByLocale[locale] { return hit }
            var out: [String: MessageValue] = [:]
            for a in message.arguments { if let e = a.example(for: locale) { out[a.name] = e } }
            examplesByLocale[locale] = out
            return out
        }
        let example = examples(locale)

        // The unit each part shows for each variant.
        var resolved: [(part: CatalogPart, units: [CatalogUnit], textLocale: String)] = []
        for part in message.parts {
            let (units, tag) = try catalog.resolveUnits(key: message.key, part: part.name, locale: locale, tone: tone)
            guard !units.isEmpty else { throw Diagnostic(kind: .badArgument, message: "'\(message.key).\(part.name)' has no text for \(locale).") }
            resolved.append((part, units, tag))
        }
        let isPooled = resolved.contains { $0.units.count > 1 }
        let variants = resolved.map(\.units.count).max() ?? 1

        var out: [Banner] = []
        for v in 0..<variants {
            let units = resolved.map { $0.units[v % $0.units.count] }
            var samples: [PluralSample?] = [nil]
            var samplesByUnit: [Set<PluralSample>] = []
            for (i, unit) in units.enumerated() {
                let formatLocale = catalog.formattingLocale(textLocale: resolved[i].textLocale, requested: locale)
                let s = try pluralSamples(of: unit.text, locale: formatLocale)
                samplesByUnit.append(Set(s))
                for x in s where !samples.contains(x) { samples.append(x) }
            }
            var exampleTexts: [String] = []
            for sample in samples {
                var args = example
                let sampleValue = sample.map { Int64($0.value).map(MessageValue.int) ?? .decimal($0.value) }
                if let sample, let sampleValue { args[sample.argument] = sampleValue }
                var parts: [Part] = []
                for (i, r) in resolved.enumerated() {
                    // Each text with the examples of its own language.
                    var partArgs = examples(r.textLocale)
                    if let sample, let sampleValue { partArgs[sample.argument] = sampleValue }
                    let text = try catalog.format(
                        key: message.key, part: r.part.name, locale: locale, tone: tone, variant: v,
                        arguments: partArgs, timeZone: timeZone, context: context,
                        termOfAddress: term ?? .unspecified)
                    if sample == nil { exampleTexts.append(text) }
                    // A sample shows in a part when the part's text uses it and it changes the
                    // text (a plural nested in another's `=0` branch does not, with the examples).
                    let shows = sample.map { samplesByUnit[i].contains($0) && text != exampleTexts[i] } ?? false
                    parts.append(
                        Part(
                            name: r.part.name, text: text, unitID: units[i].id, textLocale: r.textLocale, textTone: units[i].tone,
                            showsSample: shows, isDistinctVariant: v < r.units.count))
                }
                if sample != nil && !parts.contains(where: \.showsSample) { continue }
                out.append(
                    Banner(
                        key: message.key, locale: locale, tone: tone, variant: isPooled ? v : nil,
                        sample: sample, termOfAddress: term, arguments: args, parts: parts))
            }
            // Texts that vary by the term of address: a banner for each gendered term, with the
            // example arguments, showing the parts whose text it changes.
            guard term == nil, units.contains(where: { Self.selectsOnTermOfAddress($0.text) }) else { continue }
            for extra in [AddressTerm.feminine, .masculine] {
                var parts: [Part] = []
                for (i, r) in resolved.enumerated() {
                    let text = try catalog.format(
                        key: message.key, part: r.part.name, locale: locale, tone: tone, variant: v,
                        arguments: examples(r.textLocale), timeZone: timeZone, context: context, termOfAddress: extra)
                    parts.append(
                        Part(
                            name: r.part.name, text: text, unitID: units[i].id, textLocale: r.textLocale, textTone: units[i].tone,
                            showsSample: text != exampleTexts[i], isDistinctVariant: v < r.units.count))
                }
                guard parts.contains(where: \.showsSample) else { continue }
                out.append(
                    Banner(
                        key: message.key, locale: locale, tone: tone, variant: isPooled ? v : nil,
                        sample: nil, termOfAddress: extra, arguments: example, parts: parts))
            }
        }
        return out
    }

    /// Whether a text selects on the reserved `termOfAddress` argument.
    static func selectsOnTermOfAddress(_ text: String) -> Bool {
        guard text.contains(AddressTerm.argumentName), let pattern = try? MessagePattern(text) else { return false }
        return pattern.argumentUsages.contains { $0.name == AddressTerm.argumentName }
    }

    /// The samples that show every branch of every plural and selectordinal of a text: each
    /// explicit `=N`, then one number per CLDR category of the locale (ICU decides which).
    func pluralSamples(of text: String, locale: String) throws(Diagnostic) -> [PluralSample] {
        let pattern: MessagePattern
        do { pattern = try MessagePattern(text) } catch { return [] }
        var out: [PluralSample] = []
        func walk(_ nodes: [MessageNode]) throws(Diagnostic) {
            for n in nodes {
                guard case .argument(let a) = n else { continue }
                switch a.type {
                case .plural(let p):
                    var explicit: Set<Int64> = []
                    for b in p.branches {
                        if case .explicit(let d) = b.selector, let i = Int64(exactly: d) {
                            explicit.insert(i)
                            append(PluralSample(argument: a.name, value: String(i), selector: b.selectorText, ordinal: p.ordinal))
                        }
                    }
                    let offset = Int64(exactly: p.offsetValue) ?? 0
                    for category in try PluralCategories.categories(locale: locale, ordinal: p.ordinal) {
                        if let n = try Self.sampleNumber(for: category, locale: locale, ordinal: p.ordinal, offset: offset, avoiding: explicit) {
                            append(PluralSample(argument: a.name, value: n, selector: category, ordinal: p.ordinal))
                        }
                    }
                    for b in p.branches { try walk(b.message) }
                case .select(let s):
                    for b in s.branches { try walk(b.message) }
                default: break
                }
            }
        }
        func append(_ s: PluralSample) { if !out.contains(s) { out.append(s) } }
        try walk(pattern.nodes)
        return out
    }

    /// Natural numbers first (1, 2, 5 read better than 0), then the rest up to 200, then the
    /// large round numbers where Spanish and French `many` live.
    private static let candidates: [Int64] = [1, 2, 5, 3, 4, 0] + Array(6...200) + [1000, 10_000, 100_000, 1_000_000, 2_000_000]
    /// For categories only fractions reach (Russian `other`).
    private static let fractions = ["1.5", "0.5", "2.5", "0.1"]

    private struct SampleKey: Hashable { let category, locale: String; let ordinal: Bool; let offset: Int64; let explicit: Set<Int64> }
    private static let sampleCache = Locked<[SampleKey: String?]>([:])

    /// The first candidate whose (number − offset) ICU puts in `category`, skipping numbers an
    /// explicit `=N` branch would take; then a fraction; nil when nothing reaches the category.
    public static func sampleNumber(
        for category: String, locale: String, ordinal: Bool, offset: Int64,
        avoiding explicit: Set<Int64>
    ) throws(Diagnostic) -> String? {
        let key = SampleKey(category: category, locale: locale, ordinal: ordinal, offset: offset, explicit: explicit)
        if let hit = sampleCache.withLock({ $0[key] }) { return hit }
        var found: String? = nil
        for c in candidates where !explicit.contains(c + offset) {
            if try PluralCategories.category(of: String(c), locale: locale, ordinal: ordinal) == category { found = String(c + offset); break }
        }
        if found == nil, offset == 0, !ordinal {
            for f in fractions {
                if try PluralCategories.category(of: f, locale: locale) == category { found = f; break }
            }
        }
        sampleCache.withLock { $0[key] = found }
        return found
    }
}
