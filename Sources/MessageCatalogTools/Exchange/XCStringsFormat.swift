import MessageCatalog
import ToolkitSupport
import ToolkitJSON
import Foundation

/// Apple String Catalogs (`.xcstrings`, versions 1.0 and 1.1; the elements used here are the
/// same in both): one string per unit id, the source and each locale as a localization.
///
/// ICU and String Catalogs meet only in part, so the conversion is explicit:
/// - `{name}` and simple arguments become positional printf specifiers, numbered by the order
///   the source declares the arguments: `%1$@` for text, `%1$lld` for integers. Dates, times,
///   decimals and styled numbers (`{d, date, long}`, `{p, number, percent}`) become `%N$@` too:
///   the app passes them formatted; the export lists each such argument.
/// - A text that is one plural (cardinal, keyword cases only) over the message's only
///   argument becomes plural variations; plurals among other text or arguments become
///   substitutions (`%#@days@`, with `%arg` for the number).
/// - `=0` is Apple's `zero` in languages whose CLDR rules have no `zero` (see `zeroIsExact`).
/// - `select`, `selectordinal`, other `=N` cases, `offset:` and a plural inside another have no
///   String Catalog form: such a unit (or locale) is left out and listed, never dropped silently;
///   an import leaves it as it is.
/// Import converts back with the argument spellings the catalog already uses, and keeps a unit
/// unchanged when the result is the same message.
enum XCStringsFormat {
    // MARK: Export

    /// Writes the String Catalog of the source and `requested` locales into `sink`, string by
    /// string in Xcode's key order; returns what was left out or converted with a loss, and how
    /// many strings were written.
    static func write(catalog: LocalizedCatalog, locales requested: [String], version: String, to sink: ExportSink) -> (notes: [String], units: Int) {
        let sourceLocale = catalog.sourceLocale
        let locales = [sourceLocale] + requested.filter { $0 != sourceLocale }
        let unitsByLocale = Dictionary(locales.map { ($0, ExchangeUnits(catalog: catalog, locale: $0)) }, uniquingKeysWith: { a, _ in a })
        let sourceUnits = unitsByLocale[sourceLocale]!
        let unitsOfLocale = locales.map { unitsByLocale[$0]! }
        // Written member by member, keys sorted as Xcode writes them (a stable sort, as a tree's
        // `sortKeys` was): no JSON tree, which for 100,000 messages took more than the catalog.
        let ids = sourceUnits.indices.map { sourceUnits.id(at: $0) }
        let unitOrder = ids.indices.sorted { ids[$0] < ids[$1] }
        let localeOrder = locales.indices.sorted { locales[$0] < locales[$1] }
        // What each unit reports, by its place in the source, replayed in source order below.
        var reports: [(unit: Int, notes: [Note])] = []
        var w = JSONStreamWriter(layout: .canonical(colon: " : "))
        var written = 0
        w.beginObject()
        w.key("sourceLanguage"); w.string(sourceLocale)
        w.key("strings")
        w.beginObject()
        for i in unitOrder {
            if sink.failed { break }
            let su = sourceUnits[i]
            let declarations = catalog.sourceMessage(su.unit.key)?.arguments ?? []
            var localizations: [(converted: Converted, state: String)?] = Array(repeating: nil, count: locales.count)
            var unitNotes: [Note] = []
            var skippedSource = false
            for (l, locale) in locales.enumerated() {
                let u = unitsOfLocale[l].translation(at: i)
                guard let target = u.target else { continue }
                switch convert(target, declarations: declarations, locale: locale) {
                case .failure(let why):
                    unitNotes.append(.skipped(locale: locale, why: why.message))
                    if locale == sourceLocale { skippedSource = true }
                case .success(let c):
                    for lossy in c.lossy { unitNotes.append(.lossy(lossy)) }
                    localizations[l] = (c, u.state == .needsReview ? "needs_review" : "translated")
                }
                if skippedSource { break }
            }
            if !unitNotes.isEmpty { reports.append((i, unitNotes)) }
            if skippedSource { continue }
            written += 1
            w.key(su.id)
            w.beginObject()
            let comment = su.notes.joined(separator: "\n")
            if !comment.isEmpty { w.key("comment"); w.string(comment) }
            w.key("extractionState"); w.string("manual")
            w.key("localizations")
            w.beginObject()
            for l in localeOrder {
                guard let localization = localizations[l] else { continue }
                w.key(locales[l])
                localization.converted.write(state: localization.state, into: &w)
            }
            w.endObject()
            w.endObject()
            sink.drain(&w)
        }
        w.endObject()
        w.key("version"); w.string(version)
        w.endObject()
        var notes = NoteCollector()
        for report in reports.sorted(by: { $0.unit < $1.unit }) {
            let su = sourceUnits[report.unit]
            for note in report.notes {
                switch note {
                case .skipped(let locale, let why): notes.skip(su.unit, locale: locale, why: why)
                case .lossy(let text): notes.lossy(su.unit.key, text)
                }
            }
        }
        w.bytes.append(0x0A)
        sink.drain(&w)
        return (notes.lines, written)
    }

