import MessageCatalog

/// gettext's `Plural-Forms` header (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`) and
/// its meeting with CLDR's plural categories.
///
/// The `plural` expression is gettext's C subset (`n`, unsigned integers, `! * / % + - < > <= >=
/// == != && || ?:` and parentheses), evaluated on unsigned integers as gettext does. Which
/// gettext form stands for which CLDR category is never written down per language: both rule
/// sets are evaluated on the same numbers (0 … 220, thousands, millions) and each CLDR
/// category takes the form most of its numbers get; the few numbers that get another form
/// become exact cases (`=0` where a gettext rule gives 0 a form of its own, as in Latvian files).
/// Where CLDR's `other` holds only fractions (Russian, Polish), `other` takes the one form the
/// rule never gives an integer (Crowdin's 4-form Russian), else gettext's last form.
struct GettextPlurals: Sendable {
    let count: Int
    private let expression: Expression

    struct Problem: Error { let message: String }

    indirect enum Expression: Sendable {
        case n
        case number(UInt64)
        case not(Expression)
        case binary(String, Expression, Expression)
        case conditional(Expression, Expression, Expression)
    }

    /// Parses a `Plural-Forms` header value.
    init(header: String) throws(Problem) {
        var nplurals: Int? = nil
        var plural: String? = nil
        for field in header.split(separator: ";") {
            let parts = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "nplurals" { nplurals = Int(parts[1]) }
            if parts[0] == "plural" { plural = parts[1] }
        }
        guard let nplurals, (1...6).contains(nplurals) else {
            throw Problem(message: "the Plural-Forms header needs nplurals=N (1 to 6): \"\(header)\".")
        }
        guard let plural else { throw Problem(message: "the Plural-Forms header needs plural=EXPRESSION: \"\(header)\".") }
        guard plural.utf8.count <= Self.maxExpressionLength else {
            throw Problem(
                message:
                    "the Plural-Forms expression is \(plural.utf8.count) characters long, over the limit of \(Self.maxExpressionLength) (the longest real rule, Arabic's, has about 120): fix the header (your tool's language setting)."
            )
        }
        var parser = ExpressionParser(text: Array(plural.utf8))
        self.count = nplurals
        self.expression = try parser.parseAll()
    }

    /// The longest `plural=` expression read. It bounds the parse tree, so evaluating it (and
    /// freeing it) recurses at most this deep: a chain of `+0` cannot overflow the stack.
    static let maxExpressionLength = 1_000
    /// The deepest nesting of parentheses, `!` and `?:` the parser follows (real rules nest 4).
    static let maxDepth = 50

    /// The form index gettext picks for `n`, or nil when the expression divides by zero.
    func index(_ n: UInt64) -> UInt64? { Self.evaluate(expression, n) }

    private static func evaluate(_ e: Expression, _ n: UInt64) -> UInt64? {
        switch e {
        case .n: return n
        case .number(let v): return v
        case .not(let x): return evaluate(x, n).map { $0 == 0 ? 1 : 0 }
        case .conditional(let c, let a, let b):
            guard let cv = evaluate(c, n) else { return nil }
            return evaluate(cv != 0 ? a : b, n)
        case .binary(let op, let l, let r):
            guard let a = evaluate(l, n) else { return nil }
            if op == "&&" && a == 0 { return 0 }
            if op == "||" && a != 0 { return 1 }
            guard let b = evaluate(r, n) else { return nil }
            switch op {
            case "*": return a &* b
            case "/": return b == 0 ? nil : a / b
            case "%": return b == 0 ? nil : a % b
            case "+": return a &+ b
            case "-": return a &- b
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "&&", "||": return b != 0 ? 1 : 0
            default: return nil
            }
        }
    }

    /// The numbers both rule sets are compared on: every remainder by 10 and 100 (the rules of
    /// every language turn on those), and the thousands and millions some languages single out.
    static let samples: [UInt64] =
        Array(0...220) + [
            1000, 1001, 1002, 1003, 1005, 1011, 1012, 1021, 1100, 10_000, 100_000,
            1_000_000, 1_000_001, 2_000_000, 10_000_000
        ]

    /// How the forms of this header meet the CLDR categories of a locale.
    struct Mapping: Sendable {
        /// What an import should say about the exact cases: each number the header gives
        /// another form than the rest of its CLDR category (a Latvian `=0`, or a header that
        /// is wrong for the language, as `n != 1` for Russian, which makes 21 plural).
        var remarks: [String] {
            exact.map {
                "the Plural-Forms rule gives n=\($0.number) msgstr[\($0.form)], apart from the rest of CLDR's '\($0.category)': imported as the exact case =\($0.number); check the header if that is not what the language wants"
            }
        }

        /// Exact numbers whose form differs from their category's (`=0`), with the form.
        var exact: [(number: UInt64, form: Int, category: String)] = []
        /// CLDR category → form index, in CLDR order; `other` always present.
        var categories: [(category: String, form: Int)] = []
    }

