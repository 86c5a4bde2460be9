import ToolkitSupport
import ToolkitJSON
import MessageCatalog
/// Pseudo-localization: catalogs that look translated, to find truncation, hard-coded strings
/// and layout problems before any translation exists. Only literal text changes (the parser's
/// text nodes); arguments, plural and select syntax and `#` stay exactly as they are.
///
/// - `en-XA` ("accented English"): every ASCII letter accented (`Streak` → `Šţŕéåķ`), the
///   letters lengthened by 35 % (letters doubled at even intervals, spread over the text nodes
///   by their share of the letters), and the whole text in brackets, so truncation shows:
///   `[Ŵĥååţ ðîîð ýöûû ñåîîļ ţöððåý?]`.
/// - `ar-XB` (right to left): each word wrapped in RIGHT-TO-LEFT MARK and RIGHT-TO-LEFT
///   OVERRIDE … POP DIRECTIONAL FORMATTING, so the text runs right to left and mirrored, as
///   Android's `ar-XB` does; it formats with Arabic plural rules and digits.
public enum PseudoLocalizer {
    /// The pseudo-locales, by tag.
    public enum PseudoLocale: String, Sendable, CaseIterable {
        /// `en-XA`: accented, lengthened English in brackets.
        case accented = "en-XA"
        /// `ar-XB`: right-to-left text with Arabic plural rules and digits.
        case bidi = "ar-XB"
    }

    /// How much longer en-XA makes the letters.
    public static let expansion = 0.35

    /// The pseudo-localized text of a pattern.
    /// - Throws: `Diagnostic` when the pattern does not parse.
    public static func transform(_ text: String, to locale: PseudoLocale) throws(Diagnostic) -> String {
        let pattern = try MessagePattern(text)
        switch locale {
        case .accented:
            var letters = 0
            countLetters(pattern.nodes, &letters)
            let extra = Int((Double(letters) * expansion).rounded())
            var budget = Expansion(total: letters, extra: extra)
            let nodes = map(pattern.nodes) { accent($0, &budget) }
            return PatternPrinter.text([.text("[")] + nodes + [.text("]")])
        case .bidi:
            return PatternPrinter.text(map(pattern.nodes) { $0.isEmpty ? $0 : mirrored($0) })
        }
    }

    /// A catalog file of the pseudo-locale, holding every unit of the source, canonical.
    public static func catalogFile(source: CatalogFile, locale: PseudoLocale) throws(Diagnostic) -> [UInt8] {
        var messages: [(String, JSONNode)] = []
        for message in source.messages {
            var parts: [(String, JSONNode)] = []
            for part in message.parts {
                func texts(_ units: [CatalogUnit], pooled: Bool) throws(Diagnostic) -> JSONNode {
                    var out: [JSONNode] = []
                    for u in units { out.append(.string(try transform(u.text, to: locale))) }
                    return pooled ? .array(out) : out[0]
                }
                switch part.shape {
                case .text: parts.append((part.name, try texts(part.units, pooled: false)))
                case .pool: parts.append((part.name, try texts(part.units, pooled: true)))
                case .tones(let shapes):
                    var tones: [(String, JSONNode)] = []
                    for tone in Tone.allCases {
                        guard let shape = shapes[tone] else { continue }
                        let units = part.units.filter { $0.tone == tone }
                        if case .pool = shape {
                            tones.append((tone.rawValue, try texts(units, pooled: true)))
                        } else {
                            tones.append((tone.rawValue, try texts(units, pooled: false)))
                        }
                    }
                    parts.append((part.name, .object(tones)))
                }
            }
            messages.append((message.key, .object([("parts", .object(parts))])))
        }
        let root = JSONNode.object([("locale", .string(locale.rawValue)), ("messages", .object(messages))])
        return CanonicalCatalog.bytes(of: root, order: CanonicalCatalog.SourceOrder(source: source))
    }

    // MARK: Text nodes

    private static func map(_ nodes: [MessageNode], _ f: (String) -> String) -> [MessageNode] {
        nodes.map { n in
            switch n {
            case .text(let s): return .text(f(s))
            case .pound: return n
            case .argument(let a):
                let type: ArgumentType
                switch a.type {
                case .plural(let p):
                    type = .plural(PluralArgument(ordinal: p.ordinal, offsetValue: p.offsetValue, branches: p.branches.map { mapBranch($0, f) }))
                case .select(let s):
                    type = .select(SelectArgument(branches: s.branches.map { mapBranch($0, f) }))
                default:
                    return n
                }
                return .argument(ArgumentNode(name: a.name, offset: a.offset, nameOffset: a.nameOffset, type: type))
            }
        }
    }

    private static func mapBranch(_ b: PatternBranch, _ f: (String) -> String) -> PatternBranch {
        PatternBranch(selector: b.selector, selectorText: b.selectorText, selectorOffset: b.selectorOffset, message: map(b.message, f))
    }

    private static func countLetters(_ nodes: [MessageNode], _ count: inout Int) {
        _ = map(nodes) { s in
            count += s.unicodeScalars.count { accents[$0] != nil }; return s
        }
    }

    /// Hands out the extra letters in proportion to each node's letters (largest remainders
    /// first, so that the whole text gets exactly its share).
    private struct Expansion {
        let total: Int
        let extra: Int
        var lettersSeen = 0
        var given = 0

        /// How many extra letters a node with `letters` letters gets.
        mutating func share(_ letters: Int) -> Int {
            guard total > 0 else { return 0 }
            lettersSeen += letters
            let due = Int((Double(extra) * Double(lettersSeen) / Double(total)).rounded())
            let n = max(0, min(letters, due - given))
            given += n
            return n
        }
    }

    private static func accent(_ s: String, _ budget: inout Expansion) -> String {
        let scalars = Array(s.unicodeScalars)
        let letterIndexes = scalars.indices.filter { accents[scalars[$0]] != nil }
        let extra = budget.share(letterIndexes.count)
        // Double `extra` letters spread evenly over the node.
        var doubled = Set<Int>()
        if extra > 0 {
            for k in 0..<extra { doubled.insert(letterIndexes[(k * letterIndexes.count + letterIndexes.count / 2) / extra % letterIndexes.count]) }
        }
        var out = String.UnicodeScalarView()
        for (i, c) in scalars.enumerated() {
            guard let a = accents[c] else { out.append(c); continue }
            out.append(a)
            if doubled.contains(i) { out.append(a) }
        }
        return String(out)
    }

    private static let rlm: Unicode.Scalar = "\u{200F}", rlo: Unicode.Scalar = "\u{202E}", pdf: Unicode.Scalar = "\u{202C}"

    private static func mirrored(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var word = String.UnicodeScalarView()
        func flush() {
            if word.isEmpty { return }
            out.append(rlm); out.append(rlo); out.append(contentsOf: word); out.append(pdf); out.append(rlm)
            word.removeAll()
        }
        for c in s.unicodeScalars {
            if c.properties.isWhitespace { flush(); out.append(c) } else { word.append(c) }
        }
        flush()
        return String(out)
    }

    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let marked = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
}
