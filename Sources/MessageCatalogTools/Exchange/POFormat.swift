import ToolkitSupport
import MessageCatalog
/// gettext PO: one entry per unit, `msgctxt` the unit id, `msgid` the source text, `msgstr`
/// the translation (empty when not translated yet), `#.` comments the notes, and the `fuzzy`
/// flag on units whose source changed since they were translated. Plurals are exported inside
/// the ICU text; on import, gettext plural entries (`msgid_plural`, `msgstr[N]`, as Poedit and
/// Weblate write them) become ICU plurals through the header's `Plural-Forms` (see
/// `GettextPlurals`) when the unit's source is one plural over an argument.
enum POFormat {
    /// The file; with `pluralForms` (a `Plural-Forms` header value), units whose source is one
    /// plural over an argument are written as classic gettext plural entries (`msgid_plural`,
    /// `msgstr[N]`), for tools that edit plural forms one by one; a translation whose cases
    /// the header's forms cannot hold (an `=N` case, two categories sharing a form with
    /// different texts) stays in ICU form and is listed in `notes`.
    static func write(
        _ units: ExchangeUnits, locale: String, pluralForms: (header: String, rules: GettextPlurals, mapping: GettextPlurals.Mapping)? = nil,
        notes: inout [String], to out: ExportSink
    ) {
        out.write(
            """
            # The notification catalogs, for translation into \(locale).
            # Keep {arguments} (and their plural and select syntax) as they are and translate the
            # words around and inside them; %d in a plural form is the number; ' { } # are text.
            # Entries flagged icu-message-format are ICU MessageFormat. Import: msgtool import FILE
            msgid ""
            msgstr ""
            "Language: \(locale)\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "X-Generator: msgtool\\n"

            """)
        if let pluralForms { out.write("\"Plural-Forms: \(pluralForms.header)\\n\"\n") }
        for u in units {
            if out.failed { return }
            out.write("\n")
            for note in u.notes {
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) { out.write("#. \(line)\n") }
            }
            if let pluralForms, let entry = gettextPlural(u, pluralForms.rules.count, pluralForms.mapping, notes: &notes) {
                if u.state == .needsReview { out.write("#, fuzzy\n") }
                out.write("msgctxt \(quote(u.id))\n")
                out.write(entry)
                continue
            }
            // gettext text where it reads back as the same ICU text, else the ICU text, flagged.
            let source = plain(u.source)
            let target = u.target.map { plain($0) } ?? ""
            let icu = source == nil || target == nil
            let flags = (u.state == .needsReview ? ["fuzzy"] : []) + (icu ? [icuFlag] : [])
            if !flags.isEmpty { out.write("#, \(flags.joined(separator: ", "))\n") }
            out.write("msgctxt \(quote(u.id))\n")
            out.write("msgid \(quote(icu ? u.source : source!))\n")
            out.write("msgstr \(quote(icu ? u.target ?? "" : target!))\n")
        }
    }

    /// The flag of an entry whose texts are ICU MessageFormat, not gettext text (Weblate's name
    /// for the format, which it checks).
    static let icuFlag = "icu-message-format"

    /// The gettext text of an ICU text, or nil when none reads back as it byte for byte.
    private static func plain(_ icu: String, inPluralOf argument: String? = nil) -> String? {
        PlainText.plain(icu, printf: true, inPlural: argument != nil) { try? PlainText.icu($0, printf: true, pluralArgument: argument) }
    }

    /// A plural's cases as ICU fragments, when the text is one cardinal plural over one argument.
    private static func cases(_ text: String) -> (argument: String, cases: [(selector: String, text: String)])? {
        guard let p = try? MessagePattern(text), p.nodes.count == 1, case .argument(let a) = p.nodes[0], case .plural(let pl) = a.type,
            !pl.ordinal, pl.offsetValue == 0
        else { return nil }
        return (a.name, pl.branches.map { ($0.selectorText, PatternPrinter.caseText($0.message, pluralOf: a.name)) })
    }

    /// `msgid`, `msgid_plural` and `msgstr[N]` lines for a unit, or nil to write it in ICU form.
    private static func gettextPlural(_ u: ExchangeUnit, _ count: Int, _ mapping: GettextPlurals.Mapping, notes: inout [String]) -> String? {
        guard let source = cases(u.source) else { return nil }
        let exact = Set(mapping.exact.map { "=\($0.number)" })
        if let extra = source.cases.first(where: { $0.selector.hasPrefix("=") && !exact.contains($0.selector) }) {
            // msgid and msgid_plural would hide the source's exact case from the translator.
            notes.append("\(u.id): the source's case \(extra.selector) has no gettext form here: kept in ICU form.")
            return nil
        }
        func text(_ cases: [(selector: String, text: String)], _ selector: String) -> String? {
            cases.first { $0.selector == selector }?.text ?? cases.first { $0.selector == "other" }?.text
        }
        var forms: [String] = Array(repeating: "", count: count)
        if let target = u.target {
            guard let t = cases(target), t.argument == source.argument else {
                notes.append("\(u.id): the translation is not one plural over {\(source.argument)}: kept in ICU form.")
                return nil
            }
            if let extra = t.cases.first(where: { $0.selector.hasPrefix("=") && !exact.contains($0.selector) }) {
                notes.append("\(u.id): the case \(extra.selector) has no gettext form here: kept in ICU form.")
                return nil
            }
            for i in 0..<count {
                let selectors = mapping.exact.filter { $0.form == i }.map { "=\($0.number)" } + mapping.categories.filter { $0.form == i }.map(\.category)
                let texts = Set(selectors.compactMap { text(t.cases, $0) })
                guard texts.count == 1, let form = texts.first else {
                    notes.append("\(u.id): \(selectors.joined(separator: ", ")) share gettext form \(i) but have different texts: kept in ICU form.")
                    return nil
                }
                guard let gettext = plain(form, inPluralOf: source.argument) else {
                    notes.append("\(u.id): the case of gettext form \(i) has no gettext text that reads back the same: kept in ICU form.")
                    return nil
                }
                forms[i] = gettext
            }
        }
        guard let one = plain(text(source.cases, "one") ?? "", inPluralOf: source.argument),
            let other = plain(text(source.cases, "other") ?? "", inPluralOf: source.argument)
        else {
            notes.append("\(u.id): the source's cases have no gettext text that reads back the same: kept in ICU form.")
            return nil
        }
        var out = "msgid \(quote(one))\n"
        out += "msgid_plural \(quote(other))\n"
        for (i, f) in forms.enumerated() { out += "msgstr[\(i)] \(quote(f))\n" }
        return out
    }

    /// A PO string: one line, or `""` and one line per `\n`-ended piece.
    static func quote(_ s: String) -> String {
        let pieces = s.split(separator: "\n", omittingEmptySubsequences: false)
        func q(_ piece: Substring, newline: Bool) -> String {
            var out = "\""
            for scalar in piece.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case "\"": out += "\\\""
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        out += "\\" + String(repeating: "0", count: 3 - String(scalar.value, radix: 8).count) + String(scalar.value, radix: 8)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + (newline ? "\\n\"" : "\"")
        }
        if pieces.count == 1 { return q(pieces[0], newline: false) }
        var lines = ["\"\""]
        for (i, p) in pieces.enumerated() where !(i == pieces.count - 1 && p.isEmpty) {
            lines.append(q(p, newline: i < pieces.count - 1))
        }
        return lines.joined(separator: "\n")
    }

    /// Reads a PO file.
    /// - Parameters:
    ///   - catalog: gives the argument a `msgid_plural` entry's forms vary on (the source text must
    ///     be one plural over it).
    ///   - locale: `--locale`, for the CLDR categories when the header names no language.
    static func read(_ bytes: [UInt8], path: String, catalog: LocalizedCatalog, locale: String?) -> ImportedFile {
        let invalid = InvalidUTF8.sequences(in: bytes)
        if !invalid.isEmpty {
            return ImportedFile(
                units: [],
                errors: invalid.map {
                    Diagnostic(
                        file: path, line: $0.line, column: $0.column, unitID: nil,
                        message: "\($0.description) (save the file as UTF-8; msgtool writes Content-Type: charset=UTF-8).")
                })
        }
        var reader = POReader(path: path, catalog: catalog, fallbackLocale: locale)
        reader.read(bytes)
        var file = ImportedFile(units: [(reader.locale, reader.units)], errors: reader.errors, refused: reader.refused)
        file.warnings = reader.warnings
        return file
    }
}

