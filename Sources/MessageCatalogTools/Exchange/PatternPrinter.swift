import ToolkitSupport
import MessageCatalog
import Foundation

/// Writes a parsed pattern back as ICU MessageFormat text, quoting literal text so that it
/// parses to the same nodes: `'` becomes `''`, and `{`, `}` (and `#` directly inside a plural
/// case) are enclosed in apostrophes. Used to build patterns (pseudo-localization, String
/// Catalog import) and to compare two spellings of one message.
public enum PatternPrinter {
    /// The pattern text of `nodes`.
    /// - Parameter normalized: write the form two spellings of one message share: `{n}` inside
    ///   a case of `n`'s own plural (without offset) as `#` (both print the same number),
    ///   argument styles without surrounding white space, and the cases of each plural and
    ///   select in a fixed order (`=N` by value, then zero, one, two, few, many, other, then
    ///   other keywords), which ICU does not depend on.
    public static func text(_ nodes: [MessageNode], normalized: Bool = false) -> String {
        var out = ""
        write(nodes, inPluralOf: nil, normalize: normalized, into: &out)
        return out
    }

    /// The text of a plural case's message, quoted as inside a plural (`'#'` for a literal #).
    static func caseText(_ nodes: [MessageNode], pluralOf name: String) -> String {
        var out = ""
        write(nodes, inPluralOf: name, normalize: false, into: &out)
        return out
    }

    /// How the first of `texts` that shows the argument as text writes it (`{recordedOn, date,
    /// long}`), else `{name}`.
    static func spelling(of name: String, in texts: [String]) -> String {
        for t in texts {
            guard let p = try? MessagePattern(t) else { continue }
            var found: String? = nil
            p.forEachArgument { a in
                guard found == nil, a.name == name else { return }
                switch a.type {
                case .none, .simple: found = PatternPrinter.text(a);
                default: break
                }
            }
            if let found { return found }
        }
        return "{\(name)}"
    }

    /// Whether two patterns mean the same message (same nodes, however quoted, spaced or ordered).
    public static func equivalent(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard let pa = try? MessagePattern(a), let pb = try? MessagePattern(b) else { return false }
        return text(pa.nodes, normalized: true) == text(pb.nodes, normalized: true)
    }

    /// The text of one argument, e.g. `{d, date, long}`.
    public static func text(_ argument: ArgumentNode) -> String {
        var out = ""
        write(argument, normalize: false, into: &out)
        return out
    }

    private static func write(_ nodes: [MessageNode], inPluralOf plural: String?, normalize: Bool, into out: inout String) {
        // Merge adjacent text nodes first: quoting decisions depend on the neighbours.
        var pending = ""
        func flush() {
            if !pending.isEmpty { quote(pending, inPlural: plural != nil, into: &out); pending = "" }
        }
        for n in nodes {
            switch n {
            case .text(let s): pending += s
            case .pound: flush(); out += "#"
            case .argument(let a):
                if normalize, let plural, a.name == plural, case .none = a.type { flush(); out += "#"; continue }
                flush()
                write(a, normalize: normalize, into: &out)
            }
        }
        flush()
    }

    private static func write(_ a: ArgumentNode, normalize: Bool, into out: inout String) {
        switch a.type {
        case .none:
            out += "{\(a.name)}"
        case .simple(let s):
            out += "{\(a.name), \(s.type.rawValue)"
            if let style = s.style { out += "," + (normalize ? " " + style.trimmingCharacters(in: .whitespacesAndNewlines) : style) }
            out += "}"
        case .plural(let p):
            out += "{\(a.name), \(p.ordinal ? "selectordinal" : "plural"), "
            if p.offsetValue != 0 { out += "offset:\(number(p.offsetValue)) " }
            cases(p.branches, pluralOf: p.offsetValue == 0 ? a.name : "", normalize: normalize, into: &out)
        case .select(let s):
            out += "{\(a.name), select, "
            cases(s.branches, pluralOf: nil, normalize: normalize, into: &out)
        }
    }

    private static let keywordOrder = ["zero", "one", "two", "few", "many", "other"]

    private static func cases(_ branches: [PatternBranch], pluralOf name: String?, normalize: Bool, into out: inout String) {
        var branches = branches
        if normalize {
            func rank(_ b: PatternBranch) -> (Int, Double, String) {
                switch b.selector {
                case .explicit(let v): return (0, v, "")
                case .keyword(let k): return (1, Double(keywordOrder.firstIndex(of: k) ?? keywordOrder.count), k)
                }
            }
            branches = branches.enumerated().sorted { a, b in
                let ra = rank(a.element), rb = rank(b.element)
                return (ra.0, ra.1, ra.2, a.offset) < (rb.0, rb.1, rb.2, b.offset)
            }.map(\.element)
        }
        for (i, b) in branches.enumerated() {
            if i > 0 { out += " " }
            switch b.selector {
            case .explicit(let v): out += "=" + number(v)
            case .keyword(let k): out += k
            }
            out += " {"
            write(b.message, inPluralOf: name, normalize: normalize, into: &out)
            out += "}"
        }
        out += "}"
    }

    private static func number(_ v: Double) -> String {
        if let i = Int64(exactly: v) { return String(i) }
        return String(v)
    }

    /// Literal text, quoted: runs of syntax characters inside one pair of apostrophes.
    static func quote(_ text: String, inPlural: Bool, into out: inout String) {
        var inQuote = false
        for ch in text.unicodeScalars {
            let special = ch == "{" || ch == "}" || (inPlural && ch == "#")
            if special {
                if !inQuote { out += "'"; inQuote = true }
                out.unicodeScalars.append(ch)
            } else if ch == "'" {
                out += "''"
            } else {
                if inQuote { out += "'"; inQuote = false }
                out.unicodeScalars.append(ch)
            }
        }
        if inQuote { out += "'" }
    }
}
