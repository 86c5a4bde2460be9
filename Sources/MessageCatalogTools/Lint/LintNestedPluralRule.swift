import ToolkitSupport
import MessageCatalog

/// A plural inside a case of another plural whose forms change with the outer case. French
/// writes `{bonus, plural, one {…} many {{steps, plural, one {# de pas} other {# de pas}} …}
/// other {{steps, plural, one {# pas} many {# de pas} other {# pas}} …}}`: when the bonus is a
/// million (`many`), an ordinary 10 432 steps read «10 432 de pas». The inner plural's form must
/// depend on its own number only, whatever case of the outer plural it sits in.
///
/// The check renders: each inner plural alone, in each outer case that has one, with the
/// inner argument's example and a number of every plural category of the locale (ICU finds
/// them; `=N` cases are left out: an exact number chosen on purpose, such as the goal when
/// the bonus is 0, may read differently). Digits are masked, so only the words around the
/// number are compared. An outer case is reported when its inner plural groups those numbers
/// differently from the outer `other` case's (one number reads like another it does not read
/// like there), or reads a number the way the `other` case reads a number of another form:
/// the case has a category's form in the wrong place. Different words with the same forms
/// («# pas au compteur» / «# pas en tout») are not reported.
extension LintRun {
    /// One inner plural rendered in one outer case: its node, and its text for each value.
    private struct InnerRendering {
        let node: ArgumentNode
        let texts: [String]
        let forms: [String]
    }

    /// For every plural or selectordinal of the text, every plural inside its cases on another
    /// argument, compared across the outer cases.
    mutating func checkNestedPlurals(_ u: LintedUnit, _ pattern: MessagePattern, in file: LintedFile, declarations: [ArgumentDeclaration]) {
        guard let locale = u.compiledLocale else { return }
        var outers: [(ArgumentNode, PluralArgument)] = []
        pattern.forEachArgument { a in
            guard case .plural(let p) = a.type, p.branches.count > 1 else { return }
            outers.append((a, p))
        }
        guard !outers.isEmpty else { return }
        var base: [String: MessageValue] = [:]
        for d in declarations { if let e = d.example(for: file.locale) { base[d.name] = e } }
        base[AddressTerm.argumentName] = .string(AddressTerm.unspecified.selectKeyword)
        var values: [String: [(value: MessageValue, label: String)]] = [:]
        var reported = Set<Int>()
        for (outer, plural) in outers {
            // the plurals on other arguments inside each case, in the order they are written
            let inner: [(branch: PatternBranch, nodes: [String: [ArgumentNode]])] = plural.branches.map { b in
                var byName: [String: [ArgumentNode]] = [:]
                Self.forEachPlural(in: b.message) { n in if n.name != outer.name { byName[n.name, default: []].append(n) } }
                return (b, byName)
            }
            let names = Set(inner.flatMap(\.nodes.keys)).sorted()
            for name in names {
                let cases = inner.filter { $0.nodes[name] != nil }
                guard cases.count > 1 else { continue }
                if values[name] == nil {
                    let nodes = cases.flatMap { $0.nodes[name] ?? [] }
                    values[name] = sampleValues(name: name, nodes: nodes, example: base[name], locale: file.locale)
                }
                guard let vs = values[name], vs.count > 1 else { continue }
                func render(_ n: ArgumentNode) -> InnerRendering? {
                    guard let format = innerFormat(n, in: pattern.source, locale: locale) else { return nil }
                    var texts: [String] = []
                    for v in vs {
                        var args = base
                        args[name] = v.value
                        guard let prepared = try? LocalizedCatalog.prepared(args, declarations: declarations, locale: file.locale),
                            let text = try? format.format(format.bind(prepared), timeZone: options.timeZone, context: FormatContext())
                        else { return nil }
                        texts.append(text)
                    }
                    return InnerRendering(node: n, texts: texts, forms: texts.map(Self.maskingNumbers))
                }
                let reference = cases.first { $0.branch.selectorText == "other" } ?? cases[0]
                let referenceRenderings = (reference.nodes[name] ?? []).map(render)
                guard let firstReference = referenceRenderings.first ?? nil else { continue }
                for c in cases where c.branch.selectorOffset != reference.branch.selectorOffset {
                    for (k, n) in (c.nodes[name] ?? []).enumerated() {
                        guard !reported.contains(n.offset), let here = render(n) else { continue }
                        let there = (k < referenceRenderings.count ? referenceRenderings[k] : nil) ?? firstReference
                        guard let witness = Self.misplacedForm(here.forms, against: there.forms) else { continue }
                        reported.insert(n.offset)
                        let kind = plural.ordinal ? "selectordinal" : "plural"
                        let innerKind = if case .plural(let p) = n.type, p.ordinal { "selectordinal" } else { "plural" }
                        let where_ =
                            "\(u.unit.key), \(u.unit.part)\(u.unit.tone.map { ", \($0.rawValue)" } ?? "")\(u.unit.index.map { ", variant \($0)" } ?? "")"
                        add(
                            file.file, u.unit, offset: n.offset, .error, .nestedPlural,
                            "In \(where_): the {\(name), \(innerKind)} inside the '\(c.branch.selectorText)' case of {\(outer.name), \(kind)} does not write its forms as the one in the '\(reference.branch.selectorText)' case: with \(vs[witness].label) it reads “\(here.texts[witness])” here but “\(there.texts[witness])” there. An inner plural's form depends on its own number only ({\(name)}), not on the case of {\(outer.name)}: write its cases as in the '\(reference.branch.selectorText)' case."
                        )
                    }
                }
            }
        }
    }

