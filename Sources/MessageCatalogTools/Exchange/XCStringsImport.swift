import ToolkitSupport
import ToolkitJSON
import MessageCatalog
/// Reading a String Catalog back into ICU texts (see `XCStringsFormat` for the mapping).
extension XCStringsFormat {
    static let versions: Set<String> = ["1.0", "1.1"]
    /// The most locales one String Catalog may hold (CLDR has about 700).
    static let maxLocales = 1_000

    /// Reads a String Catalog; the catalog gives argument numbers and spellings.
    static func read(_ bytes: [UInt8], path: String, catalog: LocalizedCatalog) -> ImportedFile {
        func problem(_ pos: JSONPosition, _ message: String, unit: String? = nil) -> Diagnostic {
            Diagnostic(file: path, line: pos.line, column: pos.column, unitID: unit, message: message)
        }
        let invalid = InvalidUTF8.sequences(in: bytes)
        if !invalid.isEmpty {
            return ImportedFile(
                units: [],
                errors: invalid.map {
                    Diagnostic(file: path, line: $0.line, column: $0.column, unitID: nil, message: "\($0.description); save the file as UTF-8.")
                })
        }
        var sourceUnits: [String: CatalogUnit] = [:]
        for u in catalog.source.units { sourceUnits[u.id] = u }
        var byLocale: [(locale: String?, units: [ImportedUnit])] = []
        // Each locale's place in byLocale: finding it stays constant time however many locales.
        var localeIndex: [String: Int] = [:]
        var refused: [Diagnostic] = []
        var tooManyLocales: Diagnostic? = nil
        var duplicates = StreamedDuplicateKeys()
        // Each entry of "strings" is read as the parser reaches it: the file is never a whole tree.
        func read(_ entry: JSONMember) {
            duplicates.add(entry)
            guard tooManyLocales == nil else { return }
            if entry.value.member("shouldTranslate").map({ $0.value == .bool(false) }) == true { return }
            guard let su = sourceUnits[entry.key] else {
                refused.append(problem(entry.keyPosition, "not a unit of \(catalog.sourceLocale).json (an export from another version?).", unit: entry.key))
                return
            }
            let localizations = entry.value.member("localizations")?.objectMembers ?? []
            var sourceText: String? = nil
            if let sl = localizations.first(where: { $0.key == catalog.sourceLocale }),
                let converted = try? toICU(sl.value, unit: su, locale: catalog.sourceLocale, catalog: catalog)
            {
                let icu = converted.text
                sourceText = PatternPrinter.equivalent(icu, su.text) ? su.text : icu
            }
            for l in localizations where l.key != catalog.sourceLocale {
                do {
                    guard let r = try toICU(l.value, unit: su, locale: l.key, catalog: catalog) else { continue }
                    let unit = ImportedUnit(
                        id: su.id, text: r.text, source: sourceText, reviewed: r.reviewed,
                        line: l.value.position.line, column: l.value.position.column)
                    if let i = localeIndex[l.key] { byLocale[i].units.append(unit); continue }
                    guard byLocale.count < maxLocales else {
                        tooManyLocales = problem(
                            l.keyPosition,
                            "the file has more than \(maxLocales) locales (\"\(l.key)\" is one too many): CLDR itself has fewer; this is not a catalog export. Nothing was imported."
                        )
                        return
                    }
                    localeIndex[l.key] = byLocale.count
                    byLocale.append((l.key, [unit]))
                } catch {
                    refused.append(problem(error.position ?? l.value.position, "(\(l.key)) \(error.message)", unit: su.id))
                }
            }
        }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes: bytes, streamingMembersOf: "strings", read) } catch {
            return ImportedFile(units: [], errors: [problem(error.position, "invalid JSON: \(error.message) Nothing was imported.")])
        }
        var errors: [Diagnostic] = duplicates.all(in: root, streamedKey: "strings").map {
            problem($0.keyPosition, "the key \"\($0.key)\" appears twice in one object: keep one.")
        }
        guard root.objectMembers != nil, root.member("strings")?.objectMembers != nil else {
            return ImportedFile(units: [], errors: [problem(root.position, "not a String Catalog: it needs \"sourceLanguage\", \"strings\" and \"version\".")])
        }
        let version = root.member("version")?.stringValue ?? ""
        if !versions.contains(version) {
            errors.append(
                problem(
                    root.member("version")?.position ?? root.position,
                    "String Catalog version \"\(version)\" is not supported (1.0 and 1.1 are)."))
        }
        let sourceLanguage = root.member("sourceLanguage")?.stringValue ?? ""
        if sourceLanguage != catalog.sourceLocale {
            errors.append(
                problem(
                    root.member("sourceLanguage")?.position ?? root.position,
                    "the catalog's sourceLanguage is \"\(sourceLanguage)\"; these catalogs translate from \"\(catalog.sourceLocale)\"."))
        }
        if let tooManyLocales { return ImportedFile(units: [], errors: errors + [tooManyLocales]) }
        return ImportedFile(units: byLocale, errors: errors, refused: refused)
    }

    /// One localization as ICU text, or nil when it holds no translation (`new`, empty).
    ///
    /// The unit's state comes from every string unit it holds (the localization's own, each
    /// plural case's, each substitution case's): one `needs_review` (or `new`, `stale`) and the
    /// whole unit needs review; otherwise `translated` anywhere makes it reviewed.
    static func toICU(_ node: JSONNode, unit: CatalogUnit, locale: String, catalog: LocalizedCatalog) throws(Unsupported) -> (text: String, reviewed: Bool?)? {
        let declarations = catalog.sourceMessage(unit.key)?.arguments ?? []
        let builder = ICUBuilder(unit: unit, locale: locale, catalog: catalog, declarations: declarations)
        var states: [Bool?] = []
        func note(_ stringUnit: JSONNode?) {
            switch stringUnit?.member("state")?.stringValue {
            case "translated"?: states.append(true)
            case "needs_review"?, "new"?, "stale"?: states.append(false)
            default: states.append(nil)
            }
        }
        var reviewed: Bool? { states.contains(false) ? false : states.contains(true) ? true : nil }
        if node.member("stringSet") != nil {
            throw Unsupported(
                message:
                    "a stringSet (a list of alternative strings, as App Shortcuts phrases use) has no ICU form: these catalogs hold one text per unit; give it a stringUnit."
            )
        }
        if let variations = node.member("variations") {
            if let device = variations.member("device") {
                let kinds = (device.objectMembers ?? []).map(\.key).joined(separator: ", ")
                throw Unsupported(
                    message:
                        "device variations (\(kinds)) have no ICU form: a unit here has one text for every device; keep one text (a stringUnit) or plural variations."
                )
            }
            guard let plural = variations.member("plural")?.objectMembers, variations.objectMembers?.count == 1 else {
                let kinds = (variations.objectMembers ?? []).map(\.key).joined(separator: ", ")
                throw Unsupported(message: "'\(kinds)' variations have no ICU form; only plural variations do.")
            }
            var cases: [(String, [Token])] = []
            for c in plural {
                try checkCategory(c)
                guard let su = c.value.member("stringUnit"), let value = su.member("value"), let v = value.stringValue else {
                    throw Unsupported(message: "the plural case '\(c.key)' has no stringUnit value.", position: c.keyPosition)
                }
                note(su)
                cases.append((c.key, try tokens(v, inSubstitution: false, at: value.position)))
            }
            if cases.allSatisfy({ $0.1.isEmpty }) { return nil }
            let text = try builder.topLevelPlural(cases)
            return (text, reviewed)
        }
        guard let su = node.member("stringUnit"), let value = su.member("value")?.stringValue else {
            throw Unsupported(message: "a localization needs a stringUnit with a value, or plural variations.")
        }
        if value.isEmpty { return nil }
        note(su)
        var substitutions: [String: (argNum: Int?, cases: [(String, [Token])])] = [:]
        for s in node.member("substitutions")?.objectMembers ?? [] {
            var argNum: Int? = nil
            if let n = s.value.member("argNum") {
                guard case .number(let lit) = n.value, let v = Int(lit) else {
                    throw Unsupported(message: "the substitution '\(s.key)' has an argNum that is not a whole number.")
                }
                argNum = v
            }
            if let device = s.value.member("variations")?.member("device") {
                let kinds = (device.objectMembers ?? []).map(\.key).joined(separator: ", ")
                throw Unsupported(message: "the substitution '\(s.key)' has device variations (\(kinds)), which have no ICU form.")
            }
            guard let plural = s.value.member("variations")?.member("plural")?.objectMembers else {
                throw Unsupported(message: "the substitution '\(s.key)' has no plural variations.")
            }
            var cases: [(String, [Token])] = []
            for c in plural {
                try checkCategory(c)
                guard let csu = c.value.member("stringUnit"), let value = csu.member("value"), let v = value.stringValue else {
                    throw Unsupported(message: "the case '\(c.key)' of '\(s.key)' has no stringUnit value.", position: c.keyPosition)
                }
                note(csu)
                cases.append((c.key, try tokens(v, inSubstitution: true, at: value.position)))
            }
            substitutions[s.key] = (argNum, cases)
        }
        let text = try builder.text(try tokens(value, inSubstitution: false), substitutions: substitutions)
        return (text, reviewed)
    }

    // MARK: printf

    enum Token: Equatable {
        case literal(String)
        /// `%N$spec` or `%spec` (argument nil: the next one in order); `object`: `%@`, a value
        /// the app passes formatted (a styled number stays its ICU form, never `#`).
        case argument(Int?, object: Bool = false)
        /// `%#@name@` (argument nil) or `%N$#@name@`.
        case substitution(String, Int?)
        /// `%arg`, the number of the substitution it sits in.
        case substitutionNumber
    }

    /// A plural case's key is a CLDR category: reported at the key, not at its localization.
    private static func checkCategory(_ c: JSONMember) throws(Unsupported) {
        guard categories.contains(c.key) else {
            throw Unsupported(message: "'\(c.key)' is not a plural category (zero, one, two, few, many, other): rename the case.", position: c.keyPosition)
        }
    }

    /// ``tokens(_:inSubstitution:)``, a problem reported at the string's place in the file.
    private static func tokens(_ s: String, inSubstitution: Bool, at position: JSONPosition) throws(Unsupported) -> [Token] {
        do { return try tokens(s, inSubstitution: inSubstitution) } catch {
            throw Unsupported(message: error.message, position: position)
        }
    }

    /// Splits a printf-style string into literal text and specifiers.
    static func tokens(_ s: String, inSubstitution: Bool) throws(Unsupported) -> [Token] {
        var out: [Token] = []
        var literal = ""
        let chars = Array(s.unicodeScalars)
        var i = 0
        func flush() { if !literal.isEmpty { out.append(.literal(literal)); literal = "" } }
        while i < chars.count {
            let c = chars[i]
            guard c == "%" else { literal.unicodeScalars.append(c); i += 1; continue }
            var j = i + 1
            guard j < chars.count else { throw Unsupported(message: "a lone % at the end of the text (write %% for a percent sign).") }
            if chars[j] == "%" { literal += "%"; i = j + 1; continue }
            if inSubstitution, j + 2 < chars.count, String(String.UnicodeScalarView(chars[j...j + 2])) == "arg" {
                flush(); out.append(.substitutionNumber); i = j + 3; continue
            }
            var position: Int? = nil
            var digits = ""
            while j < chars.count, chars[j].properties.numericType != nil, chars[j].isASCII { digits.unicodeScalars.append(chars[j]); j += 1 }
            if j < chars.count, chars[j] == "$", let n = Int(digits) { position = n; j += 1 } else { j = i + 1 }
            if j < chars.count, chars[j] == "#", j + 1 < chars.count, chars[j + 1] == "@" {
                guard let end = chars[(j + 2)...].firstIndex(of: "@") else { throw Unsupported(message: "a %#@name@ reference is never closed.") }
                flush(); out.append(.substitution(String(String.UnicodeScalarView(chars[(j + 2)..<end])), position)); i = end + 1; continue
            }
            // flags, width, precision, length, conversion
            while j < chars.count, "-+ 0#'".unicodeScalars.contains(chars[j]) { j += 1 }
            while j < chars.count, chars[j].isASCII, chars[j].properties.numericType != nil { j += 1 }
            if j < chars.count, chars[j] == "." { j += 1; while j < chars.count, chars[j].isASCII, chars[j].properties.numericType != nil { j += 1 } }
            while j < chars.count, "hlqLzjt".unicodeScalars.contains(chars[j]) { j += 1 }
            guard j < chars.count, "@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars.contains(chars[j]) else {
                throw Unsupported(
                    message:
                        "'\(String(String.UnicodeScalarView(chars[i..<min(j + 1, chars.count)])))' is not a format specifier this catalog understands (%@, %lld, %1$@…; %% for a percent sign)."
                )
            }
            flush(); out.append(.argument(position, object: chars[j] == "@")); i = j + 1
        }
        flush()
        return out
    }
}