/// A line-based PO reader (entries, continuation strings, flags, plural forms; obsolete `#~`
/// entries skipped).
private struct POReader {
    let path: String
    let catalog: LocalizedCatalog
    let fallbackLocale: String?
    var errors: [Diagnostic] = []
    var refused: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    var units: [ImportedUnit] = []
    var locale: String?
    private var pluralForms: (header: String, line: Int, column: Int)?
    /// Where the header's Plural-Forms line is, for messages about it.
    private var pluralFormsAt: (line: Int, column: Int)?
    private var mapping: Result<(mapping: GettextPlurals.Mapping, count: Int), GettextPlurals.Problem>?

    private struct Entry {
        var context: String?, id: String?, str: String?
        var plural: String?
        var forms: [Int: String] = [:]
        /// Where each `msgstr[N]` is (its string's first character).
        var formPlaces: [Int: (line: Int, column: Int)] = [:]
        var fuzzy = false
        /// Flagged `icu-message-format`: the texts are ICU, not gettext text.
        var icu = false
        var line = 0, strLine = 0, strColumn = 1
        var started: Int?
        var field: String?
    }
    private var entry = Entry()

    init(path: String, catalog: LocalizedCatalog, fallbackLocale: String?) {
        self.path = path
        self.catalog = catalog
        self.fallbackLocale = fallbackLocale
    }