    /// Each plural or selectordinal node in `nodes`, at any depth, depth first.
    private static func forEachPlural(in nodes: [MessageNode], _ body: (ArgumentNode) -> Void) {
        for n in nodes {
            guard case .argument(let a) = n else { continue }
            if case .plural = a.type { body(a) }
            for b in a.branches { forEachPlural(in: b.message, body) }
        }
    }

    /// The inner argument's values to render it with: its example, then a number of each plural
    /// category of the locale that the plurals' `=N` cases do not take (ICU decides which).
    private func sampleValues(name: String, nodes: [ArgumentNode], example: MessageValue?, locale: String) -> [(value: MessageValue, label: String)] {
        var out: [(value: MessageValue, label: String)] = []
        var explicit = Set<Int64>()
        var ordinal = false
        var offset: Int64 = 0
        for n in nodes {
            guard case .plural(let p) = n.type else { continue }
            ordinal = p.ordinal
            offset = Int64(exactly: p.offsetValue) ?? 0
            for b in p.branches { if case .explicit(let v) = b.selector, let i = Int64(exactly: v) { explicit.insert(i) } }
        }
        if let example, example.doubleValue.flatMap({ Int64(exactly: $0) }).map({ !explicit.contains($0) }) ?? true {
            out.append((example, "\(name) = \(Self.shown(example))"))
        }
        let categories = (try? PluralCategories.categories(locale: locale, ordinal: ordinal)) ?? []
        for c in categories {
            guard let n = try? CatalogPreview.sampleNumber(for: c, locale: locale, ordinal: ordinal, offset: offset, avoiding: explicit) else { continue }
            let value = Int64(n).map(MessageValue.int) ?? .decimal(n)
            if !out.contains(where: { $0.value == value }) { out.append((value, "\(name) = \(n) (\(c))")) }
        }
        return out
    }

    private static func shown(_ v: MessageValue) -> String {
        switch v {
        case .int(let i): String(i)
        case .decimal(let s): s
        case .string(let s): s
        default: "\(v)"
        }
    }

    /// The inner plural alone, compiled for `locale`: its text cut from the pattern (the
    /// shortest piece from its `{` that parses as that one argument).
    private mutating func innerFormat(_ n: ArgumentNode, in source: String, locale: String) -> MessageFormat? {
        let units = Array(source.utf16)
        guard n.offset < units.count, units[n.offset] == 0x7B else { return nil }
        var depth = 0
        for end in n.offset..<units.count {
            if units[end] == 0x7B { depth += 1 }
            guard units[end] == 0x7D else { continue }
            depth -= 1
            // quoted braces may fool the count: a piece is only accepted when it parses whole
            guard depth <= 0 else { continue }
            let text = String(decoding: units[n.offset...end], as: UTF16.self)
            let key = locale + "|" + text
            if let hit = innerPluralFormats[key] { return hit }
            guard let p = try? MessagePattern(text), p.nodes.count == 1, case .argument(let a) = p.nodes[0], a.name == n.name else { continue }
            let format = try? MessageFormat(pattern: p, locale: locale)
            innerPluralFormats[key] = format
            return format
        }
        return nil
    }

    /// A rendered text with each number (digits with their grouping and decimal marks) as `#`.
    static func maskingNumbers(_ text: String) -> String {
        let joiners: Set<Character> = [",", ".", " ", "\u{A0}", "\u{202F}", "’", "'", "٬", "٫"]
        let chars = Array(text)
        func isDigit(_ c: Character) -> Bool { c.unicodeScalars.first?.properties.numericType == .decimal }
        var out = ""
        var i = 0
        while i < chars.count {
            guard isDigit(chars[i]) else {
                out.append(chars[i])
                i += 1
                continue
            }
            out.append("#")
            while i < chars.count, isDigit(chars[i]) || (joiners.contains(chars[i]) && i + 1 < chars.count && isDigit(chars[i + 1])) { i += 1 }
        }
        return out
    }

    /// The index of a value whose form differs between `here` and `there` (the outer case
    /// checked and the reference case), when the two group the values differently or `here`
    /// gives a value the form `there` gives to a value of another form; nil when the forms
    /// agree up to wording.
    static func misplacedForm(_ here: [String], against there: [String]) -> Int? {
        guard here.count == there.count else { return nil }
        var wrong = false
        for v in here.indices where !wrong {
            for w in here.indices {
                if (here[v] == here[w]) != (there[v] == there[w]) || (here[v] == there[w] && there[v] != there[w]) {
                    wrong = true
                    break
                }
            }
        }
        guard wrong else { return nil }
        return here.indices.first { here[$0] != there[$0] }
    }
}