    /// A note on one unit, as the export met it.
    private enum Note {
        /// A localization (or, for the source locale, the unit) left out, and why.
        case skipped(locale: String, why: String)
        /// An argument the app passes formatted.
        case lossy(String)
    }

    /// Groups what the export reports: per message part and reason, the units and locales.
    private struct NoteCollector {
        private var skipped: [(group: String, why: String, units: Set<String>, locales: [String])] = []
        private var lossyNotes: [String] = []

        mutating func skip(_ unit: CatalogUnit, locale: String, why: String) {
            let group = "\(unit.key).\(unit.part)"
            if let i = skipped.firstIndex(where: { $0.group == group && $0.why == why }) {
                skipped[i].units.insert(unit.id)
                if !skipped[i].locales.contains(locale) { skipped[i].locales.append(locale) }
            } else {
                skipped.append((group, why, [unit.id], [locale]))
            }
        }

        mutating func lossy(_ key: String, _ note: String) {
            let line = "\(key): \(note)"
            if !lossyNotes.contains(line) { lossyNotes.append(line) }
        }

        var lines: [String] {
            skipped.map { s in
                let n = s.units.count
                return "\(s.group) (\(n) unit\(n == 1 ? "" : "s"), \(s.locales.joined(separator: ", "))): not exported: \(s.why)"
            } + lossyNotes
        }
    }

    struct Unsupported: Error {
        let message: String
        /// Where in the file, when it is more exact than the localization (a case's key or value).
        var position: JSONPosition? = nil
    }

    /// A localization in String Catalog form.
    struct Converted {
        enum Shape {
            case unit(String)
            case plural([(String, String)])
            case substitutions(String, [(name: String, argNum: Int, cases: [(String, String)])])
        }
        let shape: Shape
        /// Arguments the app must pass already formatted.
        let lossy: [String]

        /// Writes the localization (keys sorted, as Xcode writes them).
        func write(state: String, into w: inout JSONStreamWriter) {
            func stringUnit(_ value: String) {
                w.key("stringUnit")
                w.beginObject()
                w.key("state"); w.string(state)
                w.key("value"); w.string(value)
                w.endObject()
            }
            func plural(_ cases: [(String, String)]) {
                w.beginObject()
                w.key("plural")
                w.beginObject()
                for (key, value) in cases.sorted(by: { $0.0 < $1.0 }) {
                    w.key(key)
                    w.beginObject()
                    stringUnit(value)
                    w.endObject()
                }
                w.endObject()
                w.endObject()
            }
            w.beginObject()
            switch shape {
            case .unit(let v):
                stringUnit(v)
            case .plural(let cases):
                w.key("variations")
                plural(cases)
            case .substitutions(let v, let subs):
                stringUnit(v)
                w.key("substitutions")
                w.beginObject()
                for s in subs.sorted(by: { $0.name < $1.name }) {
                    w.key(s.name)
                    w.beginObject()
                    w.key("argNum"); w.int(s.argNum)
                    w.key("formatSpecifier"); w.string("lld")
                    w.key("variations")
                    plural(s.cases)
                    w.endObject()
                }
                w.endObject()
            }
            w.endObject()
        }
    }

    static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// Whether Apple's `zero` stands for ICU's `=0` in a locale: in every language whose CLDR
    /// rules have no `zero` category (English, Spanish, Chinese …) Apple selects `zero` for the
    /// number 0; where CLDR has one (Arabic, Latvian, Welsh …) it is that category.
    static func zeroIsExact(locale: String) -> Bool {
        !((try? PluralCategories.categories(locale: locale)) ?? []).contains("zero")
    }

