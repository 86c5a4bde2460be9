import MessageCatalog
import ToolkitSupport
/// The fingerprint of a source text that a translation records per unit (`sourceFingerprints`
/// in its catalog file), so that tools can tell when the source changed after the unit was
/// translated (like PO's `fuzzy` flag and String Catalogs' `needs_review`): 16 lowercase hex
/// digits of the 64-bit FNV-1a hash of the text's UTF-8 bytes (offset basis
/// 0xcbf29ce484222325, prime 0x100000001b3), e.g. `"Hello"` → `63f0bfacf2c00f6b`.
public enum SourceFingerprint {
    /// The fingerprint of `text`.
    /// - Parameter text: a source text.
    /// - Returns: 16 lowercase hexadecimal digits.
    public static func of(_ text: String) -> String { FNV1a.hex(text) }
}

/// How far each locale's translation is: units translated, missing and stale, and words,
/// overall, by tone and by kind of message.
public struct CatalogStats: Sendable {
    /// Counts over a set of source units.
    public struct Counts: Sendable, Hashable {
        /// Source units in the set.
        public var units = 0
        /// Units the locale's file has (for a regional catalog: the units it overrides).
        public var translated = 0
        /// Units a regional catalog leaves to its parent (`es-419` → `es`): not missing.
        public var inherited = 0
        /// Variants the locale leaves out of a part and tone it writes (a shorter pool, or one
        /// text where the source has a pool): not missing, its readers see the texts it has.
        public var fewer = 0
        /// Units the locale's file lacks and no parent catalog provides (users see the source).
        public var missing = 0
        /// Translated units whose recorded source fingerprint differs from the current source text.
        public var stale = 0
        /// Words of the locale's texts (the source's for the source locale).
        public var words = 0
        /// Words of the source texts still to translate: missing and stale units.
        public var wordsToDo = 0

        mutating func add(_ other: Counts) {
            units += other.units; translated += other.translated; inherited += other.inherited; missing += other.missing
            fewer += other.fewer
            stale += other.stale; words += other.words; wordsToDo += other.wordsToDo
        }
    }

    /// One locale.
    public struct LocaleStats: Sendable {
        /// The locale's tag.
        public let locale: String
        /// For a regional catalog, the catalog it inherits from (`es` for `es-419`); else nil.
        public let parent: String?
        /// Over every source unit.
        public let total: Counts
        /// By tone (`cheerful`, `gentle`, `minimal`, and `none` for parts without tones), in that order.
        public let byTone: [(tone: String, counts: Counts)]
        /// By kind: the message key up to its first dot (`milestone`, `steps`), in source order.
        public let byKind: [(kind: String, counts: Counts)]
    }

    /// The source locale's tag (`en`).
    public let sourceLocale: String

    /// What an app's layer (``LocalizedCatalog/init(directory:over:)``) holds in one locale.
    public struct LayerCounts: Sendable, Hashable {
        /// The locale's tag.
        public let locale: String
        /// Units of the layer that replace a unit of the base (the same unit id).
        public let overridden: Int
        /// Units of the layer's own messages (or parts and tones the base lacks).
        public let added: Int
    }

    /// For a layered catalog, what its top layer overrides and adds, by locale (in the
    /// catalog's locale order); empty for a catalog without a base.
    public let layer: [LayerCounts]
    /// The source first, then the other locales by tag.
    public let locales: [LocaleStats]

