import ToolkitSupport
import MessageCatalog

/// The rules that look at one text on its own (and its message's declarations): arguments,
/// plural and select cases, length, punctuation.
extension LintRun {
    mutating func checkUnit(_ u: LintedUnit, in file: LintedFile, declarations: [ArgumentDeclaration]) {
        guard let pattern = u.pattern else { return }
        checkArguments(u.unit, pattern, in: file, declarations: declarations)
        checkTermOfAddress(u.unit, pattern, in: file)
        if file.localeIsValid {
            checkCases(u.unit, pattern, in: file, declarations: declarations)
            checkNestedPlurals(u, pattern, in: file, declarations: declarations)
        }
        if let budget = options.budgets[u.unit.part], let locale = u.compiledLocale, let format = try? MessageFormat(pattern: pattern, locale: locale) {
            checkLength(u.unit, format, budget: budget, in: file, declarations: declarations)
        }
        checkPunctuation(u.unit, pattern, in: file)
        checkUserTextPunctuation(u.unit, pattern, in: file, declarations: declarations)
    }

    // MARK: Arguments

    private mutating func checkArguments(_ unit: CatalogUnit, _ pattern: MessagePattern, in file: LintedFile, declarations: [ArgumentDeclaration]) {
        let declared = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for usage in pattern.argumentUsages where usage.name != AddressTerm.argumentName {
            guard let decl = declared[usage.name] else {
                let hint = declarations.isEmpty ? "it declares none" : "it declares " + declarations.map { "{\($0.name)}" }.joined(separator: ", ")
                add(
                    file.file, unit, offset: usage.offset, .error, .unknownArgument,
                    "'{\(usage.name)}' is not an argument of '\(unit.key)' (\(hint)): use a declared name\(file.isSource ? ", or declare it" : " (names are never translated)")."
                )
                continue
            }
            if let problem = Self.typeProblem(usage.kind, decl.kind) {
                add(
                    file.file, unit, offset: usage.offset, .error, .argumentType,
                    "'\(usage.name)' is declared as \(decl.kind.rawValue) but used as \(usage.kind.rawValue): \(problem)")
            }
        }
        pattern.forEachArgument { a in
            guard case .select(let s) = a.type, let decl = declared[a.name], !decl.values.isEmpty else { return }
            for b in s.branches where b.selectorText != "other" && !decl.values.contains(b.selectorText) {
                add(
                    file.file, unit, offset: b.selectorOffset, .warning, .selectValue,
                    "'\(b.selectorText)' is not a value of '\(a.name)' (\(decl.values.joined(separator: ", "))), so this case is never selected: fix the keyword."
                )
            }
        }
    }

    /// Why a usage does not fit a declared type, or nil when it does.
    static func typeProblem(_ usage: ArgumentUsage.Kind, _ declared: ArgumentDeclaration.Kind) -> String? {
        switch (declared, usage) {
        case (.string, .plain), (.string, .select): return nil
        case (.string, _): return "text can only be shown as is ({name}) or chosen on with select."
        case (.number, .plain), (.number, .number), (.number, .plural), (.number, .selectordinal), (.number, .spellout), (.number, .ordinal): return nil
        case (.number, .select): return "select compares text; for numbers use plural with =N cases."
        case (.number, _): return "a number is shown with {name}, {name, number…} or chosen on with plural/selectordinal."
        case (.date, .plain), (.date, .date), (.date, .time): return nil
        case (.date, _): return "an instant is shown with {name, date, …} or {name, time, …}."
        case (.duration, .plain): return nil
        case (.duration, _): return "a duration reaches the text already formatted by ICU (\"1 hr, 20 min\"): write {name}."
        }
    }

    // MARK: Plural and select cases

    private mutating func checkCases(_ unit: CatalogUnit, _ pattern: MessagePattern, in file: LintedFile, declarations: [ArgumentDeclaration]) {
        let sourceDistinguishes = sourceDistinguishedPlurals(unit.key)
        pattern.forEachArgument { a in
            var seen: [String: Int] = [:]
            for b in a.branches {
                let key: String
                if case .explicit(let v) = b.selector { key = "=\(v)" } else { key = b.selectorText }
                if seen[key] != nil {
                    add(
                        file.file, unit, offset: b.selectorOffset, .error, .duplicateSelector,
                        "The case '\(b.selectorText)' appears twice in this \(a.typeName); ICU silently uses the first: merge them.")
                }
                seen[key] = seen[key] ?? b.selectorOffset
            }
            guard case .plural(let p) = a.type else { return }
            guard let categories = try? PluralCategories.categories(locale: file.locale, ordinal: p.ordinal) else { return }
            let kind = p.ordinal ? "ordinal " : ""
            let explicit = Set(
                p.branches.compactMap { b -> Double? in
                    if case .explicit(let v) = b.selector { return v }; return nil
                })
            var keywords: [String] = []
            for b in p.branches {
                guard case .keyword(let k) = b.selector else { continue }
                keywords.append(k)
                if !categories.contains(k) {
                    let known = ["zero", "one", "two", "few", "many", "other"].contains(k)
                    let exact = k == "zero" ? "=0" : k == "one" ? "=1" : k == "two" ? "=2" : "=N"
                    add(
                        file.file, unit, offset: b.selectorOffset, .error, .pluralCategory,
                        known
                            ? "\(file.locale) never selects the \(kind)category '\(k)' (its categories: \(categories.joined(separator: ", "))), so this case is never shown: use \(exact) for an exact number, or remove it."
                            : "'\(k)' is not a plural category (zero, one, two, few, many, other) nor =N: this case is never shown.")
                }
                if k == "one", let others = otherNumbersInOne(locale: file.locale, ordinal: p.ordinal) {
                    checkLiteralOne(unit, pattern, b, others: others, in: file)
                }
            }
            // Categories the locale has and this plural lacks: only where the source distinguishes
            // categories for this argument and the translation already uses one besides `other`.
            guard !p.ordinal, keywords.contains(where: { $0 != "other" }), sourceDistinguishes.contains(a.name) || file.isSource else { return }
            for c in categories where !keywords.contains(c) && !Self.isCovered(c, by: explicit, locale: file.locale) {
                let example = (try? CatalogPreview.sampleNumber(for: c, locale: file.locale, ordinal: false, offset: 0, avoiding: [])) ?? nil
                add(
                    file.file, unit, offset: a.offset, .warning, .pluralMissingCategory,
                    "This plural of '\(a.name)' has no '\(c)' case, a category of \(file.locale)\(example.map { " (e.g. \($0))" } ?? ""); it falls back to 'other': add \(c) {…}."
                )
            }
        }
    }

