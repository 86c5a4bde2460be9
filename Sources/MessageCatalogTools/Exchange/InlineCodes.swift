import MessageCatalog

/// What the inline codes of an XLIFF unit (XLIFF 2 `<ph>`, `<pc>`, `<sc>`/`<ec>`; XLIFF 1.2
/// `<x/>`, `<g>`, `<ph>`, `<bx/>`/`<ex/>`, `<bpt>`/`<ept>`, `<it>`) stand for, for one unit.
///
/// A code whose `equiv`, `disp` (or, in XLIFF 1.2, `equiv-text` or a `<ph>`'s content) names an
/// argument of the unit's message becomes that argument, as the catalog writes it:
/// `{name}`, Angular's `{{ name }}`, a whole ICU argument (`{recordedOn, date, long}`), a bare
/// declared name, or a printf specifier (`%@`, `%2$@`, `%lld`), numbered as the String Catalog
/// export numbers arguments (by the order the source declares them). Paired formatting codes
/// (bold, links) keep the text they enclose and drop the code. A standalone code that names no
/// argument has no form in a notification's plain text: its unit is refused with the reason,
/// never imported with the code's name as a word.
struct InlineCodes {
    /// The declared arguments of the unit's message, in declaration order.
    let declarations: [ArgumentDeclaration]
    /// The source texts of the unit's message (for the spelling of an argument).
    let sourceTexts: [String]
    /// The message key, for messages.
    let key: String?
    /// The next printf argument number for a specifier without a position (`%@`).
    private var nextPrintf = 1

    /// The codes of one unit of `catalog` (nil id, or an id that is no unit: no arguments).
    init(unitID: String?, catalog: LocalizedCatalog?) {
        guard let unitID, let catalog, let su = Self.sourceUnit(unitID, in: catalog) else {
            declarations = []; sourceTexts = []; key = nil
            return
        }
        key = su.key
        declarations = catalog.sourceMessage(su.key)?.arguments ?? []
        sourceTexts = (catalog.source.message(su.key)?.units ?? []).map(\.text)
    }

    /// The source unit with this id, found through the message index (the key is a prefix of
    /// the id at a dot), not a scan of every unit.
    static func sourceUnit(_ id: String, in catalog: LocalizedCatalog) -> CatalogUnit? {
        var end = id.endIndex
        while let dot = id[..<end].lastIndex(of: ".") {
            if let m = catalog.source.message(String(id[..<dot])), let u = m.units.first(where: { $0.id == id }) { return u }
            end = dot
        }
        return nil
    }

    /// Starts a new text (source or target): printf specifiers without a position count from 1.
    mutating func startText() { nextPrintf = 1 }

    /// The ICU text of the argument the code's candidate texts name (tried in order), or nil.
    mutating func argument(_ candidates: [String?]) -> String? {
        for c in candidates.compactMap({ $0 }) { if let a = argument(c) { return a } }
        return nil
    }

    private mutating func argument(_ raw: String) -> String? {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return nil }
        // Angular's interpolation: {{ name }}.
        if value.hasPrefix("{{"), value.hasSuffix("}}"), value.count > 4 {
            let inner = value.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
            return declared(inner).map(spelling)
        }
        // ICU: {name} or a whole argument {name, date, long}.
        if value.hasPrefix("{"), let p = try? MessagePattern(value), p.nodes.count == 1, case .argument(let a) = p.nodes[0],
            declared(a.name) != nil
        {
            if case .none = a.type { return spelling(a.name) }
            return value
        }
        // printf: %@, %2$@, %lld.
        if value.hasPrefix("%"), let tokens = try? XCStringsFormat.tokens(value, inSubstitution: false), tokens.count == 1,
            case .argument(let position, _) = tokens[0]
        {
            let n = position ?? nextPrintf
            if position == nil { nextPrintf += 1 }
            guard n >= 1, n <= declarations.count else { return nil }
            return spelling(declarations[n - 1].name)
        }
        // A bare declared name.
        return declared(value).map(spelling)
    }

    private func declared(_ name: String) -> String? {
        declarations.contains { $0.name == name } ? name : nil
    }

    /// How the source writes the argument where it shows it as text (`{recordedOn, date, long}`),
    /// else `{name}`.
    private func spelling(_ name: String) -> String { PatternPrinter.spelling(of: name, in: sourceTexts) }

    /// Why a standalone code that names no argument refuses its unit.
    func refusal(_ code: String, _ attributes: [(String, String?)]) -> String {
        let shown = attributes.compactMap { k, v in v.map { "\(k)=\"\($0)\"" } }.joined(separator: " ")
        let names = declarations.isEmpty ? "it declares no argument" : "it declares \(declarations.map { "{\($0.name)}" }.joined(separator: ", "))"
        let said =
            shown.isEmpty
            ? "says neither what text it stands for (equiv) nor how it shows (disp)" : "(\(shown)) names no argument of '\(key ?? "?")' (\(names))"
        return
            "the inline code <\(code)> \(said): a notification shows plain text, so write the argument it replaced ({name}) as text, or have the tool export it with equiv or disp naming the argument."
    }
}

/// The elements open in an XLIFF file as a reader walks it, with their namespaces resolved
/// (`xmlns`, `xmlns:p`), so that a reader acts only on XLIFF's own elements where XLIFF puts
/// them: an element of another namespace (an extension, `<unit xmlns="urn:other">`) is skipped
/// with everything inside it, and a `<target>` counts only inside its segment or trans-unit
/// (not inside a `<note>` or an `<alt-trans>`).
struct XLIFFScope {
    private struct Element {
        let local: String
        let defaultNamespace: String?
        let prefixes: [String: String]
        let foreign: Bool
    }
    private var stack: [Element] = []
    /// The XLIFF namespace of the file's version; elements of no namespace count as XLIFF's.
    let core: String

    init(core: String) { self.core = core }

    /// Opens an element: its local name, and whether it (or an element around it) belongs to
    /// another namespace. The root is never foreign (the reader checks its namespace itself).
    mutating func push(_ qualified: String, attributes: [String: String]) -> (local: String, foreign: Bool) {
        let outer = stack.last
        var defaultNamespace = outer?.defaultNamespace
        var prefixes = outer?.prefixes ?? [:]
        for (name, value) in attributes {
            if name == "xmlns" { defaultNamespace = value } else if name.hasPrefix("xmlns:") { prefixes[String(name.dropFirst(6))] = value }
        }
        var local = qualified
        var namespace = defaultNamespace
        if let colon = qualified.firstIndex(of: ":") {
            local = String(qualified[qualified.index(after: colon)...])
            namespace = prefixes[String(qualified[..<colon])] ?? "?"
        }
        let foreign = !stack.isEmpty && ((outer?.foreign ?? false) || (namespace != nil && namespace != core))
        stack.append(Element(local: local, defaultNamespace: defaultNamespace, prefixes: prefixes, foreign: foreign))
        return (local, foreign)
    }

    /// Closes the innermost element: its local name and whether it was foreign.
    @discardableResult
    mutating func pop() -> (local: String, foreign: Bool) {
        guard let e = stack.popLast() else { return ("", false) }
        return (e.local, e.foreign)
    }

    /// Whether the innermost open element is foreign (its text is not XLIFF's).
    var inForeign: Bool { stack.last?.foreign ?? false }

    /// The local name of the element around the innermost one.
    var parent: String? { stack.count >= 2 ? stack[stack.count - 2].local : nil }
}