/// Builds ICU text from tokens, with the argument spellings the catalog already uses.
private struct ICUBuilder {
    let unit: CatalogUnit
    let locale: String
    let catalog: LocalizedCatalog
    let declarations: [ArgumentDeclaration]
    typealias Token = XCStringsFormat.Token
    typealias Unsupported = XCStringsFormat.Unsupported

    private static let order = ["zero", "one", "two", "few", "many", "other"]

    func name(_ n: Int) throws(Unsupported) -> String {
        guard n >= 1, n <= declarations.count else {
            throw Unsupported(
                message: "argument %\(n)$ does not exist: '\(unit.key)' declares \(declarations.count) argument\(declarations.count == 1 ? "" : "s").")
        }
        return declarations[n - 1].name
    }

    /// How the catalog writes an argument: as the locale's text writes it, else as a source
    /// text of the message does, else `{name}`.
    func template(_ name: String) -> String {
        var texts: [String] = []
        // By the message's key (indexed), not a scan of every unit: linear in the catalog's size.
        if let t = catalog.files[locale]?.message(unit.key)?.units.first(where: { $0.id == unit.id }) { texts.append(t.text) }
        texts += (catalog.source.message(unit.key)?.units ?? []).map(\.text)
        return PatternPrinter.spelling(of: name, in: texts)
    }