    private mutating func fail(_ line: Int, _ column: Int, _ message: String) {
        errors.append(Diagnostic(file: path, line: line, column: column, unitID: nil, message: message))
    }

    /// Reads the file a line at a time: each line is made a String when it is read, so a large
    /// file is never held as a second copy of itself (or as an array of its lines).
    mutating func read(_ bytes: [UInt8]) {
        var start = 0
        var n = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            n += 1
            let raw = Substring(String(decoding: bytes[start..<end], as: UTF8.self))
            var line = raw
            start = end + 1
            if line.last == "\r" { line = line.dropLast() }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { finish(); continue }
            if trimmed.hasPrefix("#~") { continue }
            if trimmed.hasPrefix("#") {
                if entry.id != nil || entry.str != nil { finish() }
                if entry.started == nil { entry.started = n }
                if trimmed.hasPrefix("#,") {
                    let flags = trimmed.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    if flags.contains("fuzzy") { entry.fuzzy = true }
                    if flags.contains(POFormat.icuFlag) { entry.icu = true }
                }
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard let field = entry.field else { fail(n, 1, "a string continues no msgctxt, msgid or msgstr."); continue }
                guard let s = string(trimmed, line: n, column: raw.count - trimmed.count + 1) else { continue }
                if field == "msgstr", entry.context == nil, entry.id == "", s.hasPrefix("Plural-Forms:") {
                    pluralFormsAt = (n, raw.count - trimmed.count + 2)
                }
                append(s, to: field)
                continue
            }
            let keyword = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
            let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            let column = raw.count - rest.count + 1
            switch keyword {
            case "msgctxt", "msgid":
                if entry.id != nil || entry.str != nil { finish() }
                if entry.started == nil { entry.started = n }
                if entry.line == 0 { entry.line = n }
                guard let s = string(rest, line: n, column: column) else { continue }
                entry.field = String(keyword)
                if keyword == "msgctxt" { entry.context = s } else { entry.id = s }
            case "msgstr":
                guard let s = string(rest, line: n, column: column) else { continue }
                entry.field = "msgstr"
                entry.str = s
                entry.strLine = n
                entry.strColumn = column + 1
            case "msgid_plural":
                guard let s = string(rest, line: n, column: column) else { continue }
                entry.field = "msgid_plural"
                entry.plural = s
            default:
                if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(index) {
                    guard let s = string(rest, line: n, column: column) else { continue }
                    entry.field = String(keyword)
                    entry.forms[index] = s
                    entry.formPlaces[index] = (n, column + 1)
                    if entry.strLine == 0 { entry.strLine = n; entry.strColumn = column + 1 }
                } else {
                    fail(
                        n, raw.count - trimmed.count + 1,
                        "unexpected '\(keyword.prefix(20))': a PO entry has comments (#), msgctxt, msgid, msgid_plural, msgstr and msgstr[N] lines.")
                }
            }
        }
        finish(atEnd: true)
    }

    private mutating func append(_ s: String, to field: String) {
        switch field {
        case "msgctxt": entry.context = (entry.context ?? "") + s
        case "msgid": entry.id = (entry.id ?? "") + s
        case "msgid_plural": entry.plural = (entry.plural ?? "") + s
        case "msgstr": entry.str = (entry.str ?? "") + s
        default:
            if let index = Int(field.dropFirst(7).dropLast()) { entry.forms[index, default: ""] += s }
        }
    }

    private mutating func finish(atEnd: Bool = false) {
        defer { entry = Entry() }
        guard let started = entry.started else { return }
        if entry.plural != nil || !entry.forms.isEmpty {
            finishPlural(started)
            return
        }
        guard let id = entry.id, let str = entry.str else {
            if entry.id != nil || entry.context != nil || atEnd {
                fail(started, 1, "this entry has no \(entry.id == nil ? "msgid" : "msgstr")\(atEnd ? " (the file may be truncated)" : "").")
            }
            return
        }
        if entry.context == nil && id.isEmpty {
            // The header: read the language.
            for line in str.split(separator: "\n") {
                if line.hasPrefix("Language:") { locale = line.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces) }
                if line.hasPrefix("Plural-Forms:") {
                    pluralForms = (
                        line.dropFirst("Plural-Forms:".count).trimmingCharacters(in: .whitespaces), pluralFormsAt?.line ?? started, pluralFormsAt?.column ?? 1
                    )
                }
            }
            return
        }
        guard let context = entry.context else {
            fail(entry.line, 1, "an entry without msgctxt: msgctxt holds the unit id (reminder.achievement.title.gentle.2).")
            return
        }
        if str.isEmpty { return }  // not translated
        var text = str
        var source: String? = id
        if !entry.icu {
            let su = sourceUnit(context)
            let declarations = su.flatMap { catalog.sourceMessage($0.key)?.arguments } ?? []
            let texts = su.flatMap { catalog.sourceMessage($0.key)?.units.map(\.text) } ?? []
            do {
                text = try PlainText.icu(str, printf: true, declarations: declarations, sourceTexts: texts)
            } catch {
                refused.append(Diagnostic(file: path, line: entry.strLine, column: entry.strColumn, unitID: context, message: error.message))
                return
            }
            source = try? PlainText.icu(id, printf: true, declarations: declarations, sourceTexts: texts)
            // The catalog's own spelling of the same source: the unit is not translated from an older one.
            if let s = source, let su, s != su.text, PatternPrinter.equivalent(s, su.text) { source = su.text }
        }
        units.append(ImportedUnit(id: context, text: text, source: source, reviewed: !entry.fuzzy, line: entry.strLine, column: entry.strColumn))
    }

    /// The source units by id, made at the first lookup.
    private var sourceUnits: [String: CatalogUnit]? = nil

    private mutating func sourceUnit(_ id: String) -> CatalogUnit? {
        if sourceUnits == nil {
            var byID: [String: CatalogUnit] = [:]
            for u in catalog.source.units where byID[u.id] == nil { byID[u.id] = u }
            sourceUnits = byID
        }
        return sourceUnits?[id]
    }

    /// A `msgid_plural` entry: its `msgstr[N]` forms become one ICU plural over the argument the
    /// source text is a plural of, by the file's `Plural-Forms` and the locale's CLDR categories.
    private mutating func finishPlural(_ started: Int) {
        let line = entry.strLine > 0 ? entry.strLine : started
        let column = entry.strLine > 0 ? entry.strColumn : 1
        guard let context = entry.context else {
            fail(entry.line, 1, "an entry without msgctxt: msgctxt holds the unit id (reminder.achievement.title.gentle.2).")
            return
        }
        func refuse(_ message: String) { refused.append(Diagnostic(file: path, line: line, column: column, unitID: context, message: message)) }
        guard entry.id != nil, entry.plural != nil, !entry.forms.isEmpty else {
            fail(started, 1, "\(context): a plural entry needs msgid, msgid_plural and msgstr[0] … msgstr[N-1].")
            return
        }
        if entry.forms.values.allSatisfy(\.isEmpty) { return }  // not translated
        guard let pluralForms else {
            return refuse("msgid_plural needs the header's Plural-Forms (nplurals=…; plural=…;) to know which form is which: let your tool write it.")
        }
        if mapping == nil {
            let tag = locale ?? fallbackLocale ?? ""
            do {
                let rules = try GettextPlurals(header: pluralForms.header)
                let m = try rules.mapping(locale: tag)
                mapping = .success((m, rules.count))
                warnings += m.remarks.map { Diagnostic(file: path, line: pluralForms.line, column: pluralForms.column, unitID: nil, message: "\($0).") }
            } catch {
                mapping = .failure(error)
                errors.append(Diagnostic(file: path, line: pluralForms.line, column: pluralForms.column, unitID: nil, message: "\(error.message)"))
            }
        }
        guard case .success(let (m, nplurals))? = mapping else { return }
        // A form past nplurals would be dropped: refused at its own line.
        if let extra = entry.forms.keys.filter({ $0 >= nplurals }).min(), let place = entry.formPlaces[extra] {
            refused.append(
                Diagnostic(
                    file: path, line: place.line, column: place.column, unitID: context,
                    message:
                        "msgstr[\(extra)] is past the header's nplurals=\(nplurals) (forms msgstr[0] … msgstr[\(nplurals - 1)]), so no number would ever show it: remove it, or fix the Plural-Forms header."
                ))
            return
        }
        let count = (m.categories.map(\.form) + m.exact.map(\.form)).max().map { $0 + 1 } ?? 0
        let missing = (0..<count).filter { entry.forms[$0] == nil }
        if !missing.isEmpty {
            return refuse(
                "msgstr[\(missing.map(String.init).joined(separator: "], msgstr["))] missing: the Plural-Forms header has \(count) forms; write each.")
        }
        // An empty form would be an empty case: the numbers it stands for would show nothing.
        if let empty = (0..<count).first(where: { entry.forms[$0]?.isEmpty == true }) {
            let place = entry.formPlaces[empty] ?? (line, column)
            let numbers = m.categories.filter { $0.form == empty }.map(\.category) + m.exact.filter { $0.form == empty }.map { "=\($0.number)" }
            refused.append(
                Diagnostic(
                    file: path, line: place.line, column: place.column, unitID: context,
                    message:
                        "msgstr[\(empty)] is empty, so \(numbers.isEmpty ? "its numbers" : "the case" + (numbers.count == 1 ? " " : "s ") + numbers.joined(separator: ", ")) would show nothing: translate it (a draft your tool left unfinished?), or leave every form empty to keep the unit untranslated."
                ))
            return
        }
        guard let su = sourceUnit(context),
            let p = try? MessagePattern(su.text), p.nodes.count == 1, case .argument(let a) = p.nodes[0], case .plural(let pl) = a.type, !pl.ordinal
        else {
            return refuse(
                "msgid_plural: the source text of this unit is not one plural over an argument ({n, plural, …}), so gettext forms cannot stand for it: write the ICU text in msgstr."
            )
        }
        // Each form is gettext text (its number %d, or # in a form without one), unless the entry
        // is flagged ICU.
        var forms: [Int: String] = [:]
        let declarations = catalog.sourceMessage(su.key)?.arguments ?? []
        let texts = catalog.sourceMessage(su.key)?.units.map(\.text) ?? []
        for (form, value) in entry.forms.sorted(by: { $0.key < $1.key }) {
            if entry.icu { forms[form] = value; continue }
            do {
                forms[form] = try PlainText.icu(value, printf: true, pluralArgument: a.name, declarations: declarations, sourceTexts: texts)
            } catch {
                let place = entry.formPlaces[form] ?? (line, column)
                refused.append(Diagnostic(file: path, line: place.line, column: place.column, unitID: context, message: "msgstr[\(form)]: \(error.message)"))
                return
            }
        }
        var text = "{\(a.name), plural,"
        for e in m.exact { text += " =\(e.number) {\(forms[e.form]!)}" }
        for (category, form) in m.categories { text += " \(category) {\(forms[form]!)}" }
        text += "}"
        units.append(ImportedUnit(id: context, text: text, source: nil, reviewed: !entry.fuzzy, line: line, column: column))
    }

    /// A quoted PO string with C escapes.
    private mutating func string(_ s: Substring, line: Int, column: Int) -> String? {
        guard s.first == "\"" else { fail(line, column, "expected a string in double quotes."); return nil }
        var out = ""
        var i = s.index(after: s.startIndex)
        var col = column + 1
        while i < s.endIndex {
            let c = s[i]
            if c == "\"" {
                let tail = s[s.index(after: i)...].trimmingCharacters(in: .whitespaces)
                if !tail.isEmpty { fail(line, col + 1, "text after the closing quote."); return nil }
                return out
            }
            if c == "\\" {
                let j = s.index(after: i)
                guard j < s.endIndex else { break }
                switch s[j] {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "\\": out += "\\"
                case "\"": out += "\""
                case "a": out += "\u{07}"
                case "b": out += "\u{08}"
                case "f": out += "\u{0C}"
                case "v": out += "\u{0B}"
                case "0"..."7":
                    var k = j, v: UInt32 = 0, digits = 0
                    while k < s.endIndex, digits < 3, let d = s[k].wholeNumberValue, d < 8 { v = v * 8 + UInt32(d); k = s.index(after: k); digits += 1 }
                    out.unicodeScalars.append(Unicode.Scalar(v) ?? "?")
                    col += 1 + digits
                    i = k
                    continue
                default:
                    fail(line, col, "unknown escape '\\\(s[j])' (use \\n, \\t, \\\\ or \\\")."); return nil
                }
                i = s.index(after: j); col += 2
                continue
            }
            out.append(c)
            i = s.index(after: i); col += 1
        }
        fail(line, column, "this string is never closed with \" (the file may be truncated).")
        return nil
    }
}