    /// Converts one ICU text.
    static func convert(_ text: String, declarations: [ArgumentDeclaration], locale: String) -> Result<Converted, Unsupported> {
        let zeroIsExact = zeroIsExact(locale: locale)
        let pattern: MessagePattern
        do { pattern = try MessagePattern(text) } catch { return .failure(Unsupported(message: "the text does not parse")) }
        let number = Dictionary(declarations.enumerated().map { ($1.name, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        let declared = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var lossy: [String] = []

        func placeholder(_ a: ArgumentNode) throws(Unsupported) -> String {
            guard let n = number[a.name], let decl = declared[a.name] else { throw Unsupported(message: "{\(a.name)} is not declared") }
            var integer = true
            switch decl.example {
            case .decimal?, .double?: integer = false;
            default: break
            }
            var plain = false
            if case .none = a.type { plain = true }
            if case .simple(let s) = a.type, s.type == .number, s.style == nil || s.style!.trimmingCharacters(in: .whitespaces) == "integer" {
                plain = decl.kind == .number
            }
            var spec = "@"
            switch decl.kind {
            case .number where plain && integer: spec = "lld"
            case .string where plain, .duration where plain: spec = "@"
            default:
                let note = "\(PatternPrinter.text(a)) becomes %\(n)$@: the app passes it formatted"
                if !lossy.contains(note) { lossy.append(note) }
            }
            return "%\(n)$\(spec)"
        }

        /// Text and simple arguments only; `own` is the plural whose `#` (and plain `{own}`) is `%arg`.
        func flat(_ nodes: [MessageNode], own: String?, poundAs: String) throws(Unsupported) -> String {
            var out = ""
            for n in nodes {
                switch n {
                case .text(let s): out += s.replacingPercent()
                case .pound: out += poundAs
                case .argument(let a):
                    switch a.type {
                    case .none where a.name == own: out += poundAs
                    case .none, .simple: out += try placeholder(a)
                    case .plural(let p) where p.ordinal: throw Unsupported(message: "selectordinal has no String Catalog form")
                    case .plural: throw Unsupported(message: "a plural inside another case has no String Catalog form")
                    case .select: throw Unsupported(message: "select has no String Catalog form")
                    }
                }
            }
            return out
        }

        func cases(_ a: ArgumentNode, _ p: PluralArgument, poundAs: String) throws(Unsupported) -> [(String, String)] {
            if p.ordinal { throw Unsupported(message: "selectordinal has no String Catalog form") }
            if p.offsetValue != 0 { throw Unsupported(message: "a plural with offset: has no String Catalog form") }
            var out: [(String, String)] = []
            for b in p.branches {
                if case .explicit(0) = b.selector, zeroIsExact, !p.branches.contains(where: { $0.selectorText == "zero" }) {
                    out.append(("zero", try flat(b.message, own: a.name, poundAs: poundAs)))
                    continue
                }
                guard case .keyword(let k) = b.selector else { throw Unsupported(message: "an exact case (\(b.selectorText)) has no String Catalog form") }
                guard categories.contains(k) else { throw Unsupported(message: "'\(k)' is not a plural category") }
                out.append((k, try flat(b.message, own: a.name, poundAs: poundAs)))
            }
            return out
        }

        do throws(Unsupported) {
            // The whole text one plural over the message's only used argument: plural variations.
            if pattern.nodes.count == 1, case .argument(let a) = pattern.nodes[0], case .plural(let p) = a.type,
                pattern.nodes.argumentNames == [a.name]
            {
                guard let n = number[a.name] else { throw Unsupported(message: "{\(a.name)} is not declared") }
                return .success(Converted(shape: .plural(try cases(a, p, poundAs: n == 1 ? "%lld" : "%\(n)$lld")), lossy: lossy))
            }
            var value = ""
            var subs: [(name: String, argNum: Int, cases: [(String, String)])] = []
            for n in pattern.nodes {
                switch n {
                case .text(let s): value += s.replacingPercent()
                case .pound: value += "#"
                case .argument(let a):
                    switch a.type {
                    case .none, .simple: value += try placeholder(a)
                    case .plural(let p):
                        guard let num = number[a.name] else { throw Unsupported(message: "{\(a.name)} is not declared") }
                        var name = a.name, k = 2
                        while subs.contains(where: { $0.name == name }) { name = "\(a.name)_\(k)"; k += 1 }
                        subs.append((name, num, try cases(a, p, poundAs: "%arg")))
                        value += "%#@\(name)@"
                    case .select: throw Unsupported(message: "select has no String Catalog form")
                    }
                }
            }
            return .success(Converted(shape: subs.isEmpty ? .unit(value) : .substitutions(value, subs), lossy: lossy))
        } catch {
            return .failure(error)
        }
    }
}

extension String {
    /// `%` written as printf's `%%`.
    func replacingPercent() -> String {
        guard contains("%") else { return self }
        var out = ""
        for ch in self { out += ch == "%" ? "%%" : String(ch) }
        return out
    }
}
