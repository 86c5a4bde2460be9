import ToolkitSupport
import MessageCatalog

/// A title repeated in its body for a value of a select that the example does not take.
/// `title-in-body` renders the texts with the message's examples only, so in
/// `{activity, select, run {…} hike {徒步归来，好好休息吧} …}` it reads the run's words and misses
/// a hike's title whose 好好休息 the body says again. This rule renders every title and body of a
/// tone again with each declared value of each select argument (`"values"` in the source, the
/// other arguments at their examples) and compares them as `title-in-body` does.
extension LintRun {
    /// For each tone, every title against every body, once per declared value of a string
    /// argument either of them selects on; a pair `title-in-body` already reports with the
    /// examples is left to it.
    mutating func checkTitleInBodySelect(
        own: [LintedUnit], inherited: [LintedUnit], renderings: [String: [String]], in file: LintedFile, declarations: [ArgumentDeclaration]
    ) {
        let selects = declarations.filter { $0.kind == .string && !$0.values.isEmpty }
        guard !selects.isEmpty, own.contains(where: { $0.unit.part == "title" || $0.unit.part == "body" }) else { return }
        let userTexts = Self.userTexts(declarations)
        var example: [String: MessageValue] = [:]
        for d in declarations { if let e = d.example(for: file.locale) { example[d.name] = e } }
        example[AddressTerm.argumentName] = .string(AddressTerm.unspecified.selectKeyword)
        var zero = example
        for d in declarations where d.kind == .number { zero[d.name] = .int(0) }

        // each unit compiled once, with the arguments it selects on
        var compiled: [String: (format: MessageFormat, selects: Set<String>)?] = [:]
        func compile(_ u: LintedUnit) -> (format: MessageFormat, selects: Set<String>)? {
            if let hit = compiled[u.unit.id] { return hit }
            let made = u.format.map { f in
                var names = Set<String>()
                f.pattern.forEachArgument { a in if case .select = a.type { names.insert(a.name) } }
                return (f, names)
            }
            compiled[u.unit.id] = made
            return made
        }
        var gramsCache: [String: [String: String]] = [:]
        func grams(_ u: LintedUnit, _ name: String, _ value: String) -> [String: String] {
            let key = "\(u.unit.id)|\(name)=\(value)"
            if let hit = gramsCache[key] { return hit }
            var texts: [String] = []
            if let c = compile(u) {
                for var args in [example, zero] {
                    args[name] = .string(value)
                    guard let prepared = try? LocalizedCatalog.prepared(args, declarations: declarations, locale: file.locale),
                        let text = try? c.format.format(c.format.bind(prepared), timeZone: options.timeZone, context: FormatContext())
                    else { continue }
                    if !texts.contains(text) { texts.append(text) }
                }
            }
            let out = Self.titleGrams(texts, userTexts: userTexts, language: file.language)
            gramsCache[key] = out
            return out
        }

        let ownIDs = Set(own.map(\.unit.id))
        let tones: [Tone?] = Set(own.map(\.unit.tone)).sorted { ($0?.rawValue ?? "") < ($1?.rawValue ?? "") }
        for tone in tones {
            func units(_ part: String) -> [LintedUnit] {
                let mine = own.filter { $0.unit.part == part && $0.unit.tone == tone }
                return mine.isEmpty ? inherited.filter { $0.unit.part == part && $0.unit.tone == tone } : mine
            }
            let titles = units("title")
            guard !titles.isEmpty else { continue }
            func exampleGrams(_ u: LintedUnit) -> [String: String] {
                Self.titleGrams(renderings[u.unit.id] ?? renderedTexts(u, in: file, declarations: declarations), userTexts: userTexts, language: file.language)
            }
            let titleExamples = titles.map(exampleGrams)
            for body in units("body") {
                let bodyExample = exampleGrams(body)
                for (t, title) in titles.enumerated() where ownIDs.contains(body.unit.id) || ownIDs.contains(title.unit.id) {
                    // with the examples, the pair is title-in-body's
                    if titleExamples[t].keys.contains(where: { bodyExample[$0] != nil }) { continue }
                    let selected = (compile(title)?.selects ?? []).union(compile(body)?.selects ?? [])
                    var shown: [(label: String, words: String)] = []
                    for d in selects where selected.contains(d.name) {
                        let exampleValue: String? = if case .string(let s)? = d.example(for: file.locale) { s } else { nil }
                        for value in d.values where value != exampleValue {
                            let tg = grams(title, d.name, value)
                            let bg = grams(body, d.name, value)
                            if let shared = tg.keys.sorted().first(where: { bg[$0] != nil }) {
                                shown.append(("\(d.name) = \(value)", tg[shared] ?? shared))
                            }
                        }
                    }
                    guard let first = shown.first else { continue }
                    let target = ownIDs.contains(body.unit.id) ? body.unit : title.unit
                    let also = shown.count > 1 ? " (also with " + shown.dropFirst().map(\.label).joined(separator: ", ") + ")" : ""
                    add(
                        file.file, at: target.position, .warning, .titleInBodySelect, target.id,
                        "With \(first.label)\(also), the body \(body.unit.id) repeats the title \(title.unit.id) (“\(first.words)”); the example renderings do not take that case, so title-in-body does not see it: the title and the body show the same \(first.label.prefix { $0 != " " }), and any title of the tone may come with any body, so its reader reads the words twice; say them in one of the two only (in that case of the select)."
                    )
                    break
                }
            }
        }
    }
}