    /// Literal text and arguments; inside a plural case, the plural's own number is `#`.
    func pieces(_ tokens: [Token], pluralArg: Int?, next: inout Int) throws(Unsupported) -> String {
        var out = ""
        for t in tokens {
            switch t {
            case .literal(let s): PatternPrinter.quote(s, inPlural: pluralArg != nil, into: &out)
            case .substitutionNumber:
                guard pluralArg != nil else { throw Unsupported(message: "%arg outside a substitution.") }
                out += "#"
            case .argument(let p, let object):
                let n = p ?? next
                if p == nil { next += 1 }
                out += n == pluralArg && !object ? "#" : template(try name(n))
            case .substitution(let s, _):
                throw Unsupported(message: "%#@\(s)@ inside a plural case: a String Catalog substitution cannot nest.")
            }
        }
        return out
    }

    /// A plural over argument `pluralArg`. Apple's `zero` is `=0` where the locale's CLDR rules
    /// have no `zero` (Xcode offers it in every language, and Apple selects it for 0 there).
    func plural(_ name: String, _ cases: [(String, [Token])], pluralArg: Int) throws(Unsupported) -> String {
        var sorted = cases
        sorted.sort { (Self.order.firstIndex(of: $0.0) ?? 9) < (Self.order.firstIndex(of: $1.0) ?? 9) }
        let zeroIsExact = XCStringsFormat.zeroIsExact(locale: locale)
        var out = "{\(name), plural,"
        for (category, tokens) in sorted {
            guard Self.order.contains(category) else { throw Unsupported(message: "'\(category)' is not a plural category.") }
            var next = 1
            out += " \(category == "zero" && zeroIsExact ? "=0" : category) {\(try pieces(tokens, pluralArg: pluralArg, next: &next))}"
        }
        return out + "}"
    }

