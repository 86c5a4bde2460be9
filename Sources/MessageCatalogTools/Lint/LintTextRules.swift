import ToolkitSupport
import MessageCatalog
/// The rules about what a text says and shows: its rendered width, its punctuation, and how
/// it compares with its source (arguments dropped, text left untranslated).
extension LintRun {
    // MARK: Length

    /// Renders the text with the example arguments and, for each plural, selectordinal and select,
    /// a number for every category of the locale (ICU decides which), each `=N` and each
    /// declared select value; warns when the widest rendering exceeds the budget.
    mutating func checkLength(_ unit: CatalogUnit, _ format: MessageFormat, budget: Int, in file: LintedFile, declarations: [ArgumentDeclaration]) {
        var base: [String: MessageValue] = [:]
        for d in declarations { if let e = d.example(for: file.locale) { base[d.name] = e } }
        base[AddressTerm.argumentName] = .string(AddressTerm.unspecified.selectKeyword)
        let pattern = format.pattern
        // Without an example the text cannot be rendered; missing-example reports the declaration.
        guard pattern.nodes.argumentNames.allSatisfy({ base[$0] != nil }) else { return }
        let declared = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var choices: [(name: String, values: [(value: MessageValue, label: String)])] = []
        func offer(_ name: String, _ value: MessageValue, _ label: String) {
            if let i = choices.firstIndex(where: { $0.name == name }) {
                if !choices[i].values.contains(where: { $0.value == value }) { choices[i].values.append((value, label)) }
            } else {
                choices.append((name, [(value, label)]))
            }
        }
        pattern.forEachArgument { a in
            switch a.type {
            case .plural(let p):
                var explicit = Set<Int64>()
                for b in p.branches {
                    if case .explicit(let v) = b.selector, let i = Int64(exactly: v) { explicit.insert(i); offer(a.name, .int(i), "\(a.name)=\(i)") }
                }
                let categories = (try? PluralCategories.categories(locale: file.locale, ordinal: p.ordinal)) ?? []
                for c in categories {
                    guard
                        let n = try? CatalogPreview.sampleNumber(
                            for: c, locale: file.locale, ordinal: p.ordinal,
                            offset: Int64(exactly: p.offsetValue) ?? 0, avoiding: explicit)
                    else { continue }
                    offer(a.name, Int64(n).map(MessageValue.int) ?? .decimal(n), "\(a.name)=\(n)")
                }
            case .select(let s):
                let keywords = (declared[a.name]?.values ?? []) + s.branches.map(\.selectorText)
                for k in keywords { offer(a.name, .string(k), "\(a.name)=\(k)") }
            default: break
            }
        }
        var combinations: [[(name: String, value: MessageValue, label: String)]] = [[]]
        for c in choices {
            combinations = combinations.flatMap { combo in c.values.map { combo + [(c.name, $0.value, $0.label)] } }
            if combinations.count > 512 { break }
        }
        if combinations.count > 512 {
            // Too many to try together: vary one argument at a time.
            combinations = [[]] + choices.flatMap { c in c.values.map { [(c.name, $0.value, $0.label)] } }
        }
        var widest: (width: Int, text: String, labels: [String]) = (0, "", [])
        let context = FormatContext()
        for combo in combinations {
            var args = base
            for x in combo { args[x.name] = x.value }
            guard let prepared = try? LocalizedCatalog.prepared(args, declarations: declarations, locale: file.locale),
                let text = try? format.format(format.bind(prepared), timeZone: options.timeZone, context: context)
            else { continue }
            let width = DisplayWidth.columns(text)
            if width > widest.width { widest = (width, text, combo.map(\.label)) }
        }
        guard widest.width > budget else { return }
        let with = widest.labels.isEmpty ? "the example arguments" : widest.labels.joined(separator: ", ")
        add(
            file.file, at: unit.position, .warning, .length, unit.id,
            "Renders \(widest.width) columns wide with \(with), over the \(unit.part)'s budget of \(budget) (wide East Asian characters count 2): “\(widest.text)” — shorten it."
        )
    }

    // MARK: Punctuation

    mutating func checkPunctuation(_ unit: CatalogUnit, _ pattern: MessagePattern, in file: LintedFile) {
        switch file.language {
        case "zh": checkChinesePunctuation(unit, PatternText(pattern), in: file)
        case "es": checkSpanishMarks(unit, PatternText(pattern), in: file)
        default: break
        }
    }

    private static let fullWidth: [UInt16: String] = [0x21: "！", 0x3F: "？", 0x2C: "，", 0x3A: "：", 0x3B: "；"]

    /// ASCII `!?,:;` in Chinese prose (not between two ASCII letters or digits, as in 10:30).
    private mutating func checkChinesePunctuation(_ unit: CatalogUnit, _ text: PatternText, in file: LintedFile) {
        let asciiWord: (UInt16) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
        for segment in text.allSegments {
            let u = segment.units
            for i in u.indices {
                guard let wide = Self.fullWidth[u[i]] else { continue }
                if i > 0, i + 1 < u.count, asciiWord(u[i - 1]), asciiWord(u[i + 1]) { continue }
                let mark = String(UnicodeScalar(UInt8(u[i])))
                add(
                    file.file, unit, offset: segment.offsets[i], .warning, .punctuation,
                    "ASCII '\(mark)' in Chinese text: use the full-width '\(wide)'.", fix: wide)
            }
        }
    }