    /// Plural arguments whose source texts (any unit of the message) have a keyword case besides `other`.
    private func sourceDistinguishedPlurals(_ key: String) -> Set<String> {
        guard let source = files.first(where: \.isSource) else { return [] }
        var out = Set<String>()
        for u in source.units(key: key) {
            u.pattern?.forEachArgument { a in
                guard case .plural(let p) = a.type, !p.ordinal else { return }
                if p.branches.contains(where: { if case .keyword(let k) = $0.selector { k != "other" } else { false } }) { out.insert(a.name) }
            }
        }
        return out
    }

    /// Whether every integer ICU puts in `category` (among 0…200 and the large round numbers) has an `=N` case.
    static func isCovered(_ category: String, by explicit: Set<Double>, locale: String) -> Bool {
        guard !explicit.isEmpty else { return false }
        for n in sampleIntegers where (try? PluralCategories.category(of: String(n), locale: locale)) == category {
            if !explicit.contains(Double(n)) { return false }
        }
        return true
    }

    static let sampleIntegers: [Int] = Array(0...200) + [1000, 10_000, 100_000, 1_000_000]

    /// ``otherNumbers(in:locale:ordinal:)`` of `one`, remembered for the run.
    private mutating func otherNumbersInOne(locale: String, ordinal: Bool) -> [Int]? {
        let key = (ordinal ? "o:" : "c:") + locale
        if let known = otherOnes[key] { return known }
        let found = Self.otherNumbers(in: "one", locale: locale, ordinal: ordinal)
        otherOnes[key] = found
        return found
    }

    /// Integers other than 1 that the locale puts in `category` (up to three), or nil if none.
    static func otherNumbers(in category: String, locale: String, ordinal: Bool) -> [Int]? {
        var out: [Int] = []
        for n in sampleIntegers where n != 1 && (try? PluralCategories.category(of: String(n), locale: locale, ordinal: ordinal)) == category {
            out.append(n)
            if out.count == 3 { break }
        }
        return out.isEmpty ? nil : out
    }

    /// A literal "1" written in a `one` case whose category also covers other numbers.
    private mutating func checkLiteralOne(_ unit: CatalogUnit, _ pattern: MessagePattern, _ branch: PatternBranch, others: [Int], in file: LintedFile) {
        let text = PatternText(pattern)
        // The branch's own text nodes (not nested arguments'): find their index in pattern order.
        var index = 0
        var found: [PatternText.Segment] = []
        func walk(_ nodes: [MessageNode]) {
            for n in nodes {
                switch n {
                case .text: index += 1
                case .pound: break
                case .argument(let a):
                    for b in a.branches {
                        if b.selectorOffset == branch.selectorOffset {
                            var i = index
                            found = text.segments(of: b.message, startingAt: &i, nested: false)
                        }
                        walk(b.message)
                    }
                }
            }
        }
        walk(pattern.nodes)
        for segment in found {
            let u = segment.units
            for i in u.indices where u[i] == 0x31 {
                let before = i > 0 ? u[i - 1] : 0x20, after = i + 1 < u.count ? u[i + 1] : 0x20
                let isDigit: (UInt16) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
                if isDigit(before) || isDigit(after) || before == 0x2E || before == 0x2C
                    || (after == 0x2E || after == 0x2C) && i + 2 < u.count && isDigit(u[i + 2])
                {
                    continue
                }
                add(
                    file.file, unit, offset: segment.offsets[i], .warning, .pluralLiteralOne,
                    "In \(file.locale) the case 'one' also covers \(others.map(String.init).joined(separator: ", "))…, which would read \"1\" here: write # for the number, or use =1 for exactly one."
                )
            }
        }
    }
}

extension ArgumentNode {
    var typeName: String {
        switch type {
        case .plural(let p): p.ordinal ? "selectordinal" : "plural"
        case .select: "select"
        default: "argument"
        }
    }
}