    /// Compares the header's rule with the locale's CLDR rules on the sample numbers.
    func mapping(locale: String) throws(Problem) -> Mapping {
        var byCategory: [String: [(UInt64, Int)]] = [:]
        var used = Set<Int>()
        for n in Self.samples {
            guard let i = index(n), i < UInt64(count) else {
                throw Problem(
                    message: "the Plural-Forms expression gives n=\(n) the form \(index(n).map(String.init) ?? "(division by zero)"), but nplurals=\(count).")
            }
            let category = (try? PluralCategories.category(of: String(n), locale: locale)) ?? "other"
            byCategory[category, default: []].append((n, Int(i)))
            used.insert(Int(i))
        }
        var mapping = Mapping()
        var exceptions: [(UInt64, Int, String)] = []
        for category in ["zero", "one", "two", "few", "many", "other"] {
            guard let numbers = byCategory[category] else { continue }
            var votes: [Int: Int] = [:]
            for (_, i) in numbers { votes[i, default: 0] += 1 }
            let form = votes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
            mapping.categories.append((category, form))
            for (n, i) in numbers where i != form { exceptions.append((n, i, category)) }
        }
        if exceptions.count > 3 {
            let e = exceptions.prefix(3).map { "n=\($0.0) (CLDR '\($0.2)') gets msgstr[\($0.1)]" }.joined(separator: ", ")
            throw Problem(
                message:
                    "the Plural-Forms rule and CLDR's plural rules for \(locale) disagree on \(exceptions.count) numbers (\(e) …): fix the Plural-Forms header (your tool's language setting), or write ICU plurals in msgstr."
            )
        }
        mapping.exact = exceptions.map { ($0.0, $0.1, $0.2) }
        let unused = (0..<count).filter { !used.contains($0) }
        if !mapping.categories.contains(where: { $0.category == "other" }) {
            // CLDR's other holds only fractions here (ru, uk, pl): the form no integer gets is
            // for them (Crowdin writes Russian with nplurals=4), else gettext's last form is the
            // general one.
            mapping.categories.append(("other", unused.count == 1 ? unused[0] : count - 1))
            if unused.count == 1 { return mapping }
        }
        for i in unused {
            throw Problem(
                message: "the Plural-Forms expression never gives the form \(i) (nplurals=\(count)), so msgstr[\(i)] would never be shown: fix the header.")
        }
        return mapping
    }
}

/// A recursive-descent parser of gettext's plural expressions.
private struct ExpressionParser {
    typealias Expression = GettextPlurals.Expression
    let text: [UInt8]
    var i = 0

    init(text: [UInt8]) { self.text = text }

    /// How deep the parse is in parentheses, `!` and `?:` (limited to ``GettextPlurals/maxDepth``).
    var depth = 0

    mutating func parseAll() throws(GettextPlurals.Problem) -> Expression {
        let e = try conditional()
        skip()
        guard i == text.count else { throw problem("unexpected '\(String(decoding: text[i...], as: UTF8.self))'") }
        return e
    }

    private func problem(_ what: String) -> GettextPlurals.Problem {
        GettextPlurals.Problem(
            message: "the Plural-Forms expression \"\(String(decoding: text, as: UTF8.self))\" does not parse: \(what) at character \(i + 1).")
    }

    private mutating func skip() { while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 } }

    private mutating func eat(_ op: String) -> Bool {
        skip()
        let bytes = Array(op.utf8)
        guard i + bytes.count <= text.count, Array(text[i..<(i + bytes.count)]) == bytes else { return false }
        // "<" must not take the "<" of "<=", "!" not the "!" of "!=".
        if bytes.count == 1, i + 1 < text.count, text[i + 1] == 0x3D, "<>!=".utf8.contains(bytes[0]) { return false }
        i += bytes.count
        return true
    }

    /// One level deeper, or the error that names the limit.
    private mutating func enter() throws(GettextPlurals.Problem) {
        depth += 1
        if depth > GettextPlurals.maxDepth { throw problem("nested more than \(GettextPlurals.maxDepth) levels deep (parentheses, '!' and '?:')") }
    }

    private mutating func conditional() throws(GettextPlurals.Problem) -> Expression {
        let c = try binary(0)
        guard eat("?") else { return c }
        try enter()
        defer { depth -= 1 }
        let a = try conditional()
        guard eat(":") else { throw problem("expected ':'") }
        return .conditional(c, a, try conditional())
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

    private mutating func binary(_ level: Int) throws(GettextPlurals.Problem) -> Expression {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level + 1)
        outer: while true {
            for op in Self.levels[level] where eat(op) {
                left = .binary(op, left, try binary(level + 1))
                continue outer
            }
            return left
        }
    }

    private mutating func unary() throws(GettextPlurals.Problem) -> Expression {
        if eat("!") {
            try enter()
            defer { depth -= 1 }
            return .not(try unary())
        }
        if eat("(") {
            try enter()
            defer { depth -= 1 }
            let e = try conditional()
            guard eat(")") else { throw problem("expected ')'") }
            return e
        }
        skip()
        if i < text.count, text[i] == UInt8(ascii: "n") { i += 1; return .n }
        var value: UInt64 = 0
        let start = i
        while i < text.count, text[i] >= 0x30, text[i] <= 0x39 {
            value = value &* 10 &+ UInt64(text[i] - 0x30)
            i += 1
        }
        guard i > start else { throw problem(i < text.count ? "unexpected '\(Character(Unicode.Scalar(text[i])))'" : "the expression ends early") }
        return .number(value)
    }
}