    /// Plural variations over the whole text.
    func topLevelPlural(_ cases: [(String, [Token])]) throws(Unsupported) -> String {
        var argNum: Int? = nil
        for (_, tokens) in cases {
            var next = 1
            for t in tokens { if case .argument(let p, _) = t { argNum = argNum ?? p ?? next; if p == nil { next += 1 } } }
        }
        if argNum == nil, let p = try? MessagePattern(unit.text), p.nodes.count == 1, case .argument(let a) = p.nodes[0],
            let i = declarations.firstIndex(where: { $0.name == a.name })
        {
            argNum = i + 1
        }
        guard let argNum else { throw Unsupported(message: "plural variations that never show the number: say which argument they vary on with %lld.") }
        return try plural(name(argNum), cases, pluralArg: argNum)
    }

    /// The text with its substitutions. A substitution without `argNum` takes the argument its
    /// `%#@name@` stands at, counting format specifiers in order of appearance as printf does
    /// (`%N$#@name@` names it). This is how Foundation reads a format string from a stringsdict,
    /// which Xcode compiles a String Catalog to: a `%#@name@` variable in `NSStringLocalizedFormatKey`
    /// is one specifier and consumes the next argument of `String(format:)` (Apple's stringsdict
    /// format; e.g. `%#@num_files_are@ selected` takes the first argument). Verified in that
    /// documentation and in stringsdict files written by Xcode, not by running Xcode here (no macOS).
    func text(_ tokens: [Token], substitutions: [String: (argNum: Int?, cases: [(String, [Token])])]) throws(Unsupported) -> String {
        var out = ""
        var next = 1
        var literal: [Token] = []
        func flushLiteral() throws(Unsupported) {
            var n = next
            out += try pieces(literal, pluralArg: nil, next: &n)
            next = n
            literal = []
        }
        for t in tokens {
            if case .substitution(let s, let position) = t {
                try flushLiteral()
                guard let sub = substitutions[s] else { throw Unsupported(message: "%#@\(s)@ names no substitution.") }
                let argNum = sub.argNum ?? position ?? next
                out += try plural(name(argNum), sub.cases, pluralArg: argNum)
                if position == nil { next += 1 }
            } else {
                literal.append(t)
            }
        }
        try flushLiteral()
        return out
    }
}