    /// The statistics of a loaded catalog.
    public init(catalog: LocalizedCatalog) {
        sourceLocale = catalog.sourceLocale
        let source = catalog.source
        var sourceWords: [String: Int] = [:]
        for u in source.units { sourceWords[u.id] = Self.words(in: u.text) }
        var out: [LocaleStats] = []
        for tag in catalog.locales {
            guard let file = catalog.files[tag] else { continue }
            // Positions in one array: a dictionary of units would hold each unit again.
            let units = file.units
            var byID: [String: Int] = [:]
            byID.reserveCapacity(units.count)
            for (i, u) in units.enumerated() where byID[u.id] == nil { byID[u.id] = i }
            // A part and tone the locale writes with fewer texts than the source: its texts
            // stand for the source's first variants (a single text for variant 0).
            var byGroup: [String: [Int]] = [:]
            for (i, u) in units.enumerated() { byGroup["\(u.key).\(u.part).\(u.tone?.rawValue ?? "")", default: []].append(i) }
            func positional(_ su: CatalogUnit) -> Int? {
                guard let index = su.index else { return nil }
                let group = byGroup["\(su.key).\(su.part).\(su.tone?.rawValue ?? "")"] ?? byGroup["\(su.key).\(su.part)."] ?? []
                return index < group.count ? group[index] : nil
            }
            // The parent catalogs a regional file inherits from (its CLDR chain, without the
            // source, unless the file is a region of the source's own language: en-GB over en).
            let chain = (try? catalog.fallbackChain(for: tag)) ?? [tag]
            let src = catalog.sourceLocale
            let sameLanguage = tag != src && tag.prefix { $0 != "-" } == src.prefix { $0 != "-" }
            let parents = tag == src ? [] : chain.dropFirst().filter { ($0 != src || sameLanguage) && catalog.files[$0] != nil }
            var parentIDs = Set<String>()
            for p in parents { for u in catalog.files[p]!.units { parentIDs.insert(u.id) } }
            var total = Counts()
            var tones: [String: Counts] = [:]
            var kinds: [String: Counts] = [:]
            var kindOrder: [String] = []
            for su in source.units {
                var c = Counts()
                c.units = 1
                if let ti = byID[su.id] ?? positional(su) {
                    let tu = units[ti]
                    c.translated = 1
                    c.words = tag == sourceLocale ? sourceWords[su.id] ?? 0 : Self.words(in: tu.text)
                    if let fp = file.sourceFingerprints[su.id], fp != SourceFingerprint.of(su.text) {
                        c.stale = 1
                        c.wordsToDo = sourceWords[su.id] ?? 0
                    }
                } else if parentIDs.contains(su.id) {
                    c.inherited = 1
                } else if Self.writesPartAndTone(of: su, in: file) {
                    c.fewer = 1
                } else {
                    c.missing = 1
                    c.wordsToDo = sourceWords[su.id] ?? 0
                }
                total.add(c)
                tones[su.tone?.rawValue ?? "none", default: Counts()].add(c)
                let kind = String(su.key.split(separator: ".").first ?? Substring(su.key))
                if kinds[kind] == nil { kindOrder.append(kind) }
                kinds[kind, default: Counts()].add(c)
            }
            let toneOrder = Tone.allCases.map(\.rawValue) + ["none"]
            out.append(
                LocaleStats(
                    locale: tag, parent: parents.first, total: total,
                    byTone: toneOrder.compactMap { t in tones[t].map { (t, $0) } },
                    byKind: kindOrder.map { ($0, kinds[$0]!) }))
        }
        locales = out
        var layer: [LayerCounts] = []
        if let base = catalog.base {
            for tag in catalog.locales {
                guard let file = catalog.layerFiles[tag] else { continue }
                let baseIDs = Set(base.files[tag]?.units.map(\.id) ?? [])
                let overridden = file.units.filter { baseIDs.contains($0.id) }.count
                layer.append(LayerCounts(locale: tag, overridden: overridden, added: file.units.count - overridden))
            }
        }
        self.layer = layer
    }

    /// Whether `file` writes the part (and tone) of a source unit, with fewer variants.
    static func writesPartAndTone(of su: CatalogUnit, in file: CatalogFile) -> Bool {
        guard su.index != nil, let part = file.message(su.key)?.part(su.part) else { return false }
        if case .tones(let byTone) = part.shape, let tone = su.tone { return byTone[tone] != nil }
        return true
    }

    /// Words of a text, as a translator counts them: the literal text of every case of every
    /// plural and select (arguments are not words); a word is a run of letters, digits and
    /// inner apostrophes or hyphens, except that each Han ideograph or kana counts as one word
    /// (Chinese and Japanese are written without spaces).
    public static func words(in text: String) -> Int {
        let literal: [String]
        if let p = try? MessagePattern(text) { literal = PatternText(p, withOffsets: false).allSegments.map(\.text) } else { literal = [text] }
        var count = 0
        for piece in literal {
            var inWord = false
            for scalar in piece.unicodeScalars {
                let v = scalar.value
                let ideographic =
                    (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
                    || (0xF900...0xFAFF).contains(v) || (0x20000...0x3FFFF).contains(v)
                if ideographic { count += 1; inWord = false; continue }
                let p = scalar.properties
                if p.isAlphabetic || p.numericType != nil {
                    if !inWord { count += 1; inWord = true }
                } else if inWord, scalar == "'" || scalar == "’" || scalar == "-" {
                    continue
                } else {
                    inWord = false
                }
            }
        }
        return count
    }
}