    /// A Spanish `?` or `!` whose clause has no opening `¿` or `¡`, on every path through the
    /// plural and select cases (a question may open before an argument and close after it).
    private mutating func checkSpanishMarks(_ unit: CatalogUnit, _ text: PatternText, in file: LintedFile) {
        let paths: [PatternText.Path] = text.paths() ?? text.allSegments.map { s in zip(s.units, s.offsets).map { (unit: $0.0, offset: $0.1) } }
        var reported = Set<Int>()
        let boundaries: Set<UInt16> = [0x2E, 0x3F, 0x21, 0x2026, 0x0A, 0x3A]
        for path in paths {
            for j in path.indices {
                let c = path[j].unit
                guard c == 0x3F || c == 0x21, path[j].offset >= 0 else { continue }
                if j > 0, path[j - 1].unit == 0x3F || path[j - 1].unit == 0x21 { continue }
                var k = j - 1
                var opened = false
                while k >= 0 {
                    let b = path[k].unit
                    if b == 0xBF || b == 0xA1 { opened = true; break }
                    if boundaries.contains(b) { break }
                    k -= 1
                }
                if opened || !reported.insert(path[j].offset).inserted { continue }
                let question = c == 0x3F
                add(
                    file.file, unit, offset: path[j].offset, .warning, .punctuation,
                    "This \(question ? "question" : "exclamation") has no opening '\(question ? "¿" : "¡")': Spanish marks both ends (\(question ? "¿…?" : "¡…!"))."
                )
            }
        }
    }

    // MARK: Against the source

    mutating func checkAgainstSource(_ u: LintedUnit, in file: LintedFile, source: LintedFile) {
        guard let pattern = u.pattern else { return }
        let used = pattern.nodes.argumentNames
        // Arguments every source text of this part and tone shows, whatever its cases (an
        // argument only some cases show is checked case by case below).
        let group = source.units(key: u.unit.key).filter { $0.unit.part == u.unit.part && $0.unit.tone == u.unit.tone }
        let patterns = group.compactMap(\.pattern)
        if !patterns.isEmpty, patterns.count == group.count {
            let required = MessagePattern.requiredArguments(patterns)
            for name in required.subtracting(used).sorted() {
                let whose =
                    group.count == 1 ? "The source text" : "Every source text of '\(u.unit.key).\(u.unit.part)\(u.unit.tone.map { ".\($0.rawValue)" } ?? "")'"
                add(
                    file.file, at: u.unit.position, .warning, .unusedArgument, u.unit.id,
                    "\(whose) shows {\(name)}; this translation does not: include it.")
            }
        }
        if let s = source.unit(id: u.unit.id), let sp = s.pattern {
            if u.unit.index == nil { checkBranches(u.unit, pattern, against: sp, in: file) }
            if file.language != source.language, s.unit.text == u.unit.text, Self.hasLetters(PatternText(pattern, withOffsets: false)),
                !isAllowedIdentical(u.unit),
                source.file.message(u.unit.key)?.sameInTranslation.contains(u.unit.part) != true
            {
                add(
                    file.file, at: u.unit.position, .warning, .identical, u.unit.id,
                    "The text is the same as in \(sourceLocale).json: translate it, or allow \(u.unit.id) as identical (names, brands).")
            }
        }
    }

    private func isAllowedIdentical(_ unit: CatalogUnit) -> Bool {
        let a = options.allowIdentical
        return a.contains(unit.id) || a.contains(unit.key) || a.contains("\(unit.key).\(unit.part)") || a.contains(unit.text)
    }

    static func hasLetters(_ text: PatternText) -> Bool {
        text.allSegments.contains { $0.text.unicodeScalars.contains { $0.properties.isAlphabetic } }
    }

    /// Per select case (by keyword) and plural case (`other`, `=N`, and categories both have):
    /// the arguments the source's case shows must appear in the translation's case, or
    /// elsewhere in the translation. The plural's own argument is exempt in its cases.
    private mutating func checkBranches(_ unit: CatalogUnit, _ pattern: MessagePattern, against source: MessagePattern, in file: LintedFile) {
        var sourceNodes: [String: ArgumentNode] = [:]
        source.forEachArgument { a in
            let key = "\(a.name)|\(a.typeName)"
            if sourceNodes[key] == nil, !a.branches.isEmpty { sourceNodes[key] = a }
        }
        pattern.forEachArgument { a in
            guard let s = sourceNodes["\(a.name)|\(a.typeName)"] else { return }
            let outside = Self.argumentNames(pattern.nodes, excluding: a.offset)
            for b in a.branches {
                guard let sb = s.branches.first(where: { Self.sameSelector($0.selector, b.selector) }) else { continue }
                var required = sb.message.argumentNames
                required.remove(a.name)
                let missing = required.subtracting(b.message.argumentNames).subtracting(outside)
                for name in missing.sorted() {
                    add(
                        file.file, unit, offset: b.selectorOffset, .warning, .unusedArgument,
                        "The source's '\(sb.selectorText)' case of {\(a.name)} shows {\(name)}; this one does not: include it.")
                }
            }
        }
    }

    private static func sameSelector(_ a: PatternBranch.Selector, _ b: PatternBranch.Selector) -> Bool {
        switch (a, b) {
        case (.explicit(let x), .explicit(let y)): x == y
        case (.keyword(let x), .keyword(let y)): x == y
        default: false
        }
    }

    /// The argument names used in `nodes`, skipping the argument that starts at `offset`.
    private static func argumentNames(_ nodes: [MessageNode], excluding offset: Int) -> Set<String> {
        var out = Set<String>()
        func walk(_ nodes: [MessageNode]) {
            for n in nodes {
                guard case .argument(let a) = n, a.offset != offset else { continue }
                out.insert(a.name)
                for b in a.branches { walk(b.message) }
            }
        }
        walk(nodes)
        return out
    }
}
